import { isIdentityError } from './identity-client';
import type { AuthSession } from './auth-session';
import { MESSAGES } from './validation';

/**
 * The sign-up flow of spec section 4, free of React and fetch: check the backend is up, create the
 * identity account, confirm it with the emailed code, sign in, create the backend user. If the
 * backend user cannot be created, the identity account is removed again and confirmEmail is called,
 * so the address is not left half-registered. The session is handed to the app (startSession) only
 * once the backend user exists: the app reads its user as soon as it has a session.
 *
 * A sign-up left at the code step is picked up again, as the hosted pool's own sign-in pages do: signing
 * up again, or logging in, with that account's password sends a fresh code (ResendConfirmationCode)
 * and continues at the code step. The provider answers as the real service does (UsernameExists,
 * UserNotConfirmed only after a correct password), so nothing more about an address is revealed.
 */
export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * An account waiting for its emailed code. Its names are the sign-up form's; when it was found
 * unconfirmed at login, none: the account's own are read from its tokens once signed in.
 */
export type PendingConfirmation = Pick<SignUpInput, 'email' | 'password'> & Partial<Pick<SignUpInput, 'firstName' | 'lastName'>>;

export interface SignUpDeps {
  isBackendUp: () => Promise<boolean>;
  createIdentityAccount: (input: SignUpInput) => Promise<{ confirmed: boolean; destination?: string }>;
  confirmIdentityAccount: (email: string, code: string) => Promise<unknown>;
  /** A fresh confirmation code (rate limited by the provider). */
  resendCode: (email: string) => Promise<{ destination?: string }>;
  /** Signs in without handing the session to the app yet. */
  signIn: (email: string, password: string) => Promise<AuthSession>;
  userIdOf: (session: AuthSession) => string;
  /** The names the account was signed up with (its id token's given_name and family_name). */
  namesOf: (session: AuthSession) => { firstName: string; lastName: string };
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
  /** `resumed`: the email's earlier sign-up, never confirmed, with this password; `problem`: the new code could not be sent. */
  | { kind: 'needsCode'; destination?: string; resumed?: boolean; problem?: string }
  | { kind: 'confirmed' }
  /** The email already had a confirmed account and this is its password: signed in (its session held). */
  | { kind: 'signedIn'; session: AuthSession }
  /** `accountExists`: the email has an account this password does not open (log in or reset instead). */
  | { kind: 'error'; message: string; field?: 'email' | 'password'; accountExists?: boolean };

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

/** Sends a fresh code for an account found unconfirmed; a refusal (too many codes) is kept to show at the code step. */
export async function resendCode(
  email: string,
  deps: Pick<SignUpDeps, 'resendCode'>,
): Promise<{ destination?: string; problem?: string }> {
  try {
    return { destination: (await deps.resendCode(email)).destination };
  } catch (error) {
    return { problem: providerMessage(error) };
  }
}

export async function startSignUp(input: SignUpInput, deps: SignUpDeps): Promise<SignUpStart> {
  if (!(await deps.isBackendUp())) return { kind: 'error', message: MESSAGES.fetchFailure };
  try {
    const created = await deps.createIdentityAccount(input);
    return created.confirmed ? { kind: 'confirmed' } : { kind: 'needsCode', destination: created.destination };
  } catch (error) {
    if (isIdentityError(error, 'InvalidPasswordException'))
      return { kind: 'error', message: providerMessage(error), field: 'password' };
    if (isIdentityError(error, 'UsernameExistsException')) return signUpAgain(input, error, deps);
    if (isIdentityError(error, 'InvalidParameterException'))
      return { kind: 'error', message: providerMessage(error), field: 'email' };
    return { kind: 'error', message: providerMessage(error) };
  }
}

/**
 * The email has an account already. With its password, this is its owner: a sign-up never confirmed
 * gets a fresh code, a confirmed account is simply signed in. Any other answer keeps the provider's
 * "already exists" (which the sign-up itself answered), under the sign-in's failure limits.
 */
async function signUpAgain(input: SignUpInput, exists: Error, deps: SignUpDeps): Promise<SignUpStart> {
  try {
    return { kind: 'signedIn', session: await deps.signIn(input.email, input.password) };
  } catch (error) {
    if (isIdentityError(error, 'UserNotConfirmedException')) {
      return { kind: 'needsCode', resumed: true, ...(await resendCode(input.email, deps)) };
    }
    if (isIdentityError(error, 'TooManyRequestsException')) return { kind: 'error', message: providerMessage(error) };
    return { kind: 'error', message: providerMessage(exists), field: 'email', accountExists: true };
  }
}

/**
 * After the code (or straight away when the account needed none). `code` undefined skips confirmation.
 * Whatever is confirmed here is compensated for if its backend user cannot be made.
 */
export async function finishSignUp(
  pending: PendingConfirmation,
  code: string | undefined,
  deps: SignUpDeps,
): Promise<SignUpFinish> {
  if (code !== undefined) {
    try {
      await deps.confirmIdentityAccount(pending.email, code);
    } catch (error) {
      return { kind: 'error', step: 'code', message: providerMessage(error) };
    }
  }

  let session: AuthSession;
  try {
    session = await deps.signIn(pending.email, pending.password);
  } catch (error) {
    return { kind: 'error', step: 'signIn', message: providerMessage(error) };
  }
  const { firstName, lastName } = pending;
  const names = firstName !== undefined && lastName !== undefined ? { firstName, lastName } : undefined;
  return enterWithSession(session, pending.email, deps, { names, compensate: true });
}

/**
 * Makes the session's backend user (idempotent: an existing one is answered as it is), then hands the
 * session to the app. With `compensate`, an account that cannot get its user is removed again (spec 4);
 * without (an account in use before, e.g. at login), the session goes ahead and a later sign-in retries.
 */
export async function enterWithSession(
  session: AuthSession,
  email: string,
  deps: Pick<
    SignUpDeps,
    'userIdOf' | 'namesOf' | 'createBackendUser' | 'startSession' | 'deleteIdentityAccount' | 'confirmEmail'
  >,
  { names, compensate }: { names?: { firstName: string; lastName: string }; compensate: boolean },
): Promise<SignUpFinish> {
  const { firstName, lastName } = names ?? deps.namesOf(session);
  try {
    await deps.createBackendUser(
      { userId: deps.userIdOf(session), email, firstName: firstName.trim(), lastName: lastName.trim() },
      session,
    );
  } catch {
    if (compensate) {
      // Compensate: no half-made account. Each step is best-effort so one failure does not hide the other.
      await deps.deleteIdentityAccount(session).catch(() => undefined);
      await deps.confirmEmail(email).catch(() => undefined);
      return { kind: 'error', step: 'createUser', message: MESSAGES.signUpFailed };
    }
  }
  deps.startSession(session);
  return { kind: 'done', session };
}
