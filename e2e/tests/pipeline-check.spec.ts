import { expect, test } from '@playwright/test';
import { adminAccount, signedIn } from '../support/console';
import { STUCK_MS } from '../support/waits';

test.beforeEach(async ({ page, request }) => {
  await signedIn(page, await adminAccount(request));
});

test('an operator runs a pipeline check and watches it live, even across a reload', async ({ page }) => {
  await page.goto('/ops/pipeline-check');
  await page.getByLabel('Steps').fill('4');
  // slow enough steps that a busy machine still shows the run mid-way (the reload below needs it)
  await page.getByLabel('Delay per step (ms)').fill('4000');
  await page.getByRole('button', { name: 'Start pipeline check' }).click();

  const progress = page.getByRole('progressbar', { name: 'Run progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Checking step [1-3] of 4/)).toBeVisible({ timeout: STUCK_MS });

  // a reload mid-run comes back to the same run and keeps following it
  await page.reload();
  await expect(page).toHaveURL(/run=/);
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible();
  await expect(page.getByText('All 4 steps passed')).toBeVisible({ timeout: STUCK_MS });
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '100');
  // as many steps shown as the check counts
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByLabel('Result')).toContainText('Steps completed');
  await expect(page.getByRole('list', { name: 'Recent runs' })).toBeVisible();
});

test('a check told to fail shows its reason', async ({ page }) => {
  await page.goto('/ops/pipeline-check');
  await page.getByLabel('Steps').fill('2');
  await page.getByLabel('Delay per step (ms)').fill('0');
  await page.locator('#fail-at-step').selectOption('2');
  await page.getByRole('button', { name: 'Start pipeline check' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pipeline check failed on purpose at step 2' })).toBeVisible();
});
