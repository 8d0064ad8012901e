import { Link } from 'react-router';
import { buttonClassName } from './Button';

/** Where to go next, as buttons in a row: the first is the main way (primary), the others secondary. */
export function LinkButtons({ links }: { links: { to: string; label: string }[] }) {
  return (
    <div className="row">
      {links.map((link, i) => (
        <Link key={link.to} to={link.to} className={buttonClassName(i === 0 ? 'primary' : 'secondary')}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
