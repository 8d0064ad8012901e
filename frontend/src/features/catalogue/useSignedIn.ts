import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getAccessToken, subscribeAccessToken } from '../../api/token-store';
import { AUTH_SESSION_STORAGE_KEY } from '../auth';
import { catalogueKeys } from './catalogue.queries';

export type SignInState = 'signedIn' | 'signedOut' | 'restoring';

/** A stored session whose token is not published yet is being restored (or refreshed); give it this long. */
const RESTORE_GRACE_MS = 8000;

const hasStoredSession = (): boolean => {
  try {
    return window.localStorage.getItem(AUTH_SESSION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * Signed in = the API client holds an access token. The auth feature publishes it there (and
 * clears it on sign-out), so this is the one signal pages of the catalogue read. While a session
 * kept from an earlier visit is being restored, pages wait instead of flashing a sign-in prompt.
 * On sign-out the cached library, purchases and progress of the previous user are dropped.
 */
export function useSignInState(): SignInState {
  const signedIn = useSyncExternalStore(
    subscribeAccessToken,
    () => getAccessToken() !== null,
    () => false,
  );
  const [graceOver, setGraceOver] = useState(false);
  const queryClient = useQueryClient();
  const was = useRef(signedIn);

  useEffect(() => {
    if (was.current && !signedIn) queryClient.removeQueries({ queryKey: catalogueKeys.mine() });
    was.current = signedIn;
  }, [signedIn, queryClient]);

  useEffect(() => {
    if (signedIn) return;
    const timer = setTimeout(() => setGraceOver(true), RESTORE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [signedIn]);

  if (signedIn) return 'signedIn';
  return !graceOver && hasStoredSession() ? 'restoring' : 'signedOut';
}

export const useSignedIn = (): boolean => useSignInState() === 'signedIn';
