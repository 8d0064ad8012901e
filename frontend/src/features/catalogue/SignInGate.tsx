import type { ReactNode } from 'react';
import { LoadingState } from './QueryStates';
import { SignInPrompt } from './SignInPrompt';
import { useSignInState } from './useSignedIn';

/**
 * What needs an account: shown signed in; while a kept session is restored, a spinner; signed out,
 * the sign-in prompt with the page's own title and reason.
 */
export function SignInGate({ title, reason, children }: { title: string; reason: string; children: ReactNode }) {
  const signIn = useSignInState();
  if (signIn === 'restoring') return <LoadingState label="Signing you in" />;
  if (signIn === 'signedOut') return <SignInPrompt title={title} reason={reason} />;
  return <>{children}</>;
}
