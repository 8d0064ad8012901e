import { useLocation } from 'react-router';
import { LinkButtons, usePageTitle } from '../../ui';

export function NotFoundPage() {
  const { pathname } = useLocation();
  // the same title the server gives the page it answers 404 with
  usePageTitle('Page not found');
  return (
    <section className="page page--narrow state-panel" aria-labelledby="not-found-title">
      <p className="state-panel__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="muted">
        Nothing lives at <code>{pathname}</code>. Check the address, or head back home.
      </p>
      <LinkButtons primary={{ to: '/', label: 'Back to home' }} secondary={{ to: '/browse', label: 'Browse classes' }} />
    </section>
  );
}
