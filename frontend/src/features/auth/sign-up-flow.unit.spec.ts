import type { AuthSession } from './auth-session';
import { IdentityError } from './identity-client';
import { finishSignUp, startSignUp, type SignUpDeps, type SignUpInput } from './sign-up-flow';

const SESSION: AuthSession = { idToken: 'id', accessToken: 'access', refreshToken: 'refresh', clockDrift: 0 };
const INPUT: SignUpInput = { email: 'ada@example.com', password: 'correct horse', firstName: ' Ada ', lastName: 'Lovelace' };

function deps(over: Partial<SignUpDeps> = {}) {
  const calls: string[] = [];
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
    signIn: track('signIn', async () => SESSION),
    userIdOf: () => 'user-1',
    createBackendUser: track('createBackendUser', async () => undefined),
    deleteIdentityAccount: track('deleteIdentityAccount', async () => ({})),
    confirmEmail: track('confirmEmail', async () => ({})),
    ...over,
  };
  return { d, calls };
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

  it('confirms, signs in and creates the backend user', async () => {
    const createBackendUser = jest.fn(async () => undefined);
    const { d, calls } = deps({ createBackendUser });
    await expect(finishSignUp(INPUT, '123456', d)).resolves.toEqual({ kind: 'done', session: SESSION });
    expect(calls).toEqual(['confirmIdentityAccount', 'signIn']);
    expect(createBackendUser).toHaveBeenCalledWith({
      userId: 'user-1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
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
    const { d } = deps({
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
});
