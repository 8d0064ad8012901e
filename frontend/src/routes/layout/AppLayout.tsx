import { Outlet, ScrollRestoration } from 'react-router';
import { AttributionCapture } from '../../features/attribution';
import { CartProvider } from '../../features/cart';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteRules } from './RouteRules';

export function AppLayout() {
  return (
    // The cart lives inside the router: its add-to-cart modal links to /cart.
    <CartProvider>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <RouteRules />
        <AttributionCapture />
        <Header />
        <main id="main" className="app__main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <ScrollRestoration />
      </div>
    </CartProvider>
  );
}
