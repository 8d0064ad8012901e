import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts';
import { signedIn } from '../support/creator-apps';
import { keptForOffline, onboarded, pricedPublishedApp, startTrialFromPaywall } from '../support/member-app';
import { STUCK_MS } from '../support/waits';

const QUEUE = 'sparkhouse.member-app.queue.';

/**
 * Offline after a reload (issue 29, point 3): on a device that opens the member app for the first time,
 * the service worker keeps what that first visit loaded, so with the network off a reload still shows
 * the plan and today's step; a check-in and "done" made offline survive another reload on the device
 * and, back online, are sent once each, in order.
 */
test('the member app opens offline after a reload with the plan and today’s step; what is done offline is sent once when back online', async ({
  browser,
  request,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const { app } = await pricedPublishedApp(request);
  const member = await signUp(request, { emailPrefix: 'member-offline', firstName: 'Olli', lastName: 'Offline' });
  await onboarded(request, member, app);
  const appPath = `/apps/${app.storefrontSlug}/${app.appSlug}/app`;
  const device = { viewport: { width: 390, height: 844 }, hasTouch: true };

  // the trial, started on one device
  const first = await browser.newContext(device);
  await signedIn(first, member);
  await startTrialFromPaywall(await first.newPage(), appPath, 'Stride Coach', 'Olli Offline');
  await first.close();

  // another device opens the app for the first time
  const context = await browser.newContext(device);
  await signedIn(context, member);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(appPath);
  const step = page.getByTestId('today-step');
  await expect(step).toContainText('Phase 1 of', { timeout: STUCK_MS });
  const stepTitle = (await step.getByRole('heading').innerText()).trim();
  await keptForOffline(page, app);

  // offline, reloaded: the network is really gone, the app still shows the plan and today's step
  await context.setOffline(true);
  await page.reload();
  await expect(step).toContainText('Phase 1 of', { timeout: STUCK_MS });
  await expect(step.getByRole('heading', { name: stepTitle })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  expect(
    await page.evaluate(() =>
      fetch('/api/up').then(
        () => 'reached',
        () => 'unreachable',
      ),
    ),
  ).toBe('unreachable');
  await page.screenshot({ path: test.info().outputPath('member-app-offline-reloaded.png'), fullPage: true });
  await page.getByRole('button', { name: 'Program', exact: true }).click();
  await expect(page.locator('.ma-phase').first()).toContainText(stepTitle);
  await expect(page.locator('.ma-phase')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Today', exact: true }).click();

  // a check-in and today's session, offline: kept on the device, across a reload
  await page.getByRole('button', { name: 'Mood 3 of 5' }).click();
  await page.getByRole('button', { name: 'Effort 4 of 5' }).click();
  await page.getByLabel('Note (optional)').fill('Offline after a reload');
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await step.getByRole('button', { name: "Mark today's session done" }).click();
  await expect(page.getByTestId('offline-banner')).toContainText('(2 waiting)');
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('(2 waiting)', { timeout: STUCK_MS });
  await expect(step.getByTestId('sessions-done')).toHaveText(/Sessions: 1 of/);
  await page.screenshot({ path: test.info().outputPath('member-app-offline-waiting.png'), fullPage: true });

  // back online: each sent once
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: STUCK_MS });
  await expect
    .poll(
      () =>
        page.evaluate(
          (prefix) =>
            Object.keys((globalThis as unknown as { localStorage: Record<string, string> }).localStorage).filter((k) =>
              k.startsWith(prefix),
            ).length,
          QUEUE,
        ),
      {
        timeout: STUCK_MS,
      },
    )
    .toBe(0);
  const headers = { authorization: `Bearer ${member.accessToken}` };
  const base = `/api/apps/member/${app.storefrontSlug}/${app.appSlug}`;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${base}/checkIns`, { headers });
        return ((await res.json()).response.checkIns as { mood: number; effort: number; note: string | null }[]).map((c) => [
          c.mood,
          c.effort,
          c.note,
        ]);
      },
      { timeout: STUCK_MS },
    )
    .toEqual([[3, 4, 'Offline after a reload']]);
  const home = (await (await request.get(`${base}/home`, { headers })).json()).response;
  expect(home.progress).toMatchObject({ sessionsDone: 1, doneToday: true, checkedInToday: true });

  await page.reload();
  await expect(step.getByTestId('sessions-done')).toHaveText(/Sessions: 1 of/, { timeout: STUCK_MS });
  await page.getByRole('button', { name: 'Check-ins', exact: true }).click();
  await expect(page.getByTestId('check-in-history').getByRole('listitem')).toHaveCount(1, { timeout: STUCK_MS });
  expect(errors).toEqual([]);
  await context.close();
});
