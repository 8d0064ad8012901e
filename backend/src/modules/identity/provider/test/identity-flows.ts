import { CLIENT_ID, latestCode, rawCall } from './identity-test-kit';

/** Protocol steps shared by the integration specs (raw calls, so headers such as X-Forwarded-For can be set). */
export async function signUpConfirmed(base: string, email: string, password: string) {
  const up = await rawCall(base, 'SignUp', { ClientId: CLIENT_ID, Username: email, Password: password });
  if (up.status !== 200) throw new Error(JSON.stringify(up.body));
  const code = await latestCode(base, email);
  const confirmed = await rawCall(base, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code });
  if (confirmed.status !== 200) throw new Error(JSON.stringify(confirmed.body));
  return (up.body as unknown as { UserSub: string }).UserSub;
}

export interface Tokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

export const passwordAuth = (base: string, email: string, password: string, headers: Record<string, string> = {}) =>
  rawCall(
    base,
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } },
    headers,
  );

export async function signIn(base: string, email: string, password: string): Promise<Tokens> {
  const res = await passwordAuth(base, email, password);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return (res.body as unknown as { AuthenticationResult: Tokens }).AuthenticationResult;
}

export const refresh = (base: string, token: string) =>
  rawCall(base, 'InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { REFRESH_TOKEN: token },
  });
