import { useCallback, useContext, useEffect, useRef } from 'react';
import { AuthContext } from '../auth';
import { useSignedIn } from '../catalogue';

/**
 * An action that needs an account: run at once when signed in; otherwise open the sign-in modal
 * (on /build and /creator it just closes after sign-in — spec 4) and run the action then.
 */
export function useSignedInAction() {
  const auth = useContext(AuthContext);
  const signedIn = useSignedIn();
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!signedIn || !pending.current) return;
    const run = pending.current;
    pending.current = null;
    run();
  }, [signedIn]);

  return useCallback(
    (action: () => void) => {
      if (signedIn) return action();
      pending.current = action;
      auth?.openAuthModal('Email');
    },
    [signedIn, auth],
  );
}
