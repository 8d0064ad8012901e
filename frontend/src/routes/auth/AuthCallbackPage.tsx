import { Link, useSearchParams } from 'react-router';
import { buttonClassName, Spinner } from '../../ui';

/** Social sign-in returns here. Exchanging the code arrives with the identity issue. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const hasCode = params.has('code') && params.has('state');
  return (
    <section className="page page--narrow state-panel" aria-labelledby="auth-callback-title">
      <Spinner label="Completing sign-in" size={28} />
      <h1 id="auth-callback-title">Completing sign-in…</h1>
      <p className="muted">
        {hasCode
          ? 'We received your sign-in details, but signing in with Google or Apple is not available yet. Nothing has been saved.'
          : 'There is no sign-in to complete here.'}
      </p>
      <Link to="/" className={buttonClassName('primary')}>
        Back to home
      </Link>
    </section>
  );
}
