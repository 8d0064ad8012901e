import { expect, test } from '@playwright/test';

test('the home route loads from the built app, with no errors in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\w+/);
  await expect(page.getByRole('link', { name: 'Explore Classes' })).toBeVisible();
  // the page came rendered: its app's errors would show once it took the page over (its buttons work)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(errors).toEqual([]);
});

test('the page view the web app records reaches the analytics collector and is accepted', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\w+/);
  // the heading comes in the page's HTML; the app records the view once it took the page over (its buttons work)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // leaving the page sends what is queued (the spec: a page view on every route change)
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/data');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const answer = await uploaded;
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toMatchObject({ code: 200 });
});

test('the theme toggles between light and dark and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // the body fades between themes: wait for the new colour rather than reading it mid-transition
  await expect.poll(background).not.toBe(lightBackground);

  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test('an address with code and state lands on /auth/callback with its query kept', async ({ page }) => {
  await page.goto('/browse?code=abc123&state=xyz789');
  await expect(page).toHaveURL(/\/auth\/callback\?code=abc123&state=xyz789$/);
  // a code this browser did not ask for is refused, not exchanged
  await expect(page.getByRole('alert')).toHaveText('Invalid state in OAuth flow');
});

test('an encoded plus sign in the path is decoded and the page reloaded', async ({ page }) => {
  await page.goto('/schools/music%2Btheory?x=1');
  await expect(page).toHaveURL(/\/schools\/music\+theory\?x=1$/);
});

test("/_app, the spec's name for the application shell, opens the home page", async ({ page }) => {
  await page.goto('/_app');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Explore Classes' })).toBeVisible();
});

test('an unknown page shows the not-found page, an unknown API route a JSON 404', async ({ page, request }) => {
  const answer = await page.goto('/no/such/page');
  // the server knows the app's pages: an unknown one is a 404 with a title that says so
  expect(answer?.status()).toBe(404);
  await expect(page).toHaveTitle('Page not found · Sparkhouse');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/not found|doesn.t exist|could not find/i).first()).toBeVisible();
  const res = await request.get('/api/no/such/route');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
});
