import { addToWaitlist, isBackendUp } from './auth-api';
import type { SocialProvider } from './hosted-login';
import { authEnv } from './auth-env';
import { createAuthSessionStore, sessionIdentity, type AuthSession, type AuthSessionStore } from './auth-session';
import { createIdentityClient, IdentityError, type IdentityClient } from './identity-client';
import type { SignUpDeps } from './sign-up-flow';
import {
  checkEmail,
  checkUserExists,
  confirmEmail,
  createBackendUser,
  creatorHasAnyApp,
  linkAnonymousUser,
} from '../../api/users-api';

/**
 * Everything the auth UI talks to, in one object so tests and stories can swap it. The default
 * instance speaks to /api/identity and the declared /users calls.
 */
export interface AuthServices {
  identity: IdentityClient;
  store: AuthSessionStore;
  isBackendUp: () => Promise<boolean>;
  checkEmail: typeof checkEmail;
  checkUserExists: typeof checkUserExists;
  linkAnonymousUser: typeof linkAnonymousUser;
  /** The backend user of a Google/Apple sign-in (made the first time, answered as it is after). */
  createSocialUser: (session: AuthSession, provider: SocialProvider) => Promise<void>;
  creatorHasAnyApp: typeof creatorHasAnyApp;
  addToWaitlist: typeof addToWaitlist;
  startSocialLogin: (provider: SocialProvider) => Promise<void>;
  signUpDeps: SignUpDeps;
  /** Only in development builds: where the emailed code can be read. */
  devOutboxUrl: (email: string) => string | null;
}

/**
 * Sign in and insist on a session (a challenge here means the account needs more than the sign-up form
 * gives). The session is held until the backend user exists.
 */
async function signInForSignUp(store: AuthSessionStore, email: string, password: string): Promise<AuthSession> {
  const outcome = await store.signIn(email, password, { hold: true });
  if (outcome.kind !== 'signedIn') throw new IdentityError('ChallengeRequired', 'Error logging in');
  return outcome.session;
}

export function createAuthServices(identity: IdentityClient, store: AuthSessionStore): AuthServices {
  return {
    identity,
    store,
    isBackendUp,
    checkEmail,
    checkUserExists,
    linkAnonymousUser,
    createSocialUser: async (session, provider) => {
      const who = sessionIdentity(session);
      if (!who) throw new IdentityError('HostedLoginError', 'Error logging in');
      await createBackendUser(
        {
          userId: who.userId,
          email: who.email.toLowerCase(),
          firstName: who.firstName,
          lastName: who.lastName,
          isSocialSignIn: true,
          socialProvider: provider,
        },
        session.accessToken,
      );
    },
    creatorHasAnyApp,
    addToWaitlist,
    // the hosted sign-in's code loads when a visitor picks Google or Apple
    startSocialLogin: async (provider) => (await import('./hosted-login')).startHostedLogin(provider, authEnv.identityClientId),
    devOutboxUrl: (email) => (authEnv.dev ? `/api/dev/outbox?to=${encodeURIComponent(email)}` : null),
    signUpDeps: {
      isBackendUp,
      createIdentityAccount: async (input) => {
        const answer = await identity.signUp(input.email, input.password, {
          email: input.email,
          given_name: input.firstName.trim(),
          family_name: input.lastName.trim(),
        });
        return { confirmed: answer.UserConfirmed, destination: answer.CodeDeliveryDetails?.Destination };
      },
      confirmIdentityAccount: (email, code) => identity.confirmSignUp(email, code),
      resendCode: async (email) => ({
        destination: (await identity.resendConfirmationCode(email)).CodeDeliveryDetails?.Destination,
      }),
      signIn: (email, password) => signInForSignUp(store, email, password),
      userIdOf: (session) => sessionIdentity(session)?.userId ?? '',
      namesOf: (session) => {
        const who = sessionIdentity(session);
        return { firstName: who?.firstName ?? '', lastName: who?.lastName ?? '' };
      },
      createBackendUser: (user, session) => createBackendUser(user, session.accessToken),
      startSession: (session) => store.setSession(session),
      deleteIdentityAccount: (session) => identity.deleteUser(session.accessToken),
      confirmEmail: (email) => confirmEmail(email),
    },
  };
}

let defaultServices: AuthServices | null = null;

/** The page's one identity client and session store. */
export function getAuthServices(): AuthServices {
  if (!defaultServices) {
    const identity = createIdentityClient({ clientId: authEnv.identityClientId, userPoolId: authEnv.identityUserPoolId });
    defaultServices = createAuthServices(identity, createAuthSessionStore({ client: identity }));
  }
  return defaultServices;
}
