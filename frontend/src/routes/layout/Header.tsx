import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AccountMenu } from '../../features/user';
import { CartIcon } from '../../features/cart';
import { useConsoleAccess } from '../../features/operations';
import { ThemeToggle } from '../../features/theme';
import { CLOSE_PATH, Icon, Logo, NavLinks } from '../../ui';

const NAV = [
  { to: '/browse', label: 'Browse' },
  { to: '/library', label: 'Library' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/build', label: 'Build an app' },
];

/** The realtime status for console users: its code (and the socket's) loads only for them. */
const LiveIndicator = lazy(async () => ({ default: (await import('./LiveIndicator')).LiveIndicator }));

/** Only people with a role in the operations console see it in the menu. */
const OPERATIONS_NAV = { to: '/ops', label: 'Operations' };

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const { access } = useConsoleAccess();
  const nav = access.role ? [...NAV, OPERATIONS_NAV] : NAV;
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Sparkhouse home">
          <Logo title="Sparkhouse" />
        </Link>
        <nav aria-label="Main" id="main-nav" className={['site-nav', menuOpen && 'site-nav--open'].filter(Boolean).join(' ')}>
          <NavLinks links={nav} linkClass="site-nav__link" />
        </nav>
        <div className="site-header__actions">
          {access.role && (
            <Suspense fallback={null}>
              <LiveIndicator />
            </Suspense>
          )}
          <ThemeToggle />
          <CartIcon />
          <AccountMenu />
          <button
            type="button"
            className="icon-button site-header__menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon size={22}>
              <path d={menuOpen ? CLOSE_PATH : 'M4 7h16M4 12h16M4 17h16'} />
            </Icon>
          </button>
        </div>
      </div>
    </header>
  );
}
