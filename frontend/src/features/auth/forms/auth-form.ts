import type { AuthServices } from '../auth-services';
import type { AuthSession } from '../auth-session';
import type { AuthView } from '../auth-view';
import { isIdentityError } from '../identity-client';
import { MESSAGES } from '../validation';

/** What every form of the auth modal receives from it. */
export interface AuthFormProps {
  services: AuthServices;
  /** The email is shared between forms, so switching keeps what was typed. */
  email: string;
  onEmailChange: (email: string) => void;
  /** Move to another form; `replace` swaps the current one (Login <-> CreateAccount) instead of stacking it. */
  go: (view: AuthView, options?: { replace?: boolean }) => void;
  onSignedIn: (session: AuthSession) => Promise<void>;
  /** While true the modal cannot be dismissed. */
  setBusy: (busy: boolean) => void;
  /** A code step is showing: closing the dialog now means coming back later to confirm. */
  setAwaitingCode: (awaiting: boolean) => void;
}

/** A provider error as the user should read it. */
export function identityErrorMessage(error: unknown, fallback: string): string {
  // Unreachable provider, or an answer that is not the provider's (a proxy error page): the spec's fetch-failure text.
  if (isIdentityError(error, 'NetworkError') || (isIdentityError(error) && error.code.startsWith('HTTP_'))) {
    return MESSAGES.fetchFailure;
  }
  if (isIdentityError(error) && error.message) return error.message;
  return fallback;
}
