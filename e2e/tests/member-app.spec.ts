import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts';
import { payOnEmulator, signedIn } from '../support/creator-apps';
import { onboarded, pricedPublishedApp } from '../support/member-app';
import { STUCK_MS } from '../support/waits';

/**
 * The member app (issue 29): a visitor of a published, priced app finishes its onboarding, opens
 * /apps/{s}/{a}/app, meets the paywall (annual first, with the trial), starts the trial on the payment
 * page, lands on Today, checks in and marks today's session done; then, offline (the browser context
 * set offline), checks in again — kept on the device — and, back online, sees it applied once.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('a member starts a trial from the app’s paywall, checks in and marks today done, then checks in offline and sees it applied once', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { app } = await pricedPublishedApp(request);
  const member = await signUp(request, { emailPrefix: 'member-app-member', firstName: 'Max', lastName: 'Member' });
  await onboarded(request, member, app);
  await signedIn(context, member);
  const appPath = `/apps/${app.storefrontSlug}/${app.appSlug}/app`;
  const headers = { authorization: `Bearer ${member.accessToken}` };

  // not a member yet: the paywall, annual first and preselected, with the trial
  await page.goto(appPath);
  const paywall = page.getByRole('form', { name: 'Become a member of Stride Coach' });
  await expect(paywall).toBeVisible({ timeout: STUCK_MS });
  await expect(paywall.getByRole('radio').first()).toHaveAccessibleName(/Annual/);
  await expect(paywall.getByRole('radio').first()).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('member-app-paywall.png'), fullPage: true });
  await paywall.getByRole('button', { name: 'Start my 7-day free trial' }).click();
  await payOnEmulator(page, 'Max Member', 'Start trial');

  // back in the app: Today, the first phase of the plan
  await expect(page).toHaveURL(/\/app\?session_id=cs_test_/, { timeout: STUCK_MS });
  const step = page.getByTestId('today-step');
  await expect(step).toBeVisible({ timeout: STUCK_MS });
  await expect(step).toContainText('Phase 1 of');
  await expect(page.getByTestId('streak')).toHaveText('0');

  // a check-in, one tap each, and today's session done
  await page.getByRole('button', { name: 'Mood 4 of 5' }).click();
  await page.getByRole('button', { name: 'Effort 3 of 5' }).click();
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page.getByText('✓ Checked in')).toBeVisible({ timeout: STUCK_MS });
  await step.getByRole('button', { name: "Mark today's session done" }).click();
  await expect(step.getByTestId('sessions-done')).toHaveText(/Sessions: 1 of/, { timeout: STUCK_MS });
  await expect(page.getByTestId('streak')).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('member-app-today.png'), fullPage: true });

  // the page shows what the member did at once and sends it meanwhile: it has all been sent before the
  // network goes (else it would, rightly, wait on the device with the offline check-in)
  const waiting = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('sparkhouse.member-app.queue.'))
        .reduce((n, k) => n + (JSON.parse(localStorage.getItem(k) ?? '[]') as unknown[]).length, 0),
    );
  await expect.poll(waiting, { timeout: STUCK_MS }).toBe(0);

  // offline: another check-in is kept on the device and shown at once
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByRole('button', { name: 'Check-ins', exact: true }).click();
  await page.getByRole('button', { name: 'Mood 2 of 5' }).click();
  await page.getByRole('button', { name: 'Effort 5 of 5' }).click();
  await page.getByLabel('Note (optional)').fill('Tired but did it');
  await page.getByRole('button', { name: 'Save check-in' }).click();
  await expect(page.getByTestId('offline-banner')).toContainText('(1 waiting)');
  await expect(page.getByTestId('check-in-history')).toContainText('Tired but did it');
  await page.screenshot({ path: test.info().outputPath('member-app-offline.png'), fullPage: true });
  const queued = await page.evaluate(
    () => Object.keys(localStorage).filter((k) => k.startsWith('sparkhouse.member-app.queue.')).length,
  );
  expect(queued).toBe(1);

  // back online: sent, applied once
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: STUCK_MS });
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/apps/member/${app.storefrontSlug}/${app.appSlug}/checkIns`, { headers });
        return ((await res.json()).response.checkIns as { mood: number; note: string | null }[]).map((c) => [c.mood, c.note]);
      },
      { timeout: STUCK_MS },
    )
    .toEqual([
      [2, 'Tired but did it'],
      [4, null],
    ]);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sparkhouse.member-app.queue.')).length))
    .toBe(0);
  await page.reload();
  await page.getByRole('button', { name: 'Check-ins', exact: true }).click();
  await expect(page.getByTestId('check-in-history').getByRole('listitem')).toHaveCount(2, { timeout: STUCK_MS });
  await expect(page.getByRole('img', { name: /2 check-ins/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('member-app-check-ins.png'), fullPage: true });

  // the account: the trial, and the reminder time chosen in the onboarding (Evening)
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByTestId('membership-status')).toContainText('free trial until');
  await expect(page.getByRole('radio', { name: 'Evening (19:00)' })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('member-app-account.png'), fullPage: true });

  // dark theme and a desktop screen
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await page.screenshot({ path: test.info().outputPath('member-app-today-dark.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('member-app-today-desktop-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath('member-app-today-desktop.png'), fullPage: true });
  expect(errors).toEqual([]);
});
