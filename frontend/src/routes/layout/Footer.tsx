import { Link } from 'react-router';
import { Logo } from '../../ui';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo height={22} />
          <p className="site-footer__tagline">Online classes from great teachers, and a studio to build your own app.</p>
        </div>
        <nav aria-label="Legal" className="site-footer__links">
          <Link to="/terms">Terms</Link>
          <Link to="/privacy">Privacy</Link>
        </nav>
        <p className="site-footer__copy">© {new Date().getFullYear()} Sparkhouse</p>
      </div>
    </footer>
  );
}
