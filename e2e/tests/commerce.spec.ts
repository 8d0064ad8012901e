import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STUCK_MS } from '../support/waits';

const PASSWORD = 'correct horse battery';

/** The newest code mailed to an address (the outbox stands in for email outside production). */
async function newestCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
      code = messages.length > 0 ? messages[0].code : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

const dialog = (page: Page) => page.getByRole('dialog');

interface Listed {
  id: string;
  title: string;
  storefrontSlug: string;
  classSlug: string;
  releaseDate: string;
  priceInfo: { priceInCents: number };
}

/** A released, paid class of the demo catalogue, each test its own (an account owns what it buys). */
async function paidClass(request: APIRequestContext, skip = 0): Promise<Listed> {
  const { products } = (await (await request.get('/api/getProducts?limit=60&sort=newest')).json()) as { products: Listed[] };
  const paid = products.filter((p) => p.priceInfo.priceInCents > 0 && Date.parse(p.releaseDate) < Date.now());
  expect(paid.length).toBeGreaterThan(skip);
  return paid[skip];
}

/** Sign-in through the identity API, for checking what an account owns without the browser. */
async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/identity', {
    headers: { 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth', 'Content-Type': 'application/x-amz-json-1.1' },
    data: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'sparkhouse-web',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).AuthenticationResult.AccessToken as string;
}

/** The auth modal is open on its email step: create the account and confirm it with the outbox code. */
async function signUpInModal(page: Page, request: APIRequestContext, email: string) {
  await dialog(page).getByLabel('Email', { exact: true }).fill(email);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog(page).getByLabel('First name').fill('Bea');
  await dialog(page).getByLabel('Last name').fill('Buyer');
  await dialog(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Create account' }).click();
  await dialog(page)
    .getByLabel('Verification code')
    .fill(await newestCode(request, email));
  await dialog(page).getByRole('button', { name: 'Verify and continue' }).click();
}

/** Add the class on its page, then go to the cart through the add-to-cart modal. */
async function addToCartAndOpenCart(page: Page, product: Listed) {
  await page.goto(`/classes/${product.storefrontSlug}/${product.classSlug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Added to your cart' })).toBeVisible();
  await expect(dialog(page)).toContainText(product.title);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await dialog(page).getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(product.title);
}

async function payOnEmulator(page: Page, card: string) {
  await expect(page).toHaveURL(/\/api\/stripe-emulator\/checkout\/cs_test_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Bea Buyer');
  await page.getByRole('button', { name: 'Pay' }).click();
}

test('a visitor adds a class to the cart, signs up, pays with 4242 and finds the class in the library', async ({
  page,
  request,
}) => {
  const product = await paidClass(request, 0);
  const email = `buyer.${Date.now()}@gmail.com`;
  await addToCartAndOpenCart(page, product);

  // checkout needs an account: the modal opens, and after sign-up the stored redirect lands on /checkout
  await page.getByRole('button', { name: 'Checkout' }).click();
  await signUpInModal(page, request, email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('list', { name: 'Your order' })).toContainText(product.title);

  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await payOnEmulator(page, '4242 4242 4242 4242');

  // the success page shows the real state: it turns complete once the webhook has been recorded
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Thank you — it is yours' })).toBeVisible({ timeout: STUCK_MS });
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to your library' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('main')).toContainText(product.title);

  // the dashboards say the same: the class is owned, with its progress; a learner has no apps section
  for (const path of ['/dashboard', '/dashboard/classes']) {
    await page.goto(path);
    const owned = page.getByRole('list', { name: 'Classes you own' });
    await expect(owned.getByRole('listitem').filter({ hasText: product.title })).toBeVisible({ timeout: STUCK_MS });
    await expect(owned.getByRole('progressbar', { name: `Progress in ${product.title}` })).toBeVisible();
    await expect(page.getByText('You do not own a class yet')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Live classes' })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Your apps' })).toHaveCount(0);

  // and the purchase is the account's, not the page's
  const token = await accessToken(request, email);
  const owned = await request.get(`/api/getUserPurchaseForProduct?product_id=${product.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await owned.json()).purchase?.owned).toBe(true);
});

test('a declined card shows an error and creates nothing', async ({ page, request }) => {
  const product = await paidClass(request, 1);
  const email = `declined.${Date.now()}@gmail.com`;
  await addToCartAndOpenCart(page, product);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await signUpInModal(page, request, email);
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await payOnEmulator(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  const sessionId = /checkout\/(cs_test_[A-Za-z0-9]+)/.exec(page.url())?.[1];
  expect(sessionId).toBeTruthy();

  // nothing was bought: the class is not owned, the checkout is still unpaid, the cart still holds the class
  const token = await accessToken(request, email);
  const headers = { Authorization: `Bearer ${token}` };
  const purchase = await (await request.get(`/api/getUserPurchaseForProduct?product_id=${product.id}`, { headers })).json();
  expect(purchase.purchase?.owned ?? false).toBe(false);
  const status = await (await request.get(`/api/payments/checkout-sessions/${sessionId}`, { headers })).json();
  expect(status.response.status).toBe('pending');
  const library = await (await request.get('/api/getLibrary', { headers })).json();
  expect(JSON.stringify(library)).not.toContain(product.id);

  // leaving the payment page comes back to a cancel page that says nothing was charged
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/checkout\/cancel/);
  await expect(page.getByRole('heading', { name: 'Checkout canceled', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing was charged', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});
