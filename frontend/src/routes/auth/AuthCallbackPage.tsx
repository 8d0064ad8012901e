import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../features/auth';
import { buttonClassName, Spinner, usePageTitle } from '../../ui';

/** Google/Apple sign-in returns here: the code is exchanged for a session, then the usual after-login rules apply. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const { completeSocialSignIn } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const hasAnswer = params.has('state') && (params.has('code') || params.has('error'));

  useEffect(() => {
    if (!hasAnswer || started.current) return;
    started.current = true;
    completeSocialSignIn(new URLSearchParams(params)).catch((e: unknown) =>
      setError(e instanceof Error ? e.message : 'Error signing in. Please try again.'),
    );
  }, [hasAnswer, params, completeSocialSignIn]);
  usePageTitle(!hasAnswer || error ? (error ? 'Sign-in did not complete' : 'Nothing to complete') : 'Completing sign-in');

  if (!hasAnswer || error) {
    return (
      <section className="page page--narrow state-panel" aria-labelledby="auth-callback-title">
        <h1 id="auth-callback-title">{error ? 'Sign-in did not complete' : 'Nothing to complete'}</h1>
        <p className={error ? 'inline-error' : 'muted'} role={error ? 'alert' : undefined}>
          {error ?? 'There is no sign-in to complete here.'}
        </p>
        <Link to="/" className={buttonClassName('primary')}>
          Back to home
        </Link>
      </section>
    );
  }
  return (
    <section className="page page--narrow state-panel" aria-labelledby="auth-callback-title" aria-busy="true">
      <Spinner label="Completing sign-in" size={28} />
      <h1 id="auth-callback-title">Completing sign-in…</h1>
      <p className="muted">One moment while we finish signing you in.</p>
    </section>
  );
}
