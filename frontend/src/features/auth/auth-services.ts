import { addToWaitlist, isBackendUp } from './auth-api';
import { startHostedLogin, type SocialProvider } from './hosted-login';
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
} from '../user/users-api';

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
  creatorHasAnyApp: typeof creatorHasAnyApp;
  addToWaitlist: typeof addToWaitlist;
  startSocialLogin: (provider: SocialProvider) => Promise<void>;
  signUpDeps: SignUpDeps;
  /** Only in development builds: where the emailed code can be read. */
  devOutboxUrl: (email: string) => string | null;
}

/** Sign in and insist on a session (a challenge here means the account needs more than the sign-up form gives). */
async function signInForSignUp(store: AuthSessionStore, email: string, password: string): Promise<AuthSession> {
  const outcome = await store.signIn(email, password);
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
    creatorHasAnyApp,
    addToWaitlist,
    startSocialLogin: (provider) => startHostedLogin(provider, authEnv.identityClientId),
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
      signIn: (email, password) => signInForSignUp(store, email, password),
      userIdOf: (session) => sessionIdentity(session)?.userId ?? '',
      createBackendUser: (user) => createBackendUser(user),
      deleteIdentityAccount: async (session) => {
        try {
          await identity.deleteUser(session.accessToken);
        } finally {
          store.clear();
        }
      },
      confirmEmail: (email) => confirmEmail(email),
    },
  };
}

let defaultServices: AuthServices | null = null;

/** The page's one identity client and session store. */
export function getAuthServices(): AuthServices {
  if (!defaultServices) {
    const identity = createIdentityClient({ clientId: authEnv.identityClientId });
    defaultServices = createAuthServices(identity, createAuthSessionStore({ client: identity }));
  }
  return defaultServices;
}
