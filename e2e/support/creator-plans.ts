import { expect, type APIRequestContext } from '@playwright/test';
import { STUCK_MS } from './waits';

/**
 * A creator buys a creator-platform tier the way the builder does, without the browser: a tier
 * checkout, the emulator's payment form posted with card 4242, then the webhook awaited until the
 * subscription is active. Publishing needs one (journeys that are not about paying use this).
 */
export async function buyCreatorPlan(request: APIRequestContext, accessToken: string, tier: 'starter' | 'pro' = 'starter') {
  const headers = { authorization: `Bearer ${accessToken}` };
  const session = await request.post('/api/payments/creator-platform/create-checkout-session', {
    headers,
    data: { price_option_id: `${tier}-yearly`, success_url: '/dashboard', cancel_url: '/dashboard', tier_slug: tier },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { url } = (await session.json()).response as { url: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, {
    form: { card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Cora Creator' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/payments/subscriptions', { headers });
        const { subscriptions } = (await res.json()).response as { subscriptions: { appSlug: string; status: string }[] };
        return subscriptions.some((s) => s.appSlug === 'creator-platform' && ['active', 'trialing'].includes(s.status));
      },
      { timeout: STUCK_MS },
    )
    .toBe(true);
}
