import { expect, type APIRequestContext } from '@playwright/test';

/** The SPA's identity client and the password every journey's account gets. */
export const CLIENT_ID = 'sparkhouse-web';
export const PASSWORD = 'correct horse battery';

/** One call to the identity service (the Cognito-compatible JSON protocol); a refusal fails the test with its answer. */
export async function identity(request: APIRequestContext, action: string, body: unknown) {
  const res = await request.post('/api/identity', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    data: JSON.stringify(body),
  });
  expect(res.ok(), `${action}: ${await res.text()}`).toBe(true);
  return res.json();
}

export interface Account {
  email: string;
  accessToken: string;
  /** The session the frontend's auth store keeps in local storage (features/auth/auth-session.ts). */
  session: { idToken: string; accessToken: string; refreshToken: string; clockDrift: number };
}

/**
 * A confirmed, signed-in account with its backend user, made the way the sign-up journey makes one:
 * sign up, confirm with the code from the dev outbox, sign in, create the user.
 */
export async function signUp(
  request: APIRequestContext,
  person: { emailPrefix: string; firstName: string; lastName: string },
): Promise<Account> {
  const email = `${person.emailPrefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await identity(request, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'given_name', Value: person.firstName },
      { Name: 'family_name', Value: person.lastName },
    ],
  });
  let code: string | null = null;
  await expect
    .poll(async () => {
      const { messages } = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
      code = messages[0]?.code ?? null;
      return code;
    })
    .not.toBeNull();
  await identity(request, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code });
  const auth = await identity(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
  const sub = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1], 'base64url').toString()).sub as string;
  const created = await request.post('/api/users/createUser', {
    headers: { authorization: `Bearer ${tokens.AccessToken}` },
    data: { userId: sub, email, firstName: person.firstName, lastName: person.lastName },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return {
    email,
    accessToken: tokens.AccessToken,
    session: { idToken: tokens.IdToken, accessToken: tokens.AccessToken, refreshToken: tokens.RefreshToken, clockDrift: 0 },
  };
}
