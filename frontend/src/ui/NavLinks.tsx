import { NavLink } from 'react-router';

export interface NavItem {
  to: string;
  label: string;
  /** Active only on this very path, not below it. */
  end?: boolean;
}

/** A nav's list of links; the current one gets `${linkClass}--active`. */
export function NavLinks({ links, linkClass }: { links: NavItem[]; linkClass: string }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.end}
            className={({ isActive }) => [linkClass, isActive && `${linkClass}--active`].filter(Boolean).join(' ')}
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
