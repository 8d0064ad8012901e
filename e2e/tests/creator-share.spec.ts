import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/accounts';
import { creatorApp, FLOW, LANDING_PAGE, signedIn } from '../support/creator-apps';
import { buyCreatorPlan } from '../support/creator-plans';
import { STUCK_MS } from '../support/waits';
import { pageErrors } from '../support/page-errors';

/**
 * After publishing: where the app lives, "View live" and "Share" (copy link, QR code, the device's
 * share sheet, email and social links, each recorded as an analytics event); on the dashboard's app
 * cards too. Then a change reviewed as visitors will see it: side by side, in a one-line summary.
 */

/** What the page's stubbed navigator.share was called with (Chromium on Linux has no share sheet). */
const sharedData = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __shared?: { url: string } }).__shared ?? null);

async function screenshots(page: Page, name: string) {
  // the theme fades in: a screenshot must not catch it half-way
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => document.documentElement.setAttribute('data-theme', s), scheme);
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

test('a creator publishes, views the app live, shares it, and reviews a change as visitors will see it', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const errors = pageErrors(page);
  const creator = await signUp(request, { emailPrefix: 'share-creator', firstName: 'Sasha', lastName: 'Share' });
  const headers = { authorization: `Bearer ${creator.accessToken}` };
  const app = await creatorApp(request, creator, 'Trail Pacer');
  const priced = await request.post('/api/payments/update-price-options', {
    headers,
    data: { appId: app.appId, monthlyPrice: 999, annualPrice: 7999, trialDays: 7 },
  });
  expect(priced.ok(), await priced.text()).toBe(true);
  await buyCreatorPlan(request, creator.accessToken);
  await signedIn(context, creator);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(() => {
    (globalThis as unknown as { navigator: { share: (d: unknown) => Promise<void> } }).navigator.share = async (data) => {
      (globalThis as unknown as { __shared: unknown }).__shared = data;
    };
  });

  // publish: the plan covers it, so "Publish now"; then the app's address with View live and Share
  await page.goto(`/dashboard/builder?appId=${app.appId}&mode=publish`);
  await expect(page.getByTestId('publish-summary')).toHaveText(
    'First publish: a landing page of 3 sections, 1 onboarding question, $9.99 a month, $79.99 a year, 7-day free trial.',
    { timeout: STUCK_MS },
  );
  await expect(page.getByTestId('creator-plan-price')).toHaveCount(0); // the plan is bought
  await page.getByRole('button', { name: 'Publish now' }).click();
  const panel = page.getByRole('region', { name: 'Trail Pacer is live' });
  await expect(panel).toBeVisible({ timeout: STUCK_MS });
  const livePath = `/apps/${app.storefrontSlug}/${app.appSlug}`;
  const address = new URL(livePath, page.url()).toString();
  await expect(panel).toContainText(address);
  const viewLive = panel.getByRole('link', { name: /^View live/ });
  await expect(viewLive).toHaveAttribute('href', livePath);
  await expect(viewLive).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), viewLive.click()]);
  await expect.poll(() => tab.url()).toBe(address);
  await tab.close();

  // the share modal: copy, QR code (downloadable SVG), the device's share sheet, email and networks
  await panel.getByRole('button', { name: /^Share/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Trail Pacer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Link')).toHaveValue(address);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Link copied to the clipboard.');
  expect(
    await page.evaluate(() =>
      (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
    ),
  ).toBe(address);
  await expect(dialog.getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download QR code (SVG)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('trail-pacer-qr.svg');
  const svg = fs.readFileSync((await download.path())!, 'utf8');
  expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg).toContain('<path');
  await dialog.getByRole('button', { name: 'Share from this device…' }).click();
  await expect.poll(() => sharedData(page)).toMatchObject({ url: address, title: 'Trail Pacer' });
  const targets = dialog.getByRole('list', { name: 'Share on' });
  await expect(targets.getByRole('link', { name: 'Email' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:\\?subject=Trail%20Pacer&body=.*${encodeURIComponent(address).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  for (const [name, host] of [
    ['X', 'https://twitter.com/intent/tweet?url='],
    ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
    ['LinkedIn', 'https://www.linkedin.com/sharing/share-offsite/?url='],
    ['WhatsApp', 'https://wa.me/?text='],
  ]) {
    const href = await targets.getByRole('link', { name, exact: true }).getAttribute('href');
    expect(href?.startsWith(host), `${name}: ${href}`).toBe(true);
    expect(href).toContain(encodeURIComponent(address));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshots(page, 'share-modal-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshots(page, 'share-modal-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // the share modal's events reach the analytics collector (sent when the page is left)
  const uploaded = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/data' && (r.postData() ?? '').includes('share link copied'),
  );
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const events = JSON.parse((await uploaded).postData()!).events as {
    event_type: string;
    event_properties?: Record<string, unknown>;
  }[];
  const shareEvents = events.filter((e) => e.event_type.startsWith('share '));
  expect(shareEvents.map((e) => e.event_type)).toEqual([
    'share modal',
    'share link copied',
    'share qr code downloaded',
    'share sheet opened',
  ]);
  expect(shareEvents[0].event_properties).toMatchObject({ url: address, subject: 'app', from: 'publish', id: app.appId });

  // every app card of the dashboards: View live and Share for a published app
  await page.goto('/dashboard/builder');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Trail Pacer' }) });
  await expect(card.getByRole('link', { name: /^View live/ })).toHaveAttribute('href', livePath, { timeout: STUCK_MS });
  await card.getByRole('button', { name: /^Share/ }).click();
  await expect(page.getByRole('dialog', { name: 'Share Trail Pacer' }).getByLabel('Link')).toHaveValue(address);
  await page.keyboard.press('Escape');

  // the creator's storefront has the same share modal, for its own address
  await page.goto(`/creators/${app.storefrontSlug}`);
  await page.getByRole('button', { name: /^Share/ }).click();
  await expect(page.getByRole('dialog', { name: 'Share Sasha Share' }).getByLabel('Link')).toHaveValue(
    new URL(`/creators/${app.storefrontSlug}`, page.url()).toString(),
    { timeout: STUCK_MS },
  );
  await page.keyboard.press('Escape');

  // a change reviewed as visitors will see it: hero reworded, a new question, prices kept
  const edited = await request.post('/api/apps/saveAppLandingPageInfo', {
    headers,
    data: {
      appId: app.appId,
      landingPageInfo: { ...LANDING_PAGE, hero: { ...LANDING_PAGE.hero, title: 'Run your first trail 10K' } },
    },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  const flow = await request.post('/api/apps/saveAppOnboardingFlowV2', {
    headers,
    data: {
      appId: app.appId,
      // the flow with one more question
      onboardingFlow: {
        pages: [
          {
            ...FLOW.pages[0],
            questions: [
              ...FLOW.pages[0].questions,
              { id: 'terrain', prompt: 'Where do you run?', kind: 'single', options: ['Road', 'Trail'] },
            ],
          },
        ],
      },
    },
  });
  expect(flow.ok(), await flow.text()).toBe(true);
  await page.goto(`/dashboard/builder?appId=${app.appId}&mode=publish`);
  await expect(page.getByTestId('publish-summary')).toHaveText('1 section changed, 1 new question, prices unchanged.', {
    timeout: STUCK_MS,
  });
  const review = page.getByRole('region', { name: 'What visitors will see' });
  const hero = review.getByRole('listitem').filter({ hasText: /^Hero/ });
  await expect(hero.locator('.vr-cell--before')).toContainText('Run your first 10K');
  await expect(hero.locator('.vr-cell--after mark')).toHaveText('Run your first trail 10K');
  const question = review.getByRole('listitem').filter({ hasText: 'Where do you run?' });
  await expect(question).toHaveAttribute('data-change', 'added');
  await expect(question.locator('.vr-cell--before')).toContainText('Not on the live app');
  // unchanged parts stay out of the way until asked for
  await expect(review.getByRole('list', { name: /^Prices/ })).toHaveCount(0);
  await review.getByLabel('Show everything, not only what changes').check();
  await expect(review.getByRole('list', { name: /^Prices/ })).toContainText('$79.99 a year');
  await review.getByLabel('Show everything, not only what changes').uncheck();
  await screenshots(page, 'publish-review-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshots(page, 'publish-review-mobile');
  expect(errors).toEqual([]);
});
