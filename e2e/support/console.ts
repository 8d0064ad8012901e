import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { CLIENT_ID, identity, PASSWORD, type Account } from './accounts';

/** The admin of the journeys: the e2e server makes this email an admin (IDENTITY_ADMIN_EMAIL). */
export const ADMIN_EMAIL = 'ops-admin@example.com';

/** Signs the admin in (signing it up and confirming it first when the database is new). */
export async function adminAccount(request: APIRequestContext): Promise<Account> {
  {
    const signUp = await request.post('/api/identity', {
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      data: JSON.stringify({
        ClientId: CLIENT_ID,
        Username: ADMIN_EMAIL,
        Password: PASSWORD,
        UserAttributes: [
          { Name: 'given_name', Value: 'Olive' },
          { Name: 'family_name', Value: 'Operator' },
        ],
      }),
    });
    // another journey may have signed it up already (the account then exists: sign in below)
    if (signUp.ok()) {
      let code: string | null = null;
      await expect
        .poll(async () => {
          const { messages } = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(ADMIN_EMAIL)}`)).json();
          code = messages[0]?.code ?? null;
          return code;
        })
        .not.toBeNull();
      await identity(request, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: ADMIN_EMAIL, ConfirmationCode: code });
    }
  }
  const auth = await identity(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: ADMIN_EMAIL, PASSWORD },
  });
  const tokens = auth.AuthenticationResult as { IdToken: string; AccessToken: string; RefreshToken: string };
  const sub = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1], 'base64url').toString()).sub as string;
  await request.post('/api/users/createUser', {
    headers: { authorization: `Bearer ${tokens.AccessToken}` },
    data: { userId: sub, email: ADMIN_EMAIL, firstName: 'Olive', lastName: 'Operator' },
  });
  return {
    email: ADMIN_EMAIL,
    accessToken: tokens.AccessToken,
    session: { idToken: tokens.IdToken, accessToken: tokens.AccessToken, refreshToken: tokens.RefreshToken, clockDrift: 0 },
  };
}

/** Opens the page already signed in as `account` (the session the web app keeps in local storage). */
export async function signedIn(page: Page, account: Account) {
  await page.addInitScript((session) => {
    window.localStorage.setItem('sparkhouse.auth.session', JSON.stringify(session));
  }, account.session);
}
