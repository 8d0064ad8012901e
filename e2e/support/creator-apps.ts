import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Account } from './accounts';
import { STUCK_MS } from './waits';

/** The session the frontend's auth store keeps in local storage (features/auth/auth-session.ts). */
export const AUTH_SESSION_STORAGE_KEY = 'sparkhouse.auth.session';

/** One page and one question: the visitor's way to the plan is short, the plans come after it. */
export const FLOW = {
  pages: [
    {
      id: 'goal',
      title: 'Your goal',
      questions: [
        {
          id: 'distance',
          prompt: 'Which distance are you training for?',
          kind: 'single',
          options: ['5k', '10k', 'Half marathon'],
        },
      ],
    },
  ],
};

export const LANDING_PAGE = {
  hero: { title: 'Run your first 10K', subtitle: 'A plan that fits your week.', cta: 'Start free' },
  sections: [{ kind: 'features', title: 'What you get', body: 'Weekly plans, check-ins and tips.' }],
  pricingCopy: { monthly: 'Billed monthly', annual: 'Billed yearly' },
};

/** The browser context is signed in as `account` from its first page on. */
export async function signedIn(context: BrowserContext, account: Pick<Account, 'session'>) {
  await context.addInitScript(
    // the page's own frame only: a PDF shown inline is a frame without storage of its own
    ([key, value]) =>
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } | null }).localStorage?.setItem(
        key,
        value,
      ),
    [AUTH_SESSION_STORAGE_KEY, JSON.stringify(account.session)],
  );
}

/** A new app of the creator's (createApp as the builder's first screen sends it). */
export async function newApp(
  request: APIRequestContext,
  creator: Pick<Account, 'accessToken'>,
  data: { name: string; prompt?: string },
) {
  const created = await request.post('/api/app-builder/createApp', {
    headers: { authorization: `Bearer ${creator.accessToken}` },
    data,
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()).response.app as { appId: string; storefrontSlug: string; appSlug: string };
}

/** A creator's app with an onboarding flow and a landing page of its own, never published. */
export async function creatorApp(request: APIRequestContext, creator: Account, name = 'Stride Coach') {
  const headers = { authorization: `Bearer ${creator.accessToken}` };
  const app = await newApp(request, creator, { name });
  for (const [path, data] of [
    ['/api/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow: FLOW }],
    ['/api/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: LANDING_PAGE }],
  ] as const) {
    const saved = await request.post(path, { headers, data });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  return app;
}

/** Pays on the emulator's checkout page; a subscription with a free trial is started, not paid. */
export async function payOnEmulator(page: Page, name: string, button: 'Pay' | 'Start trial' = 'Pay') {
  await expect(page).toHaveURL(/\/api\/stripe-emulator\/checkout\/cs_test_/, { timeout: STUCK_MS });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(name);
  await page.getByRole('button', { name: button, exact: true }).click();
}
