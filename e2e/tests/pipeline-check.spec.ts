import { expect, test } from '@playwright/test';

test('an operator runs a pipeline check and watches it live, even across a reload', async ({ page }) => {
  await page.goto('/ops/jobs');
  await page.getByLabel('Steps').fill('4');
  await page.getByLabel('Delay per step (ms)').fill('700');
  await page.getByRole('button', { name: 'Start pipeline check' }).click();

  const progress = page.getByRole('progressbar', { name: 'Run progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Checking step [12] of 4/)).toBeVisible();

  // a reload mid-run comes back to the same run and keeps following it
  await page.reload();
  await expect(page).toHaveURL(/run=/);
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible();
  await expect(page.getByText('All 4 steps passed')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByLabel('Result')).toContainText('Steps completed');
  await expect(page.getByRole('list', { name: 'Recent runs' })).toBeVisible();
});

test('a check told to fail shows its reason', async ({ page }) => {
  await page.goto('/ops/jobs');
  await page.getByLabel('Steps').fill('2');
  await page.getByLabel('Delay per step (ms)').fill('0');
  await page.locator('#fail-at-step').selectOption('2');
  await page.getByRole('button', { name: 'Start pipeline check' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pipeline check failed on purpose at step 2' })).toBeVisible();
});
