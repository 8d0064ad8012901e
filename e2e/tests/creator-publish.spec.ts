import { expect, test } from '@playwright/test';
import { signUp } from '../support/accounts';
import { creatorApp, payOnEmulator, signedIn } from '../support/creator-apps';
import { STUCK_MS } from '../support/waits';
import { pageErrors } from '../support/page-errors';

// the member journey subscribes to the app the creator journey priced and published
test.describe.configure({ mode: 'serial' });
let shared: { app: { appId: string; storefrontSlug: string; appSlug: string } } | null = null;

test('a creator sets monthly and annual prices, sees what goes live, buys a creator plan with 4242 and publishes', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(3 * STUCK_MS);
  const errors = pageErrors(page);
  const creator = await signUp(request, { emailPrefix: 'price-creator', firstName: 'Pia', lastName: 'Price' });
  const app = await creatorApp(request, creator);
  shared = { app };
  await signedIn(context, creator);

  // the pricing screen: dollars in, the plans as members will see them (annual first and preselected)
  await page.goto(`/dashboard/builder?appId=${app.appId}&mode=pricing_tiers`);
  await expect(page.getByRole('heading', { name: 'What members pay for Stride Coach' })).toBeVisible({ timeout: STUCK_MS });
  await page.getByRole('button', { name: 'Save pricing' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Set a monthly price, an annual price or both.' })).toBeVisible();
  await page.getByLabel('Monthly price ($)').fill('0.2');
  await page.getByRole('button', { name: 'Save pricing' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The lowest monthly price is $0.50' })).toBeVisible();
  await page.getByLabel('Monthly price ($)').fill('12.99');
  await page.getByLabel('Annual price ($)').fill('99');
  await page.getByLabel('Free trial for new members').selectOption('7');
  const preview = page.getByRole('region', { name: 'As members will see it' });
  const plans = preview.getByRole('radio');
  await expect(plans).toHaveCount(2);
  await expect(plans.first()).toHaveAccessibleName(/Annual/);
  await expect(plans.first()).toBeChecked();
  await expect(preview).toContainText('$99 / year');
  await expect(preview).toContainText('$8.25 a month');
  await expect(preview).toContainText('7-day free trial');
  await expect(preview.getByRole('button', { name: 'Start my 7-day free trial' })).toBeVisible();
  await page.getByRole('button', { name: 'Save pricing' }).click();
  await expect(page.getByText('Pricing saved. It goes live when you publish.')).toBeVisible({ timeout: STUCK_MS });
  await page.screenshot({ path: test.info().outputPath('pricing-screen.png'), fullPage: true });

  // publish: what goes live first, field by field
  await page.getByRole('button', { name: 'Back to the editor' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished changes' })).toContainText('pricing', {
    timeout: STUCK_MS,
  });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL(/mode=publish/);
  // first what visitors will get, in money; the field by field detail folded below it
  const review = page.getByRole('region', { name: 'What visitors will see' });
  await expect(review).toBeVisible({ timeout: STUCK_MS });
  await expect(page.getByTestId('publish-summary')).toHaveText(
    'First publish: a landing page of 3 sections, 1 onboarding question, $12.99 a month, $99 a year, 7-day free trial.',
  );
  await expect(review.getByRole('list', { name: /^Prices/ })).toContainText('$12.99 a month');
  await expect(page.getByTestId('creator-plan-price')).toHaveText(
    /^Creator plans from \$[\d.,]+ a month, or \$[\d.,]+ a year\.$/,
  );
  await page.getByText('Every field that changes, in detail').click();
  const live = page.getByRole('region', { name: 'What goes live' });
  await expect(live).toBeVisible({ timeout: STUCK_MS });
  const pricing = live.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Pricing/ }) });
  await expect(pricing.getByRole('row', { name: /Monthly price/ })).toContainText('$12.99');
  await expect(pricing.getByRole('row', { name: /Annual price/ })).toContainText('$99');
  await expect(pricing.getByRole('row', { name: /Trial days/ })).toContainText('7 days free');
  const landing = live.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Landing page/ }) });
  await expect(landing.getByRole('row', { name: /Hero › Title/ })).toContainText('Run your first 10K');
  await page.screenshot({ path: test.info().outputPath('what-goes-live.png'), fullPage: true });

  // no creator plan yet: the tiers, the yearly plan preselected, then the payment page
  await page.getByRole('button', { name: 'Choose a plan to publish' }).click();
  const tiers = page.getByRole('form', { name: 'Choose a creator plan to publish' });
  await expect(tiers.getByRole('region', { name: 'Starter' })).toBeVisible({ timeout: STUCK_MS });
  await expect(tiers.getByRole('radio', { name: /Starter yearly/ })).toBeChecked();
  await tiers.getByRole('radio', { name: /Pro yearly/ }).check();
  await page.screenshot({ path: test.info().outputPath('creator-tiers.png'), fullPage: true });
  await tiers.getByRole('button', { name: 'Continue to payment' }).click();
  await payOnEmulator(page, 'Pia Price');

  // back in the builder: the webhook is awaited, then the app is published by itself
  await expect(page).toHaveURL(/\/dashboard\/builder\?appId=[^&]+&mode=publish&payment_success=true&tier=pro/, {
    timeout: STUCK_MS,
  });
  // ('Payment received' shows only while the webhook is still on its way: delivered in milliseconds, the
  // plan is often recorded before the page opens, and the app publishes at once)
  await expect(page.getByText('Published. Visitors now see this version.')).toBeVisible({ timeout: STUCK_MS });
  await expect(page.getByRole('status').filter({ hasText: 'Everything is published' })).toBeVisible({ timeout: STUCK_MS });
  await expect(page).not.toHaveURL(/payment_success/);
  await page.screenshot({ path: test.info().outputPath('published.png'), fullPage: true });

  // visitors now see the published plans: annual first, preselected
  const options = await (await request.get(`/api/payments/payment-options/${app.storefrontSlug}/${app.appSlug}`)).json();
  expect(options.response.defaultSelectedId).toBe('annual');
  expect(options.response.payment_options.map((o: { id: string; price: number }) => [o.id, o.price])).toEqual([
    ['annual', 9900],
    ['monthly', 1299],
  ]);
  expect(errors).toEqual([]);
});

test('a member goes through the published app’s onboarding, then subscribes to it with 4242', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(3 * STUCK_MS);
  expect(shared, 'runs after the creator journey above (serial)').not.toBeNull();
  const { app } = shared!;
  const errors = pageErrors(page);
  const member = await signUp(request, { emailPrefix: 'stride-member', firstName: 'Max', lastName: 'Member' });
  await signedIn(context, member);

  await page.goto(`/apps/${app.storefrontSlug}/${app.appSlug}/onboarding`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stride Coach' })).toBeVisible({ timeout: STUCK_MS });
  await page.getByRole('radio', { name: '10k' }).check();
  await page.getByRole('button', { name: 'See my plan' }).click();
  await expect(page.getByRole('list', { name: 'Plan phases' }).getByRole('listitem').first()).toBeVisible({ timeout: STUCK_MS });

  // after the plan: the app's plans as its creator published them, annual first and preselected
  const offer = page.getByRole('form', { name: 'Become a member' });
  await expect(offer).toBeVisible({ timeout: STUCK_MS });
  await expect(offer.getByRole('radio').first()).toHaveAccessibleName(/Annual/);
  await expect(offer.getByRole('radio').first()).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('member-plans.png'), fullPage: true });
  await offer.getByRole('button', { name: 'Start my 7-day free trial' }).click();
  await payOnEmulator(page, 'Max Member', 'Start trial');

  await expect(page).toHaveURL(/\/onboarding\?session_id=cs_test_/, { timeout: STUCK_MS });
  await expect(page.getByRole('heading', { name: 'Welcome to Stride Coach' })).toBeVisible({ timeout: STUCK_MS });
  await page.screenshot({ path: test.info().outputPath('member-joined.png'), fullPage: true });
  const subscriptions = await (
    await request.get('/api/payments/subscriptions', { headers: { authorization: `Bearer ${member.accessToken}` } })
  ).json();
  expect(subscriptions.response.subscriptions).toEqual([
    expect.objectContaining({
      appSlug: app.appSlug,
      storefrontSlug: app.storefrontSlug,
      priceOptionId: 'annual',
      status: 'trialing',
    }),
  ]);
  expect(errors).toEqual([]);
});
