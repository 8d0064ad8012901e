import { createContext, useContext } from 'react';
import type { AuthSession } from './auth-session';
import type { AuthView, OpenAuthOptions } from './auth-view';

export interface AuthContextValue {
  session: AuthSession | null;
  signedIn: boolean;
  openAuthModal: (view?: AuthView, options?: OpenAuthOptions) => void;
  /** Closes the dialog and forgets the stored redirect, unless `keepRedirect` (closed at a code step, to come back). */
  closeAuthModal: (how?: { keepRedirect?: boolean }) => void;
  /**
   * For actions that need an account (checkout after adding to cart): true when signed in;
   * otherwise remembers `redirectTo`, opens the modal and answers false.
   */
  requireSignIn: (redirectTo: string) => boolean;
  signOut: () => Promise<void>;
  /** Finishes a Google/Apple sign-in on /auth/callback; rejects with the message to show. */
  completeSocialSignIn: (params: URLSearchParams) => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
