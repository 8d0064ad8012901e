// Shared set-up of the commerce integration tests: the catalogue API helpers, the emulator's events and
// signed webhook deliveries. Not a spec file; imported by them.
import { Database } from '../../../platform/database/database';
import type Stripe from 'stripe';
import { EventStore } from '../../../platform/events/event-store';
import { rows } from '../../../platform/database/sql';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { StripeGateway } from '../infra/stripe-gateway';
import { PlansSeeder } from '../seed/plans.seeder';
import { LOCAL_WEBHOOK_SECRET } from '../../../devkit/payments/stripe-emulator.stand-in';
import { signPayload } from '../../../devkit/payments/webhook-dispatcher';

/** What the kit needs of the test API (test-support's useCatalogueApi). */
interface Api {
  raw(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, as?: string): Promise<{ status: number; body: any }>;
  readonly app: NestExpressApplication;
  readonly dbUrl: string;
}

export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

/**
 * Submits the hosted checkout form as a browser would (no redirect followed). The session URL is on
 * PUBLIC_URL; the test's API listens elsewhere, so only its path is kept.
 */
export function payCheckout(api: Api, sessionUrl: string, card: string) {
  const form = new URLSearchParams({ card_number: card, exp: '12/34', cvc: '123', name: 'Ada Lovelace' });
  const path = new URL(sessionUrl).pathname.replace(/^\/api/, '');
  return api.raw(`${path}/pay`, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

export const stripeOf = (api: Api): Promise<Stripe> => api.app.get(StripeGateway).stripe();

/** Starts a checkout of the seeded membership's monthly plan (7-day trial) for `userId`, as the web app does. */
export function startMembershipCheckout(
  api: Api,
  userId: string,
  urls = { successUrl: '/checkout/success?session_id={CHECKOUT_SESSION_ID}', cancelUrl: '/cart' },
) {
  return api.post(
    '/payments/create-checkout-session',
    { userId, storefrontSlug: 'sparkhouse', appSlug: 'membership', priceOptionId: 'membership-monthly', ...urls },
    userId,
  );
}

/** Subscribes `userId` to the membership's monthly plan, paying on the emulator's page with `card`. */
export async function subscribeToMembership(api: Api, userId: string, card = CARDS.ok) {
  const start = await startMembershipCheckout(api, userId);
  expect(start.status).toBe(200);
  const { url, sessionId } = start.body.response as { url: string; sessionId: string };
  expect((await payCheckout(api, url, card)).status).toBe(303);
  const session = await (await stripeOf(api)).checkout.sessions.retrieve(sessionId);
  return { sessionId, subId: String(session.subscription), customerId: String(session.customer) };
}

export const seedPlans = (api: Api) => api.app.get(PlansSeeder).seed();

/** The emulator's recorded events, oldest first. */
export async function emulatorEvents(api: Api, type?: string): Promise<Stripe.Event[]> {
  const stripe = await stripeOf(api);
  const all: Stripe.Event[] = [];
  for await (const e of stripe.events.list({ limit: 100, ...(type ? { type } : {}) })) all.push(e);
  return all.reverse();
}

/**
 * POSTs an event to the webhook endpoint, signed like Stripe does (or with a given signature). The
 * endpoint answers as soon as the event is in its inbox; when it was taken, this also waits for the
 * inbox's first attempt to apply it, so the test reads its effects (or its scheduled retry) after.
 */
export async function deliver(api: Api, event: unknown, signature?: string) {
  const body = JSON.stringify(event);
  const res = await api.raw('/payments/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signPayload(body, LOCAL_WEBHOOK_SECRET) },
  });
  const answer = { status: res.status, body: await res.json().catch(() => null) };
  const id = (event as { id?: unknown }).id;
  if (res.status === 200 && typeof id === 'string') await attemptedOnce(api, id);
  return answer;
}

/** Waits (up to a minute) until the webhook inbox has finished at least one attempt to apply the event. */
export async function attemptedOnce(api: Api, eventId: string): Promise<void> {
  const orm: Database = api.app.get(Database);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await rows<{ done: boolean }>(
      orm.em.fork(),
      `select settled_at is not null or (attempts > 0 and claimed_until is null) as done
       from commerce_webhook_inbox where event_id = ?`,
      [eventId],
    );
    if (row?.done) return;
    if (Date.now() > deadline) throw new Error(`the webhook inbox never applied ${eventId}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads domain events straight from the log (the write side's truth). */
export async function streamOf(api: Api, streamId: string) {
  const orm = await Database.connect(api.dbUrl);
  try {
    return await new EventStore().readStream(orm.em.fork(), streamId);
  } finally {
    await orm.close(true);
  }
}

export async function sql<T = Record<string, unknown>>(api: Api, query: string, params: unknown[] = []): Promise<T[]> {
  const orm = await Database.connect(api.dbUrl);
  try {
    return await orm.em.fork().getConnection().execute<T[]>(query, params, 'all');
  } finally {
    await orm.close(true);
  }
}
