import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, type Account } from '../support/accounts';
import { buyCreatorPlan } from '../support/creator-plans';
import { STUCK_MS } from '../support/waits';
import { pageErrors } from '../support/page-errors';

/** The session the frontend's auth store keeps in local storage (features/auth/auth-session.ts). */
const AUTH_SESSION_STORAGE_KEY = 'sparkhouse.auth.session';

const FLOW = {
  pages: [
    {
      id: 'goal',
      title: 'Your goal',
      questions: [{ id: 'distance', prompt: 'Which distance?', kind: 'single', options: ['5k', '10k'] }],
    },
    {
      id: 'pace',
      title: 'Your pace',
      questions: [{ id: 'pace', prompt: 'How fast?', kind: 'single', options: ['Easy', 'Fast'] }],
    },
  ],
};

const userIdOf = (account: Account) =>
  JSON.parse(Buffer.from(account.session.idToken.split('.')[1], 'base64url').toString()).sub as string;

/** One anonymous visitor's call, as the onboarding page makes it. */
async function asVisitor(request: APIRequestContext, visitorId: string, path: string, data: unknown) {
  const res = await request.post(`/api${path}`, { headers: { 'x-non-auth-user-id': visitorId }, data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).response;
}

/**
 * The creator's Insights (issue 29, point 5): a published app gets landing views (the public landing
 * page's "product landing" analytics events), two anonymous visitors start its onboarding — one stops on
 * the first page, the other completes it, gets a plan, signs up and starts the annual plan's free trial
 * with 4242. Its creator opens the builder's Insights tab and reads those numbers in the funnel, the
 * drop-off per page and the members; switches the period with the keyboard and exports the days as CSV.
 */
test('a creator reads the funnel of their published app in the Insights tab and exports it as CSV', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const errors = pageErrors(page);

  // a published app with an onboarding flow and an annual plan with a 7-day trial
  const creator = await signUp(request, { emailPrefix: 'insights-creator', firstName: 'Ines', lastName: 'Insight' });
  const headers = { authorization: `Bearer ${creator.accessToken}` };
  const created = await request.post('/api/app-builder/createApp', { headers, data: { name: 'Stride Insights' } });
  expect(created.ok(), await created.text()).toBe(true);
  const app = (await created.json()).response.app as { appId: string; storefrontSlug: string; appSlug: string };
  const flow = await request.post('/api/apps/saveAppOnboardingFlowV2', {
    headers,
    data: { appId: app.appId, onboardingFlow: FLOW },
  });
  expect(flow.ok(), await flow.text()).toBe(true);
  const priced = await request.post('/api/payments/update-price-options', {
    headers,
    data: { appId: app.appId, monthlyPrice: 999, annualPrice: 7999, trialDays: 7 },
  });
  expect(priced.ok(), await priced.text()).toBe(true);
  await buyCreatorPlan(request, creator.accessToken);
  const published = await request.post(`/api/apps/publishApp/${app.appId}`, { headers, data: {} });
  expect(published.ok(), await published.text()).toBe(true);
  const slugs = `${app.storefrontSlug}/${app.appSlug}`;

  // five views of the landing page by three visitors, as the page posts them to the collector
  const a = `anon_insights-a-${Date.now()}`;
  const b = `anon_insights-b-${Date.now()}`;
  const c = `anon_insights-c-${Date.now()}`;
  const views = [a, a, b, c, c].map((device_id) => ({
    event_type: 'product landing',
    time: Date.now(),
    device_id,
    event_properties: { storefrontSlug: app.storefrontSlug, appSlug: app.appSlug },
  }));
  const uploaded = await request.post('/api/data', {
    data: { api_key: 'sparkhouse-web', events: views, v: 2, upload_time: Date.now() },
  });
  expect(await uploaded.json()).toEqual({ code: 200, events_ingested: 5 });

  // b stops on the first page; a goes through both, completes and gets a plan
  await asVisitor(request, b, `/apps/saveOnboardingUserState/${slugs}`, {
    userState: { answers: {} },
    pagesInfo: { currentPageId: 'goal', completedPageIds: [] },
  });
  await asVisitor(request, a, `/apps/saveOnboardingUserState/${slugs}`, {
    userState: { answers: {} },
    pagesInfo: { currentPageId: 'goal', completedPageIds: [] },
  });
  await asVisitor(request, a, `/apps/saveOnboardingUserState/${slugs}`, {
    userState: { answers: { distance: '10k' } },
    pagesInfo: { currentPageId: 'pace', completedPageIds: ['goal'] },
  });
  await asVisitor(request, a, `/apps/completeOnboarding/${slugs}`, {
    finalUserState: { answers: { distance: '10k', pace: 'Easy' } },
    pagesInfo: { currentPageId: 'pace', completedPageIds: ['goal', 'pace'] },
  });
  await asVisitor(request, a, `/apps/createPersonalizedPlan/${slugs}`, {
    userState: { answers: { distance: '10k', pace: 'Easy' } },
  });

  // a signs up (their visits and answers become the member's) and starts the annual plan's trial
  const member = await signUp(request, { emailPrefix: 'insights-member', firstName: 'Ada', lastName: 'Member' });
  const memberHeaders = { authorization: `Bearer ${member.accessToken}` };
  const linked = await request.post('/api/users/linkAuthUserWithAnonymousUserId', {
    headers: memberHeaders,
    data: { anonymousUserId: a },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  const checkout = await request.post('/api/payments/create-checkout-session', {
    headers: memberHeaders,
    data: {
      userId: userIdOf(member),
      storefrontSlug: app.storefrontSlug,
      appSlug: app.appSlug,
      priceOptionId: 'annual',
      successUrl: '/dashboard',
      cancelUrl: '/dashboard',
    },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { url } = (await checkout.json()).response as { url: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, {
    form: { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Ada Member' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);

  // the creator opens the Insights tab
  await context.addInitScript(
    ([key, value]) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
    [AUTH_SESSION_STORAGE_KEY, JSON.stringify(creator.session)],
  );
  await page.goto(`/dashboard/builder?appId=${app.appId}`);
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/tab=insights/);
  await expect(page.getByRole('heading', { name: 'Insights', level: 2 })).toBeVisible({ timeout: STUCK_MS });

  const step = (name: string) => page.locator(`.insights-funnel__step[data-step="${name}"] .insights-funnel__count`);
  // the plan is made by the worker and the trial recorded from the emulator's webhook: reload until both show
  await expect(async () => {
    await page.reload();
    await expect(step('trials')).toHaveText('1', { timeout: 2_000 });
    await expect(step('planReady')).toHaveText('1', { timeout: 2_000 });
  }).toPass({ timeout: STUCK_MS });
  await expect(step('visitors')).toHaveText('3');
  await expect(step('started')).toHaveText('2');
  await expect(step('completed')).toHaveText('1');
  await expect(step('accounts')).toHaveText('1');
  await expect(step('paid')).toHaveText('0');
  await expect(page.getByText('5 landing page views in the last 30 days')).toBeVisible();

  const pages = page.getByRole('region', { name: 'Drop-off per onboarding page' });
  await expect(pages.getByRole('row', { name: /^goal/ })).toHaveText(/goal\s*2\s*1\s*50%/);
  await expect(pages.getByRole('row', { name: /^pace/ })).toHaveText(/pace\s*1\s*0\s*0%/);
  const members = page.locator('.insights-kpi').filter({ hasText: 'Members' });
  await expect(members).toContainText('1');
  await expect(members).toContainText('0 paying · 1 in trial');

  // light and dark, desktop and phone — looked at by a person
  const shots = test.info().outputPath('insights');
  fs.mkdirSync(shots, { recursive: true });
  const shoot = (name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot('insights-desktop-light');
  await setDark(page);
  await shoot('insights-desktop-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot('insights-mobile-dark');
  await page.evaluate(() => localStorage.setItem('sparkhouse.theme', 'light'));
  await page.reload();
  await expect(step('trials')).toHaveText('1', { timeout: STUCK_MS });
  await shoot('insights-mobile-light');
  await page.setViewportSize({ width: 1280, height: 900 });

  // the period switch by keyboard
  await page.getByRole('button', { name: '30 days' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: '7 days' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('5 landing page views in the last 7 days')).toBeVisible({ timeout: STUCK_MS });

  // the CSV export: a header and one row a day, today's with the numbers above
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^insights-${app.appSlug}-.*\\.csv$`));
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('day,views,visitors,started,completed,planReady,accounts,trials,paid,churned,revenueInCents,checkIns');
  expect(lines).toHaveLength(8);
  const today = new Date().toISOString().slice(0, 10);
  expect(lines[7]).toBe(`${today},5,3,2,1,1,1,1,0,0,0,0`);

  const axe = await new AxeBuilder({ page }).include('.insights').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  expect(errors).toEqual([]);
});

async function setDark(page: Page) {
  await page.evaluate(() => localStorage.setItem('sparkhouse.theme', 'dark'));
  await page.reload();
  await expect(page.locator('.insights-funnel__step[data-step="trials"] .insights-funnel__count')).toHaveText('1', {
    timeout: STUCK_MS,
  });
}
