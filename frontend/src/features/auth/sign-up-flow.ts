import { isIdentityError } from './identity-client';
import type { AuthSession } from './auth-session';
import { MESSAGES } from './validation';

/**
 * The sign-up flow of spec section 4, free of React and fetch: check the backend is up, create the
 * identity account, confirm it with the emailed code, sign in, create the backend user. If the
 * backend user cannot be created, the identity account is removed again and confirmEmail is called,
 * so the address is not left half-registered. The session is handed to the app (startSession) only
 * once the backend user exists: the app reads its user as soon as it has a session.
 */
export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface SignUpDeps {
  isBackendUp: () => Promise<boolean>;
  createIdentityAccount: (input: SignUpInput) => Promise<{ confirmed: boolean; destination?: string }>;
  confirmIdentityAccount: (email: string, code: string) => Promise<unknown>;
  /** Signs in without handing the session to the app yet. */
  signIn: (email: string, password: string) => Promise<AuthSession>;
  userIdOf: (session: AuthSession) => string;
  createBackendUser: (
    user: { userId: string; email: string; firstName: string; lastName: string },
    session: AuthSession,
  ) => Promise<void>;
  /** The app's session from now on. */
  startSession: (session: AuthSession) => void;
  deleteIdentityAccount: (session: AuthSession) => Promise<unknown>;
  confirmEmail: (email: string) => Promise<unknown>;
}

export type SignUpStart =
  | { kind: 'needsCode'; destination?: string }
  | { kind: 'confirmed' }
  | { kind: 'error'; message: string; field?: 'email' | 'password' };

export type SignUpFinish =
  { kind: 'done'; session: AuthSession } | { kind: 'error'; message: string; step: 'code' | 'signIn' | 'createUser' };

/** Provider messages worth showing as they are (they are the spec's own policy wording). */
function providerMessage(error: unknown): string {
  if (isIdentityError(error, 'NetworkError') || (isIdentityError(error) && error.code.startsWith('HTTP_'))) {
    return MESSAGES.fetchFailure;
  }
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.fetchFailure;
}

export async function startSignUp(input: SignUpInput, deps: SignUpDeps): Promise<SignUpStart> {
  if (!(await deps.isBackendUp())) return { kind: 'error', message: MESSAGES.fetchFailure };
  try {
    const created = await deps.createIdentityAccount(input);
    return created.confirmed ? { kind: 'confirmed' } : { kind: 'needsCode', destination: created.destination };
  } catch (error) {
    if (isIdentityError(error, 'InvalidPasswordException'))
      return { kind: 'error', message: providerMessage(error), field: 'password' };
    if (isIdentityError(error, 'UsernameExistsException') || isIdentityError(error, 'InvalidParameterException')) {
      return { kind: 'error', message: providerMessage(error), field: 'email' };
    }
    return { kind: 'error', message: providerMessage(error) };
  }
}

/** After the code (or straight away when the account needed none). `code` undefined skips confirmation. */
export async function finishSignUp(input: SignUpInput, code: string | undefined, deps: SignUpDeps): Promise<SignUpFinish> {
  if (code !== undefined) {
    try {
      await deps.confirmIdentityAccount(input.email, code);
    } catch (error) {
      return { kind: 'error', step: 'code', message: providerMessage(error) };
    }
  }

  let session: AuthSession;
  try {
    session = await deps.signIn(input.email, input.password);
  } catch (error) {
    return { kind: 'error', step: 'signIn', message: providerMessage(error) };
  }

  try {
    await deps.createBackendUser(
      {
        userId: deps.userIdOf(session),
        email: input.email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
      },
      session,
    );
  } catch {
    // Compensate: no half-made account. Each step is best-effort so one failure does not hide the other.
    await deps.deleteIdentityAccount(session).catch(() => undefined);
    await deps.confirmEmail(input.email).catch(() => undefined);
    return { kind: 'error', step: 'createUser', message: MESSAGES.signUpFailed };
  }
  deps.startSession(session);
  return { kind: 'done', session };
}
