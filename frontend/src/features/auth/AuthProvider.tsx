import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { basicUserInfoQuery, userKeys } from '../../api/user.queries';
import { afterLoginAction } from './after-login';
import { clearSignedInStorage, readCartItemCount, storeRedirect, takeStoredRedirect } from './auth-storage';
import { getAuthServices, type AuthServices } from './auth-services';
import { sessionFromResult, sessionIdentity, type AuthSession } from './auth-session';
import { authEnv } from './auth-env';
import type { AuthView, OpenAuthOptions } from './auth-view';
import { AuthContext, type AuthContextValue } from './AuthContext';

// The dialog and its forms load when it first opens: no page needs them to render.
const AuthModal = lazy(() => import('./AuthModal').then((m) => ({ default: m.AuthModal })));

/** Hosted sign-out gives up after 3 s (spec section 9): leaving must never hang on the network. */
const SIGN_OUT_TIMEOUT_MS = 3000;

export interface AuthNavigation {
  navigate: (to: string) => void;
  location: () => { pathname: string; search: string; hash?: string };
}

export interface AuthProviderProps {
  children: ReactNode;
  navigation: AuthNavigation;
  services?: AuthServices;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

const addressOf = (at: ReturnType<AuthNavigation['location']>) => `${at.pathname}${at.search}${at.hash ?? ''}`;

export function AuthProvider({ children, navigation, services: injected }: AuthProviderProps) {
  const [services] = useState(() => injected ?? getAuthServices());
  const { store } = services;
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(store.subscribe, store.getSession, () => null);
  const [modal, setModal] = useState<{ view: AuthView; options: OpenAuthOptions; key: number } | null>(null);
  const navigationRef = useRef(navigation);
  navigationRef.current = navigation;

  // Pick up a session kept from an earlier visit (refreshing it if it expired meanwhile).
  useEffect(() => {
    void store.restore();
  }, [store]);

  // Signed out (by the user or by a refused refresh): the cached user goes too.
  useEffect(() => {
    if (!session) queryClient.removeQueries({ queryKey: userKeys.all });
  }, [session, queryClient]);

  const openAuthModal = useCallback((view: AuthView = 'Email', options: OpenAuthOptions = {}) => {
    setModal((current) => ({ view, options, key: (current?.key ?? 0) + 1 }));
  }, []);

  // Closing without signing in drops the stored redirect, so a later sign-in does not jump to it; closing at
  // a code step keeps it: the visitor reads their mail, comes back, confirms and goes on where they were.
  const closeAuthModal = useCallback(({ keepRedirect = false }: { keepRedirect?: boolean } = {}) => {
    if (!keepRedirect) storeRedirect(null);
    setModal(null);
  }, []);

  const requireSignIn = useCallback(
    (redirectTo: string) => {
      if (store.getSession()) return true;
      storeRedirect(redirectTo);
      openAuthModal('Email');
      return false;
    },
    [store, openAuthModal],
  );

  const signOut = useCallback(async () => {
    const current = store.getSession();
    clearSignedInStorage();
    store.clear();
    if (!current) return;
    await withTimeout(services.identity.globalSignOut(current.accessToken), SIGN_OUT_TIMEOUT_MS).catch(() => undefined);
  }, [store, services]);

  /** After a login or sign-up: link the anonymous visitor, then land by the spec's rules. */
  const handleSignedIn = useCallback(
    async (signedIn: AuthSession, from?: { pathname: string; search: string }) => {
      // where the visitor signed in: the page is free to move on while the account is read below
      const began = addressOf(navigationRef.current.location());
      await services.linkAnonymousUser().catch(() => undefined);
      const userId = sessionIdentity(signedIn)?.userId;
      const user = userId ? await queryClient.fetchQuery(basicUserInfoQuery(userId)).catch(() => null) : null;
      const { pathname, search } = from ?? navigationRef.current.location();
      const hasApps = pathname === '/' && user ? await services.creatorHasAnyApp() : false;
      const action = afterLoginAction({
        pathname,
        search,
        storedRedirect: takeStoredRedirect(),
        cartItemCount: readCartItemCount(),
        user: user && {
          isCreator: Boolean(user.creatorInfo),
          hasNewDashboardAccess: user.creatorInfo?.hasNewDashboardAccess === true,
          hasApps,
          currentSessionSlug: user.currentSessionSlug,
        },
      });
      setModal(null);
      // a redirect back to the page the visitor signed in on (e.g. an emailed link's page) navigates nowhere:
      // that page goes on by itself, and a navigation here would cut short (or undo) one it made meanwhile
      const isHere = (to: string) => !from && (to === began || to === addressOf(navigationRef.current.location()));
      if (action.kind === 'navigate') {
        if (!isHere(action.to)) navigationRef.current.navigate(action.to);
      } else if (from) navigationRef.current.navigate(`${from.pathname}${from.search}`);
    },
    [services, queryClient],
  );

  /** /auth/callback: finish a Google/Apple sign-in, then land as after any sign-in, from where it began. */
  const completeSocialSignIn = useCallback(
    async (params: URLSearchParams) => {
      const { completeHostedLogin } = await import('./hosted-login');
      const { result, provider, from } = await completeHostedLogin(params, authEnv.identityClientId, window.location.origin);
      const signedIn = sessionFromResult(result, undefined, Date.now());
      // its backend user first (as the email sign-up makes one): the app reads the user once it has the session
      await services.createSocialUser(signedIn, provider);
      store.setSession(signedIn);
      await handleSignedIn(signedIn, from);
    },
    [store, services, handleSignedIn],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ session, signedIn: Boolean(session), openAuthModal, closeAuthModal, requireSignIn, signOut, completeSocialSignIn }),
    [session, openAuthModal, closeAuthModal, requireSignIn, signOut, completeSocialSignIn],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {modal && (
        <Suspense fallback={null}>
          <AuthModal
            key={modal.key}
            initialView={modal.view}
            options={modal.options}
            services={services}
            onClose={closeAuthModal}
            onSignedIn={handleSignedIn}
          />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
