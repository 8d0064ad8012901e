import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from '../support/accounts';
import { adminAccount, signedIn } from '../support/console';
import { STUCK_MS } from '../support/waits';

/**
 * The operations console: an admin finds a creator's failed job by the creator's email, reads its
 * reason and timeline, retries it and watches it complete; rebuilds a read model and watches its
 * progress; anyone else sees none of it.
 */

const shots = path.resolve(__dirname, '../../.data/e2e-artifacts/console');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, name), fullPage: true });
const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Operations console' });

test('an admin finds a failed job by the creator email, reads why, retries it and watches it complete', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const creator = await signUp(request, { emailPrefix: 'ops-creator', firstName: 'Cora', lastName: 'Creator' });
  await signedIn(page, await adminAccount(request));

  // the creator's run fails: a pipeline check for the creator's account, during a simulated outage of 4 s
  await page.goto('/ops/pipeline-check');
  await page.getByLabel('Steps').fill('2');
  await page.getByLabel('Delay per step (ms)').fill('300');
  await page.getByLabel('Simulated outage (s)').fill('4');
  await page.getByLabel('For user (email, optional)').fill(creator.email);
  const asked = Date.now();
  await page.getByRole('button', { name: 'Start pipeline check' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Simulated outage at step 1' })).toBeVisible({ timeout: STUCK_MS });

  // found by the creator's email among the failed runs
  await consoleNav(page).getByRole('link', { name: 'Jobs' }).click();
  await page.getByLabel('User email').fill(creator.email);
  await page.getByLabel('State').selectOption('failed');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('table', { name: 'Runs' }).getByRole('row').filter({ hasText: 'operations.pipeline-check' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Simulated outage at step 1');
  await shot(page, 'jobs-search.png');

  // its reason, timeline and attempts
  await row.getByRole('link', { name: 'operations.pipeline-check' }).click();
  await expect(page.getByRole('heading', { name: 'operations.pipeline-check' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed: Simulated outage at step 1' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem').first()).toContainText('step 1');
  await expect(page.getByRole('list', { name: 'Attempts' })).toContainText('failed');
  await expect(page.getByLabel('Run')).toContainText(creator.email);
  // the events around it, beside it: the creator's own, and the run's
  const around = page.getByRole('complementary');
  await expect(around.getByRole('list', { name: 'Events' })).toContainText('UserProfileCreated');
  await around.getByRole('tab', { name: 'This run' }).click();
  await expect(around.getByRole('list', { name: 'Events' })).toContainText('JobFailed');
  await shot(page, 'job-failed.png');

  // the outage is over: retry it, and watch it complete live
  await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(asked + 4500);
  await page.getByRole('button', { name: 'Retry', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry this run?' });
  await dialog.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'operations.pipeline-check' }).locator('xpath=../..')).toContainText(
    'Completed',
    { timeout: STUCK_MS },
  );
  await expect(page.getByRole('list', { name: 'Attempts' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Log' })).toContainText('Retry 1 requested by');
  await shot(page, 'job-retried.png');
});

test('an admin rebuilds a read model and watches its progress live', async ({ page, request }) => {
  test.setTimeout(3 * STUCK_MS);
  await signedIn(page, await adminAccount(request));
  await page.goto('/ops/projections');
  const item = page.getByRole('list', { name: 'Read models' }).getByRole('listitem').filter({ hasText: 'operations.job-runs' });
  await expect(item).toBeVisible();
  // remember whether the live progress bar showed up at any moment
  await page.evaluate(() => {
    const w = window as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Rebuild of operations.job-runs"]')) w.sawProgress = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await item.getByRole('button', { name: 'Rebuild' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rebuild' }).click();
  // this rebuild's live progress first: a completion shown before it may be an earlier rebuild's
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress), { timeout: STUCK_MS })
    .toBe(true);
  await expect(item.getByRole('progressbar')).toHaveCount(0, { timeout: STUCK_MS });
  await expect(item).toContainText(/Last rebuild completed .*: \d+ events/);
  await expect(item).toContainText('Up to date', { timeout: STUCK_MS });
  await shot(page, 'projections.png');
  await item.getByRole('link', { name: 'its run' }).click();
  await expect(page.getByRole('heading', { name: 'operations.rebuild-projection' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' })).toContainText('replaying');
});

test('the overview is live and reads well in both themes and at every size', async ({ page, request }) => {
  test.setTimeout(2 * STUCK_MS);
  await signedIn(page, await adminAccount(request));
  await page.goto('/ops');
  // every queue of contracts/src/jobs.ts, media-processing and member-reminders included
  await expect(page.getByRole('list', { name: 'Queues' }).getByRole('listitem')).toHaveCount(10);
  const updated = page.getByText(/^Updated /);
  const first = await updated.textContent();
  // pushed over the socket, not polled: the time moves on by itself
  await expect(updated).not.toHaveText(first!, { timeout: STUCK_MS });
  await expect(page.getByRole('img', { name: /Throughput, per minute/ })).toBeVisible();
  for (const width of [1120, 834, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `overview-light-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await shot(page, 'overview-dark.png');
});

test('a signed-in member without a console role sees none of it', async ({ page, request }) => {
  const member = await signUp(request, { emailPrefix: 'ops-member', firstName: 'Mia', lastName: 'Member' });
  await signedIn(page, member);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account: / })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operations' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Operations console' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: /live updates/i })).toHaveCount(0);
  await page.goto('/ops/jobs');
  await expect(page.getByRole('heading', { name: 'Operations team only' })).toBeVisible();
  const api = await request.get('/api/operations/jobs', { headers: { authorization: `Bearer ${member.accessToken}` } });
  expect(api.status()).toBe(403);
  const board = await request.get('/ops/queues/api/queues');
  expect(board.status()).toBe(401);
});
