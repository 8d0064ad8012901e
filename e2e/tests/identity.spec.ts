import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CLIENT_ID, identity, signUp } from '../support/accounts';
import { adminAccount } from '../support/console';
import { STUCK_MS } from '../support/waits';

const PASSWORD = 'correct horse battery';

/** The newest code mailed to an address (the outbox stands in for email outside production). */
async function newestCode(request: APIRequestContext, email: string, olderThan = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const { messages } = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
        code = messages.length > olderThan ? messages[0].code : '';
        return code;
      },
      { timeout: STUCK_MS },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

const dialog = (page: Page) => page.getByRole('dialog');

/** Every API answer of 400 or more the page receives (each is a console error in the browser). */
function failedApiCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return failed;
}

async function openSignIn(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await openSignIn(page, email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(password);
  await dialog(page).getByRole('button', { name: 'Log in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
}

test('sign up with email, log out, log in, and reset a forgotten password', async ({ page, request }) => {
  const email = `ada.${Date.now()}@gmail.com`;
  const failed = failedApiCalls(page);
  await page.goto('/');
  await openSignIn(page, email);

  await dialog(page).getByLabel('First name').fill('Ada');
  await dialog(page).getByLabel('Last name').fill('Lovelace');
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Create account' }).click();
  // the dialog asks for the code once the account exists (argon2id and the SRP verifier take a while on a busy machine)
  await expect(dialog(page).getByLabel('Verification code')).toBeVisible({ timeout: STUCK_MS });
  await dialog(page)
    .getByLabel('Verification code')
    .fill(await newestCode(request, email));
  await dialog(page).getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('button', { name: /^Account: Ada/ })).toBeVisible();
  // a new account from the home page lands where a Google one does: the library (not a creator's classes)
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  // the user is read only once it exists: no 404 from getBasicUserInfo (or any other call)
  expect(failed).toEqual([]);

  await signOut(page);
  // the SPA signs in as the hosted pool's own clients do: SRP, the password never sent
  const identityCalls: { target: string; body: string }[] = [];
  page.on('request', (r) => {
    const target = r.headers()['x-amz-target'];
    if (target) identityCalls.push({ target, body: r.postData() ?? '' });
  });
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: /^Account: Ada/ })).toBeVisible();
  const signInCalls = identityCalls.filter((c) => /InitiateAuth|RespondToAuthChallenge/.test(c.target));
  expect(signInCalls.map((c) => JSON.parse(c.body).AuthFlow ?? JSON.parse(c.body).ChallengeName)).toEqual([
    'USER_SRP_AUTH',
    'PASSWORD_VERIFIER',
  ]);
  expect(identityCalls.some((c) => c.body.includes(PASSWORD))).toBe(false);
  await signOut(page);

  // forgotten password: email, code from the outbox, new password, then log in with it
  await openSignIn(page, email);
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Send code' }).click();
  const resetCode = await newestCode(request, email, 1);
  await dialog(page).getByLabel('Verification code').fill(resetCode);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog(page).getByLabel('New password').fill('a brand new secret');
  await dialog(page).getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog(page).getByText('Your password has been reset.')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Log in', exact: true }).click();
  await dialog(page).getByLabel('Password', { exact: true }).fill('a brand new secret');
  await dialog(page).getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Account: Ada/ })).toBeVisible();
});

test('continue with Google through the local stand-in provider', async ({ page }) => {
  const failed = failedApiCalls(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByRole('button', { name: 'Sign up with Google' }).click();
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();

  await expect(page.getByRole('heading', { name: 'Continue with Google' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`grace.${Date.now()}@gmail.com`);
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('button', { name: /^Account: Grace/ })).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  expect(failed).toEqual([]);
});

test('a social account that hides its email gets the spec message', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByRole('button', { name: 'Sign up with Google' }).click();
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
  // on the provider's page (else the fill can land in the sign-in dialog the page is leaving)
  await expect(page.getByRole('heading', { name: 'Continue with Google' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(`private.${Date.now()}@gmail.com`);
  await page.getByLabel('Full name').fill('Private Person');
  await page.getByLabel('Share my email address with the app').uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not retrieve your email from your social account');
});

/** An account with its backend user, made through the API as the sign-up flow would. */
async function accountVia(request: APIRequestContext, email: string) {
  const target = (action: string) => ({
    'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
    'Content-Type': 'application/x-amz-json-1.1',
  });
  const up = await request.post('/api/identity', {
    headers: target('SignUp'),
    data: JSON.stringify({
      ClientId: 'sparkhouse-web',
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'given_name', Value: 'Cara' }],
    }),
  });
  expect(up.status()).toBe(200);
  const confirm = await request.post('/api/identity', {
    headers: target('ConfirmSignUp'),
    data: JSON.stringify({ ClientId: 'sparkhouse-web', Username: email, ConfirmationCode: await newestCode(request, email) }),
  });
  expect(confirm.status()).toBe(200);
  // the backend user, as the sign-up flow creates it after the identity account
  const auth = await request.post('/api/identity', {
    headers: target('InitiateAuth'),
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'sparkhouse-web',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  });
  const { AccessToken, IdToken } = (await auth.json()).AuthenticationResult;
  const sub = JSON.parse(Buffer.from(IdToken.split('.')[1], 'base64url').toString()).sub;
  const created = await request.post('/api/users/createUser', {
    headers: { Authorization: `Bearer ${AccessToken}` },
    data: { userId: sub, email, firstName: 'Cara', lastName: 'Cart', isSocialSignIn: false },
  });
  expect(created.status()).toBeLessThan(300);
}

test('signing in from a cart with items goes on to checkout', async ({ page, request }) => {
  const email = `cart.${Date.now()}@gmail.com`;
  await accountVia(request, email);
  await page.goto('/cart');
  await page.evaluate(() =>
    localStorage.setItem(
      'sparkhouse.cart',
      JSON.stringify({ productsInCart: [{ id: 'p1', title: 'A class' }], lastUpdated: Date.now() }),
    ),
  );
  await page.reload();
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/checkout$/);
});

test('buying a class needs an account: sign in, then land on its checkout', async ({ page, request }) => {
  const email = `buyer.${Date.now()}@gmail.com`;
  await accountVia(request, email);
  await page.goto('/browse');
  await page.locator('a[href^="/classes/"]').first().click();
  await page.getByRole('link', { name: 'Buy this class' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(page).not.toHaveURL(/\/checkout/);
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?product_id=/);
});

test('a sign-up closed at its code step: back later, logging in sends a fresh code, confirms and goes on to checkout', async ({
  page,
  request,
}) => {
  const email = `later.${Date.now()}@gmail.com`;
  const failed = failedApiCalls(page);
  await page.goto('/browse');
  await page.locator('a[href^="/classes/"]').first().click();
  const buy = page.getByRole('link', { name: 'Buy this class' });
  await buy.click();
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog(page).getByLabel('First name').fill('Lena');
  await dialog(page).getByLabel('Last name').fill('Later');
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Create account' }).click();
  await expect(dialog(page).getByLabel('Verification code')).toBeVisible({ timeout: STUCK_MS });
  await newestCode(request, email);
  // off to read the mail: the dialog is closed at the code step
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toBeHidden();

  // back later: the address is known, and a forgotten password cannot be reset before the email is confirmed
  await buy.click();
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Log in' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Send code' }).click();
  await expect(dialog(page).getByText(/Your email address isn’t confirmed yet, so its password can’t be reset/)).toBeVisible({
    timeout: STUCK_MS,
  });
  await expect(dialog(page).getByText(/no registered\/verified email/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('reset-unconfirmed.png') });
  await dialog(page).getByRole('button', { name: 'Log in', exact: true }).click();

  // logging in with the account's password: a fresh code, the code step, "Send a new code"
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog(page).getByText('Your email is not confirmed yet.', { exact: false })).toBeVisible({ timeout: STUCK_MS });
  await expect(dialog(page).getByRole('button', { name: 'Send a new code' })).toBeVisible();
  await expect(dialog(page).getByText('User is not confirmed.')).toHaveCount(0);
  const fresh = await newestCode(request, email, 1);
  await page.screenshot({ path: test.info().outputPath('login-unconfirmed-code.png') });
  await dialog(page).getByLabel('Verification code').fill(fresh);
  await dialog(page).getByRole('button', { name: 'Verify and log in' }).click();

  // signed in, and on to where the visitor was going: the class's checkout
  await expect(page.getByRole('button', { name: /^Account: Lena/ })).toBeVisible({ timeout: STUCK_MS });
  await expect(page).toHaveURL(/\/checkout\?product_id=/);
  // the confirmed sign-up's own user: the account menu reads it, no call was refused on the way
  expect(failed.filter((f) => !f.endsWith('/api/identity'))).toEqual([]);
});

test('signing up again with an unconfirmed email and its password continues at the code step', async ({ page, request }) => {
  const email = `again.${Date.now()}@gmail.com`;
  // an earlier sign-up of this email, never confirmed
  await identity(request, 'SignUp', { ClientId: CLIENT_ID, Username: email, Password: PASSWORD });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  // the sign-up form itself (the email entry would send a known address to Log in)
  await dialog(page).getByRole('button', { name: 'Sign up with Google' }).click();
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue with email' }).click();
  await dialog(page).getByLabel('First name').fill('Abe');
  await dialog(page).getByLabel('Last name').fill('Again');
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Create account' }).click();
  await expect(dialog(page).getByText(/You started creating this account earlier/)).toBeVisible({ timeout: STUCK_MS });
  await dialog(page)
    .getByLabel('Verification code')
    .fill(await newestCode(request, email, 1));
  await dialog(page).getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByRole('button', { name: /^Account: Abe/ })).toBeVisible({ timeout: STUCK_MS });
  await expect(page).toHaveURL(/\/library$/);
});

test('signing in on the home page lands by the spec’s rules: creators on their classes or their apps', async ({
  browser,
  request,
}) => {
  const admin = await adminAccount(request);
  const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
  const classesCreator = await signUp(request, { emailPrefix: 'classes-creator', firstName: 'Cleo', lastName: 'Classes' });
  const appsCreator = await signUp(request, { emailPrefix: 'apps-creator', firstName: 'Abe', lastName: 'Apps' });
  for (const [who, hasNewDashboardAccess] of [
    [classesCreator, false],
    [appsCreator, true],
  ] as const) {
    const granted = await request.post('/api/users/setCreatorAccess', {
      headers: { authorization: `Bearer ${admin.accessToken}` },
      data: { userId: subOf(who.accessToken), hasNewDashboardAccess },
    });
    expect(granted.ok(), await granted.text()).toBe(true);
  }
  const app = await request.post('/api/app-builder/createApp', {
    headers: { authorization: `Bearer ${appsCreator.accessToken}` },
    data: { name: 'Landing Check' },
  });
  expect(app.ok(), await app.text()).toBe(true);

  for (const [who, landing] of [
    [classesCreator, /\/dashboard\/classes$/],
    [appsCreator, /\/dashboard$/],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await logIn(page, who.email, PASSWORD);
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible({ timeout: STUCK_MS });
    await expect(page).toHaveURL(landing, { timeout: STUCK_MS });
    await context.close();
  }
});
