import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClassName } from '../../ui';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An Error Occurred';
  return (
    <section className="page page--narrow state-panel" aria-labelledby="route-error-title">
      <h1 id="route-error-title">An Error Occurred</h1>
      <p className="muted">{message}</p>
      <Link className={buttonClassName('primary')} to="/">
        Back to home
      </Link>
    </section>
  );
}
