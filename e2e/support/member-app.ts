// What the member app's journeys share (member-app*.spec.ts): a priced, published app with a
// reminder question in its onboarding, a member onboarded through the API, the trial started on the
// app's paywall, and the wait for the app's service worker.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signUp, type Account } from './accounts';
import { buyCreatorPlan } from './creator-plans';
import { payOnEmulator } from './creator-apps';
import { STUCK_MS } from './waits';

export const MEMBER_FLOW = {
  pages: [
    {
      id: 'goal',
      title: 'Your goal',
      questions: [
        { id: 'distance', prompt: 'Which distance are you training for?', kind: 'single', options: ['5k', '10k'] },
        {
          id: 'reminder-time',
          prompt: 'When should we nudge you?',
          kind: 'single',
          options: ['Morning', 'Midday', 'Evening', 'No reminders'],
        },
      ],
    },
  ],
};

export interface MemberAppAddress {
  appId: string;
  storefrontSlug: string;
  appSlug: string;
}

/** A creator's app, priced (annual and monthly, a 7-day trial) and published; with the creator's account. */
export async function pricedPublishedApp(
  request: APIRequestContext,
  name = 'Stride Coach',
): Promise<{ app: MemberAppAddress; creator: Account }> {
  const creator = await signUp(request, { emailPrefix: 'member-app-creator', firstName: 'Cora', lastName: 'Coach' });
  const headers = { authorization: `Bearer ${creator.accessToken}` };
  const created = await request.post('/api/app-builder/createApp', { headers, data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  const app = (await created.json()).response.app as MemberAppAddress;
  const flow = await request.post('/api/apps/saveAppOnboardingFlowV2', {
    headers,
    data: { appId: app.appId, onboardingFlow: MEMBER_FLOW },
  });
  expect(flow.ok(), await flow.text()).toBe(true);
  const priced = await request.post('/api/payments/update-price-options', {
    headers,
    data: { appId: app.appId, monthlyPrice: 1299, annualPrice: 9900, annualDurationUnit: 'year', trialDays: 7 },
  });
  expect(priced.ok(), await priced.text()).toBe(true);
  await buyCreatorPlan(request, creator.accessToken);
  const published = await request.post(`/api/apps/publishApp/${app.appId}`, { headers, data: {} });
  expect(published.ok(), await published.text()).toBe(true);
  return { app, creator };
}

/** The member's onboarding, through the API (its own journey is app-onboarding.spec.ts), and their plan made. */
export async function onboarded(request: APIRequestContext, member: Account, app: { storefrontSlug: string; appSlug: string }) {
  const headers = { authorization: `Bearer ${member.accessToken}` };
  const at = `${app.storefrontSlug}/${app.appSlug}`;
  const userId = JSON.parse(Buffer.from(member.accessToken.split('.')[1], 'base64url').toString('utf8')).sub as string;
  const userState = { answers: { distance: '10k', 'reminder-time': 'Evening' } };
  const pagesInfo = { currentPageId: 'goal', completedPageIds: ['goal'] };
  const done = await request.post(`/api/apps/completeOnboarding/${at}`, {
    headers,
    data: { finalUserState: userState, pagesInfo },
  });
  expect(done.ok(), await done.text()).toBe(true);
  const plan = await request.post(`/api/apps/createPersonalizedPlan/${at}`, { headers, data: { userState } });
  expect(plan.ok(), await plan.text()).toBe(true);
  await expect
    .poll(
      async () => (await (await request.get(`/api/apps/checkPlanStatus/${userId}/${at}`, { headers })).json()).response?.status,
      {
        timeout: STUCK_MS,
      },
    )
    .toBe('completed');
}

/** From the app's paywall: the annual plan's free trial, paid on the emulator; back on Today. */
export async function startTrialFromPaywall(page: Page, appPath: string, appName: string, cardName: string) {
  await page.goto(appPath);
  const paywall = page.getByRole('form', { name: `Become a member of ${appName}` });
  await expect(paywall).toBeVisible({ timeout: STUCK_MS });
  await paywall.getByRole('button', { name: 'Start my 7-day free trial' }).click();
  await payOnEmulator(page, cardName, 'Start trial');
  await expect(page).toHaveURL(/\/app\?session_id=cs_test_/, { timeout: STUCK_MS });
  await expect(page.getByTestId('today-step')).toBeVisible({ timeout: STUCK_MS });
}

/**
 * Waits until the member app's service worker controls the page and keeps, for offline, the page
 * itself and the member's Today (as Cache Storage shows it).
 */
export async function keptForOffline(page: Page, app: { storefrontSlug: string; appSlug: string }) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Boolean(
            (globalThis as unknown as { navigator: { serviceWorker?: { controller: unknown } } }).navigator.serviceWorker
              ?.controller,
          ),
        ),
      { timeout: STUCK_MS },
    )
    .toBe(true);
  const home = `/api/apps/member/${app.storefrontSlug}/${app.appSlug}/home`;
  await expect
    .poll(
      () =>
        page.evaluate(
          async (paths) => {
            const { caches } = globalThis as unknown as { caches: { match(path: string): Promise<unknown> } };
            const kept = await Promise.all(paths.map((p) => caches.match(p)));
            return kept.every(Boolean);
          },
          [new URL(page.url()).pathname, home],
        ),
      { timeout: STUCK_MS },
    )
    .toBe(true);
}
