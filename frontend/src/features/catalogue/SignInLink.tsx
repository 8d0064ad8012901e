import { useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthContext } from '../auth';

/**
 * "Sign in" that comes back to `returnTo` afterwards: opens the auth modal when the auth feature is
 * mounted (it keeps the address for after-login), otherwise links to '/?signin=1&redirect=…'.
 */
export function SignInLink({ returnTo, className, children }: { returnTo: string; className?: string; children: ReactNode }) {
  const auth = useContext(AuthContext);
  if (auth)
    return (
      <button type="button" className={className ?? 'link-button'} onClick={() => auth.requireSignIn(returnTo)}>
        {children}
      </button>
    );
  return (
    <Link to={`/?signin=1&redirect=${encodeURIComponent(returnTo)}`} className={className}>
      {children}
    </Link>
  );
}

/**
 * A link to a page that needs an account (checkout): signed-out visitors are asked to sign in first,
 * and land on the page afterwards (the after-login rules honour the stored redirect).
 */
export function AccountLink({
  to,
  className,
  children,
  onClick,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  /** Runs before the sign-in check (e.g. remembering what is being bought). */
  onClick?: () => void;
}) {
  const auth = useContext(AuthContext);
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        onClick?.();
        if (auth && !auth.signedIn) {
          event.preventDefault();
          auth.requireSignIn(to);
        }
      }}
    >
      {children}
    </Link>
  );
}
