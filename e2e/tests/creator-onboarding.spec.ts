import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts';
import { newApp, signedIn } from '../support/creator-apps';
import { buyCreatorPlan } from '../support/creator-plans';
import { STUCK_MS } from '../support/waits';
import { pageErrors } from '../support/page-errors';

/**
 * A creator shapes their app's onboarding (issue 10, journey a): edits the default flow with its phone
 * preview, saves versions and restores an older one, runs the draft in the Test tab's simulator up to
 * the plan it makes, saves the answers as a test flow and replays it in one click; the simulator
 * records each run's answers and plan, a recorded run opens again at its step, and once published the
 * published flow can be run instead of the draft.
 */
test('a creator edits the onboarding flow, restores a version, simulates it, and replays a saved test flow', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(3 * STUCK_MS);
  const errors = pageErrors(page);
  const creator = await signUp(request, { emailPrefix: 'flow-creator', firstName: 'Fay', lastName: 'Flow' });
  const { accessToken } = creator;
  const { appId } = await newApp(request, creator, { name: 'Flow Lab' });
  await signedIn(context, creator);

  // the default flow, in the editor beside its phone preview
  await page.goto(`/dashboard/builder?appId=${appId}&tab=onboarding`);
  await expect(page.getByText('This app has no onboarding flow of its own yet')).toBeVisible({ timeout: STUCK_MS });
  await expect(page.getByLabel('Page 1 title')).toHaveValue('Welcome to Flow Lab');
  const preview = page.getByRole('region', { name: 'Onboarding preview' });
  await page.getByLabel('Page 2 title').fill('Your running goal');
  await expect(preview).toContainText('Your running goal');
  await page.getByRole('button', { name: 'Save onboarding flow' }).click();
  const versions = page.getByRole('list', { name: 'Onboarding flow versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1, { timeout: STUCK_MS });

  // remove the welcome page: a second version
  await page.getByRole('button', { name: 'Remove Page 1' }).click();
  await expect(page.getByLabel('Page 1 title')).toHaveValue('Your running goal');
  await page.getByRole('button', { name: 'Save onboarding flow' }).click();
  await expect(versions.getByRole('listitem')).toHaveCount(2, { timeout: STUCK_MS });

  // restore version 1: a third version, and the welcome page is back
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(versions.getByRole('listitem')).toHaveCount(3, { timeout: STUCK_MS });
  await expect(versions.getByRole('listitem').first()).toContainText('Restored version 1');
  await expect(page.getByLabel('Page 1 title')).toHaveValue('Welcome to Flow Lab');
  await page.screenshot({ path: test.info().outputPath('onboarding-editor.png'), fullPage: true });

  // the Test tab: the draft as a visitor meets it
  await page.getByRole('tab', { name: 'Test' }).click();
  const sim = page.getByRole('region', { name: 'Simulator' });
  await expect(sim.getByText('Step 1 of 4')).toBeVisible({ timeout: STUCK_MS });
  await sim.getByRole('button', { name: 'Next' }).click();
  await expect(sim.getByRole('heading', { name: 'Your running goal' })).toBeVisible({ timeout: STUCK_MS });
  await sim.getByRole('radio', { name: 'Build a habit' }).check();
  await sim.getByRole('button', { name: 'Next' }).click();
  await expect(sim.getByText('Step 3 of 4')).toBeVisible({ timeout: STUCK_MS });
  await sim.getByRole('radio', { name: 'New to this' }).check();
  await sim.getByLabel('How many hours a week can you give it?').fill('3');
  await sim.getByRole('button', { name: 'Next' }).click();
  await expect(sim.getByText('Step 4 of 4')).toBeVisible({ timeout: STUCK_MS });
  await sim.getByLabel('When do you want to start?').fill('2031-05-04');

  // keep these answers as a test flow
  await page.getByLabel('Test flow title').fill('Beginner');
  await page.getByRole('button', { name: 'Save answers as a test flow' }).click();
  const flows = page.getByRole('list', { name: 'Test flows' });
  await expect(flows.getByRole('listitem')).toHaveCount(1, { timeout: STUCK_MS });
  await expect(flows).toContainText('Beginner');

  await sim.getByRole('button', { name: 'Make the plan' }).click();
  const phases = sim.getByRole('list', { name: 'Simulated plan phases' }).getByRole('listitem');
  await expect(phases).toHaveCount(13, { timeout: STUCK_MS });

  // what the simulator recorded: this run's answers and plan, and the same in the app's list
  const runItems = page.getByRole('list', { name: 'This run’s items' });
  await expect(runItems.getByRole('listitem')).toHaveCount(2, { timeout: STUCK_MS });
  await expect(runItems.getByRole('listitem').first()).toContainText(/Answers to \d+ questions/);
  await expect(runItems.getByRole('listitem').last()).toContainText('Plan');
  const recorded = page.getByRole('list', { name: 'Simulator items' });
  await expect(recorded.getByRole('listitem')).toHaveCount(2, { timeout: STUCK_MS });
  await expect(recorded).toContainText('Draft flow');

  // start over, then replay the saved flow in one click: straight to its last step, answered
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(sim.getByText('Step 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Replay Beginner' }).click();
  await expect(sim.getByText('Step 4 of 4')).toBeVisible();
  await expect(sim.getByLabel('When do you want to start?')).toHaveValue('2031-05-04');
  await sim.getByRole('button', { name: 'Make the plan' }).click();
  await expect(phases).toHaveCount(13, { timeout: STUCK_MS });
  await expect(recorded.getByRole('listitem')).toHaveCount(4, { timeout: STUCK_MS });
  await page.screenshot({ path: test.info().outputPath('simulator-plan.png'), fullPage: true });

  // open the first run again from its recorded answers: back at the step it stopped, with its answers
  await recorded
    .getByRole('button', { name: /^Open run: answers/ })
    .last()
    .click();
  await expect(page).toHaveURL(/testingStepId=sim-/);
  await expect(sim.getByText('Step 4 of 4')).toBeVisible({ timeout: STUCK_MS });
  await expect(sim.getByLabel('When do you want to start?')).toHaveValue('2031-05-04');

  // published, the simulator can run what visitors meet instead of the draft
  const published = page.getByRole('radio', { name: /The published version/ });
  await expect(published).toBeDisabled();
  await buyCreatorPlan(request, accessToken);
  const publish = await request.post(`/api/apps/publishApp/${appId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {},
  });
  expect(publish.ok(), await publish.text()).toBe(true);
  await page.reload();
  // by keyboard: focus the choice and press Space
  await expect(published).toBeEnabled({ timeout: STUCK_MS });
  await published.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/flow=published/);
  await expect(sim.getByText('Step 1 of 4')).toBeVisible({ timeout: STUCK_MS });
  await expect(page.getByText('Go through the published onboarding')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('simulator-items.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(recorded.getByRole('listitem')).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath('simulator-items-phone-dark.png'), fullPage: true });

  // the simulator's answers are not a visitor's: the app is still unpublished, and nobody else sees it
  expect(errors).toEqual([]);
});
