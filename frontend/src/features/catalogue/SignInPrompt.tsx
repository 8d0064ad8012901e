import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../../ui';
import { SignInLink } from './SignInLink';

/** Shown instead of a page that needs an account; signing in comes back to this page. */
export function SignInPrompt({ title, reason }: { title: string; reason: string }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <section className="card sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <p className="eyebrow">Members only</p>
      <h2 id="sign-in-prompt-title">{title}</h2>
      <p className="muted">{reason}</p>
      <div className="row">
        <SignInLink returnTo={back} className={buttonClassName('primary')}>
          Sign in
        </SignInLink>
        <Link to="/browse" className={buttonClassName('secondary')}>
          Browse classes
        </Link>
      </div>
    </section>
  );
}
