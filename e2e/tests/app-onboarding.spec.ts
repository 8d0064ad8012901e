import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signUp } from '../support/accounts';
import { buyCreatorPlan } from '../support/creator-plans';
import { STUCK_MS } from '../support/waits';
import { pageErrors } from '../support/page-errors';

/**
 * An app's visitor (issue 10, journey b): on a phone-sized screen, an anonymous visitor goes through a
 * published app's onboarding step by step, is stopped by each question kind's validation, reloads
 * mid-way and resumes where they were, watches their personalized plan being prepared live (the
 * local generator is slowed by AI_LOCAL_DELAY_MS), then signs up and sees the same plan as a member.
 * Another visitor sees none of it.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const FLOW = {
  pages: [
    { id: 'hello', title: 'Welcome to Stride', body: 'Three quick questions, then your plan.', questions: [] },
    {
      id: 'goal',
      title: 'Your goal',
      questions: [
        { id: 'distance', prompt: 'Which distance?', kind: 'single', options: ['5k', '10k', 'Half marathon'] },
        { id: 'days', prompt: 'Which days can you run?', kind: 'multi', options: ['Mon', 'Wed', 'Sat'] },
      ],
    },
    {
      id: 'you',
      title: 'About you',
      questions: [
        { id: 'km', prompt: 'Kilometres a week now?', kind: 'number', min: 0, max: 200 },
        { id: 'race', prompt: 'Race day?', kind: 'date' },
        { id: 'note', prompt: 'Anything else?', kind: 'text', required: false },
      ],
    },
  ],
};

/** A creator's published app with the flow above; answers its onboarding address. */
async function publishedApp(request: APIRequestContext): Promise<string> {
  const creator = await signUp(request, { emailPrefix: 'stride-creator', firstName: 'Sam', lastName: 'Stride' });
  const headers = { authorization: `Bearer ${creator.accessToken}` };
  const created = await request.post('/api/app-builder/createApp', { headers, data: { name: 'Stride Coach' } });
  expect(created.ok(), await created.text()).toBe(true);
  const app = (await created.json()).response.app;
  const saved = await request.post('/api/apps/saveAppOnboardingFlowV2', {
    headers,
    data: { appId: app.appId, onboardingFlow: FLOW },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // publishing needs a creator plan: bought through the tier checkout
  await buyCreatorPlan(request, creator.accessToken);
  const published = await request.post(`/api/apps/publishApp/${app.appId}`, { headers, data: {} });
  expect(published.ok(), await published.text()).toBe(true);
  return `/apps/${app.storefrontSlug}/${app.appSlug}/onboarding`;
}

const step = (page: Page, n: number) => expect(page.getByText(`Step ${n} of 3`)).toBeVisible({ timeout: STUCK_MS });

test('an anonymous visitor completes onboarding on a phone, resumes after a reload, watches the plan made, signs up and keeps it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const errors = pageErrors(page);
  const url = await publishedApp(request);

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Stride Coach' })).toBeVisible({ timeout: STUCK_MS });
  await step(page, 1);
  await expect(page.getByRole('heading', { name: 'Welcome to Stride' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // a choice page: nothing chosen is refused per question
  await step(page, 2);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please answer this question.' })).toHaveCount(2);
  await page.getByRole('radio', { name: '10k' }).check();
  await page.getByRole('checkbox', { name: 'Mon' }).check();
  await page.getByRole('checkbox', { name: 'Sat' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 3);
  await page.getByLabel('Kilometres a week now?').fill('12');
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('visitor-step-3.png'), fullPage: true });

  // a reload mid-way: the server kept where the visitor was and what they chose
  await page.reload();
  await step(page, 3);
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await step(page, 2);
  await expect(page.getByRole('radio', { name: '10k' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Sat' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Wed' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 3);

  // a number out of bounds and a missing date are refused
  await page.getByLabel('Kilometres a week now?').fill('500');
  await page.getByRole('button', { name: 'See my plan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a number of at most 200.' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please answer this question.' })).toBeVisible();
  await page.getByLabel('Kilometres a week now?').fill('12');
  await page.getByLabel('Race day?').fill('2031-05-04');
  await page.getByRole('button', { name: 'See my plan' }).click();

  // the plan is prepared live, then shown
  await expect(page.getByRole('heading', { name: 'Preparing your plan' })).toBeVisible({ timeout: STUCK_MS });
  await expect(page.getByRole('progressbar', { name: 'Plan progress' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('visitor-plan-preparing.png'), fullPage: true });
  const phases = page.getByRole('list', { name: 'Plan phases' }).getByRole('listitem');
  await expect(phases).toHaveCount(13, { timeout: STUCK_MS });
  await expect(page.getByText('6-Week Transformation Plan')).toBeVisible();
  await expect(page.getByText('Time to Race Day')).toBeVisible();
  const planTitle = await page.locator('#ob-plan-title').innerText();
  const phaseTitles = await phases.locator('strong').allInnerTexts();
  await expect(page.getByRole('heading', { name: 'Keep your plan' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('visitor-plan.png'), fullPage: true });

  // another visitor (another browser) starts from the beginning
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const otherPage = await other.newPage();
  await otherPage.goto(url);
  await expect(otherPage.getByText('Step 1 of 3')).toBeVisible({ timeout: STUCK_MS });
  await expect(otherPage.getByRole('heading', { name: 'Welcome to Stride' })).toBeVisible();
  await other.close();

  // sign up: the anonymous answers and plan become the member's
  await page.getByRole('button', { name: 'Create my account' }).click();
  const dialog = page.getByRole('dialog');
  const email = `stride-visitor-${Date.now()}@example.com`;
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog.getByLabel('First name').fill('Vera');
  await dialog.getByLabel('Last name').fill('Visitor');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
      code = messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(dialog).toBeHidden({ timeout: STUCK_MS });

  await expect(page).toHaveURL(new RegExp(`${url}$`));
  await expect(page.getByRole('status').filter({ hasText: 'saved to your account' })).toBeVisible({ timeout: STUCK_MS });
  await expect(page.locator('#ob-plan-title')).toHaveText(planTitle);
  expect(await phases.locator('strong').allInnerTexts()).toEqual(phaseTitles);
  // and after a reload, still as the member
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'saved to your account' })).toBeVisible({ timeout: STUCK_MS });
  await expect(page.locator('#ob-plan-title')).toHaveText(planTitle);
  await page.screenshot({ path: test.info().outputPath('member-plan.png'), fullPage: true });

  // an unknown app is a clear 404 page
  await page.goto('/apps/no-such-store/no-such-app/onboarding');
  await expect(page.getByRole('heading', { level: 1, name: 'App not found' })).toBeVisible({ timeout: STUCK_MS });
  expect(errors).toEqual([]);
});

test('Email me my plan: the visitor is told to check their mail; the owner follows the link, signs in and has the plan; the link works once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(4 * STUCK_MS);
  const errors = pageErrors(page);
  const url = await publishedApp(request);
  const member = await signUp(request, { emailPrefix: 'stride-member', firstName: 'Mia', lastName: 'Member' });
  const headers = { authorization: `Bearer ${member.accessToken}` };
  const { userId } = (await (await request.get('/api/users/getBasicUserInfo', { headers })).json()).response;
  const appPath = url.replace(/^\/apps\//, '').replace(/\/onboarding$/, '');
  const membersPlan = async () => {
    const r = await request.get(`/api/apps/checkPlanStatus/${userId}/${appPath}`, { headers });
    return r.ok() ? ((await r.json()).response.plan?.title ?? null) : null;
  };
  const mailTo = async (to: string) =>
    (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).messages as {
      subject: string;
      text: string;
    }[];

  await page.goto(url);
  await step(page, 1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await step(page, 2);
  await page.getByRole('radio', { name: '5k' }).check();
  await page.getByRole('checkbox', { name: 'Wed' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 3);
  await page.getByLabel('Kilometres a week now?').fill('8');
  await page.getByLabel('Race day?').fill('2031-06-01');
  await page.getByRole('button', { name: 'See my plan' }).click();
  await expect(page.getByRole('list', { name: 'Plan phases' }).getByRole('listitem')).toHaveCount(13, { timeout: STUCK_MS });
  const planTitle = await page.locator('#ob-plan-title').innerText();

  // beside the account offer: the email capture, checked with the spec's messages
  const capture = page.getByRole('region', { name: 'Email me my plan' });
  const submit = capture.getByRole('button', { name: 'Email me my plan' });
  await submit.click();
  await expect(capture.getByText('You must provide an email.')).toBeVisible();
  await capture.getByLabel('Your email').fill('mia@example');
  await submit.click();
  await expect(capture.getByRole('alert')).toHaveText(
    "This email address looks invalid. If we're wrong, please contact support.",
  );

  // an address without an account reads exactly as one with an account, and gets no mail
  const nobody = `nobody-${Date.now()}@example.com`;
  await capture.getByLabel('Your email').fill(nobody);
  await submit.click();
  const sent = page.getByRole('region', { name: 'Check your email' });
  await expect(sent.getByRole('status')).toContainText('If that address has an account, we sent it a link.', {
    timeout: STUCK_MS,
  });
  await sent.getByRole('button', { name: 'Use another email' }).click();
  await capture.getByLabel('Your email').fill(member.email.toUpperCase());
  await submit.click();
  await expect(sent.getByRole('status')).toContainText('If that address has an account, we sent it a link.', {
    timeout: STUCK_MS,
  });
  await expect(sent.getByRole('status')).toContainText(member.email);
  await expect(page.locator('#ob-plan-title')).toHaveText(planTitle);
  await page.screenshot({ path: test.info().outputPath('visitor-check-your-email.png'), fullPage: true });
  expect(
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
  expect(await mailTo(nobody)).toEqual([]);
  // nothing is linked before the owner follows the link
  expect(await membersPlan()).toBeNull();

  // the owner, on another device, opens the link from the mail (the operations console lists it too)
  const [mail] = await mailTo(member.email);
  expect(mail.subject).toBe('Keep your plan with your Sparkhouse account');
  const link = new URL(/https?:\/\/\S+\/onboarding\/link#\S+/.exec(mail.text)![0]);
  const linkPath = `${link.pathname}${link.hash}`;
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ownerPage = await owner.newPage();
  ownerPage.on('pageerror', (e) => errors.push(e.message));
  await ownerPage.goto(linkPath);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Keep your plan with your account' })).toBeVisible({
    timeout: STUCK_MS,
  });
  // signed out, the page asks to sign in (the dialog opens by itself)
  const dialog = ownerPage.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(member.email);
  await ownerPage.screenshot({ path: test.info().outputPath('owner-link-sign-in.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();

  // linked: on to the plan, now the member's
  await expect(ownerPage).toHaveURL(new RegExp(`${url}$`), { timeout: STUCK_MS });
  await expect(ownerPage.getByRole('status').filter({ hasText: 'saved to your account' })).toBeVisible({ timeout: STUCK_MS });
  await expect(ownerPage.locator('#ob-plan-title')).toHaveText(planTitle);
  await ownerPage.screenshot({ path: test.info().outputPath('owner-plan-linked.png'), fullPage: true });
  expect(await membersPlan()).toBe(planTitle);

  // the same link again is refused, and so is a tampered one
  await ownerPage.goto(linkPath);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible({
    timeout: STUCK_MS,
  });
  await expect(ownerPage.getByRole('alert')).toContainText('This link has already been used.');
  await ownerPage.screenshot({ path: test.info().outputPath('owner-link-used.png'), fullPage: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    // no colour transition in flight while axe reads the colours
    await ownerPage.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const { violations } = await new AxeBuilder({ page: ownerPage }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  }
  await ownerPage.screenshot({ path: test.info().outputPath('owner-link-used-dark.png'), fullPage: true });
  const token = link.hash.slice(1);
  // a fresh load (only the fragment differs from the page open now)
  await ownerPage.goto('about:blank');
  await ownerPage.goto(`${link.pathname}#${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
  await expect(ownerPage.getByRole('alert')).toContainText('This link is not valid.', { timeout: STUCK_MS });
  await owner.close();
  expect(errors).toEqual([]);
});
