import type { AuthSession } from './auth-session';
import { IdentityError } from './identity-client';
import { enterWithSession, finishSignUp, startSignUp, type SignUpDeps, type SignUpInput } from './sign-up-flow';

const SESSION: AuthSession = { idToken: 'id', accessToken: 'access', refreshToken: 'refresh', clockDrift: 0 };
const INPUT: SignUpInput = { email: 'ada@example.com', password: 'correct horse', firstName: ' Ada ', lastName: 'Lovelace' };

function deps(over: Partial<SignUpDeps> = {}) {
  const calls: string[] = [];
  const started: AuthSession[] = [];
  const track =
    <A extends unknown[], R>(name: string, impl: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push(name);
      return impl(...args);
    };
  const d: SignUpDeps = {
    isBackendUp: track('isBackendUp', async () => true),
    createIdentityAccount: track('createIdentityAccount', async () => ({ confirmed: false, destination: 'a***@example.com' })),
    confirmIdentityAccount: track('confirmIdentityAccount', async () => ({})),
    resendCode: track('resendCode', async () => ({ destination: 'a***@e***' })),
    signIn: track('signIn', async () => SESSION),
    userIdOf: () => 'user-1',
    namesOf: () => ({ firstName: 'Ada', lastName: 'Byron' }),
    createBackendUser: track('createBackendUser', async () => undefined),
    startSession: (session) => {
      calls.push('startSession');
      started.push(session);
    },
    deleteIdentityAccount: track('deleteIdentityAccount', async () => ({})),
    confirmEmail: track('confirmEmail', async () => ({})),
    ...over,
  };
  return { d, calls, started };
}

describe('sign-up flow', () => {
  it('checks the backend, creates the identity account and asks for the code', async () => {
    const { d, calls } = deps();
    await expect(startSignUp(INPUT, d)).resolves.toEqual({ kind: 'needsCode', destination: 'a***@example.com' });
    expect(calls).toEqual(['isBackendUp', 'createIdentityAccount']);
  });

  it('stops before creating anything when the backend is down', async () => {
    const { d, calls } = deps({ isBackendUp: async () => false });
    await expect(startSignUp(INPUT, d)).resolves.toEqual({
      kind: 'error',
      message: 'There was an error logging in / creating you account. Please try again later or contact us.',
    });
    expect(calls).toEqual([]);
  });

  it('puts a password policy refusal on the password field', async () => {
    const { d } = deps({
      createIdentityAccount: async () => {
        throw new IdentityError('InvalidPasswordException', 'Password cannot begin or end with a space.');
      },
    });
    await expect(startSignUp(INPUT, d)).resolves.toEqual({
      kind: 'error',
      field: 'password',
      message: 'Password cannot begin or end with a space.',
    });
  });

  it('confirms, signs in and creates the backend user, and only then hands the session to the app', async () => {
    const { d, calls, started } = deps();
    const createBackendUser = jest.fn(async () => {
      calls.push('createBackendUser');
    });
    await expect(finishSignUp(INPUT, '123456', { ...d, createBackendUser })).resolves.toEqual({ kind: 'done', session: SESSION });
    // the app reads its user as soon as it has a session: before the user exists that read is a 404
    expect(calls).toEqual(['confirmIdentityAccount', 'signIn', 'createBackendUser', 'startSession']);
    expect(createBackendUser).toHaveBeenCalledWith(
      { userId: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      SESSION,
    );
    expect(started).toEqual([SESSION]);
  });

  it('a wrong code stays on the code step and creates nothing', async () => {
    const { d, calls } = deps({
      confirmIdentityAccount: async () => {
        throw new IdentityError('CodeMismatchException', 'Invalid verification code provided, please try again.');
      },
    });
    await expect(finishSignUp(INPUT, '000000', d)).resolves.toEqual({
      kind: 'error',
      step: 'code',
      message: 'Invalid verification code provided, please try again.',
    });
    expect(calls).not.toContain('signIn');
  });

  it('compensates when the backend user cannot be created: DeleteUser, confirmEmail, the spec message', async () => {
    const deleteIdentityAccount = jest.fn(async () => ({}));
    const confirmEmail = jest.fn(async () => ({}));
    const { d, calls } = deps({
      createBackendUser: async () => {
        throw new Error('boom');
      },
      deleteIdentityAccount,
      confirmEmail,
    });
    await expect(finishSignUp(INPUT, '123456', d)).resolves.toEqual({
      kind: 'error',
      step: 'createUser',
      message: 'There was a problem creating your account. Please try logging in if you already have an account.',
    });
    expect(deleteIdentityAccount).toHaveBeenCalledWith(SESSION);
    expect(confirmEmail).toHaveBeenCalledWith('ada@example.com');
    expect(calls).not.toContain('startSession');
  });

  it('still calls confirmEmail when removing the identity account fails too', async () => {
    const confirmEmail = jest.fn(async () => ({}));
    const { d } = deps({
      createBackendUser: async () => Promise.reject(new Error('boom')),
      deleteIdentityAccount: async () => Promise.reject(new IdentityError('NetworkError', 'offline')),
      confirmEmail,
    });
    const result = await finishSignUp(INPUT, undefined, d);
    expect(result).toMatchObject({ kind: 'error', step: 'createUser' });
    expect(confirmEmail).toHaveBeenCalledTimes(1);
  });

  describe('a sign-up left at its code step, picked up again (issue 26)', () => {
    const exists = async () => {
      throw new IdentityError('UsernameExistsException', 'An account with the given email already exists.');
    };
    const refuse = (code: string, message: string) => async () => {
      throw new IdentityError(code, message);
    };

    it('signing up again with its password sends a fresh code and asks for it', async () => {
      const { d, calls } = deps({
        createIdentityAccount: exists,
        signIn: refuse('UserNotConfirmedException', 'User is not confirmed.'),
      });
      await expect(startSignUp(INPUT, d)).resolves.toEqual({ kind: 'needsCode', resumed: true, destination: 'a***@e***' });
      expect(calls).toEqual(['isBackendUp', 'resendCode']);
    });

    it('still asks for the code when the new one could not be sent (too many), saying why', async () => {
      const { d } = deps({
        createIdentityAccount: exists,
        signIn: refuse('UserNotConfirmedException', 'User is not confirmed.'),
        resendCode: refuse('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
      });
      await expect(startSignUp(INPUT, d)).resolves.toEqual({
        kind: 'needsCode',
        resumed: true,
        problem: 'Attempt limit exceeded, please try after some time.',
      });
    });

    it('signing up again with the password of a confirmed account signs in (its session held)', async () => {
      const { d, started } = deps({ createIdentityAccount: exists });
      await expect(startSignUp(INPUT, d)).resolves.toEqual({ kind: 'signedIn', session: SESSION });
      expect(started).toEqual([]);
    });

    it('with another password, it is only "already exists", with the way to log in or reset', async () => {
      const { d } = deps({
        createIdentityAccount: exists,
        signIn: refuse('NotAuthorizedException', 'Incorrect username or password.'),
      });
      await expect(startSignUp(INPUT, d)).resolves.toEqual({
        kind: 'error',
        field: 'email',
        message: 'An account with the given email already exists.',
        accountExists: true,
      });
    });

    it('confirming an account found at login makes its user with the names it signed up with', async () => {
      const createBackendUser = jest.fn(async () => undefined);
      const { d, started } = deps({ createBackendUser });
      const pending = { email: INPUT.email, password: INPUT.password };
      await expect(finishSignUp(pending, '123456', d)).resolves.toEqual({ kind: 'done', session: SESSION });
      expect(createBackendUser).toHaveBeenCalledWith(
        { userId: 'user-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Byron' },
        SESSION,
      );
      expect(started).toEqual([SESSION]);
    });

    it('an account in use before is never removed when its user cannot be made: the session goes ahead', async () => {
      const deleteIdentityAccount = jest.fn(async () => ({}));
      const { d, started } = deps({ createBackendUser: async () => Promise.reject(new Error('offline')), deleteIdentityAccount });
      await expect(enterWithSession(SESSION, INPUT.email, d, { compensate: false })).resolves.toEqual({
        kind: 'done',
        session: SESSION,
      });
      expect(deleteIdentityAccount).not.toHaveBeenCalled();
      expect(started).toEqual([SESSION]);
    });
  });
});
