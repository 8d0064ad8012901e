import { eventually } from '../../../test-support';
import { useCatalogueApi } from '../../../test-support/catalogue-api';
import { ProcessStripeEventHandler, RetryLater } from '../commands/process-stripe-event.command';
import { LOCAL_WEBHOOK_SECRET } from '../infra/stripe-gateway';
import { MAX_ATTEMPTS } from '../infra/webhook-inbox';
import { signPayload } from '../stripe-emulator';
import { sql } from '../test/commerce-test-kit';

/*
 * The webhook's inbox: Stripe is answered once a verified event is stored, whatever applying it costs;
 * applying happens in the background, is retried with backoff, survives a process that died holding an
 * event, and gives up (visibly) after MAX_ATTEMPTS.
 */
describe('Stripe webhook inbox', () => {
  const api = useCatalogueApi({ STRIPE_EMULATOR_WEBHOOKS: 'false' });
  let n = 0;

  /** A customer.created event (one commerce takes note of and ignores: no Stripe reads). */
  const newEvent = () => ({
    id: `evt_inbox_${Date.now()}_${++n}`,
    object: 'event',
    type: 'customer.created',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: `cus_inbox_${n}`, object: 'customer' } },
  });
  const post = async (event: { id: string }) => {
    const body = JSON.stringify(event);
    const res = await api.raw('/payments/webhook', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(body, LOCAL_WEBHOOK_SECRET) },
    });
    return { status: res.status, body: await res.json() };
  };
  const inboxRow = async (eventId: string) =>
    (
      await sql<{ attempts: number; outcome: string | null; settled: boolean; last_error: string | null }>(
        api,
        `select attempts, outcome, settled_at is not null as settled, last_error from commerce_webhook_inbox where event_id = ?`,
        [eventId],
      )
    )[0];
  const recorded = async (eventId: string) =>
    (await sql(api, `select 1 from commerce_stripe_event where event_id = ?`, [eventId])).length === 1;

  afterEach(() => jest.restoreAllMocks());

  it('answers Stripe while applying is still blocked, then applies the event once it can', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = ProcessStripeEventHandler.prototype.execute;
    jest.spyOn(ProcessStripeEventHandler.prototype, 'execute').mockImplementation(async function (this: never, command) {
      await gate;
      return original.call(this, command);
    });
    const event = newEvent();
    expect(await post(event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await post(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await recorded(event.id)).toBe(false);
    release();
    await eventually(() => recorded(event.id));
    const row = await eventually(async () => {
      const r = await inboxRow(event.id);
      return r.settled && r;
    });
    expect(row).toMatchObject({ attempts: 1, outcome: 'ignored' });
  });

  it('tries an event that cannot be applied yet again after a backoff, and then applies it', async () => {
    const original = ProcessStripeEventHandler.prototype.execute;
    let calls = 0;
    jest.spyOn(ProcessStripeEventHandler.prototype, 'execute').mockImplementation(async function (this: never, command) {
      if (++calls === 1) throw new RetryLater('its checkout is not recorded yet');
      return original.call(this, command);
    });
    const event = newEvent();
    expect((await post(event)).status).toBe(200);
    const waiting = await eventually(async () => {
      const r = await inboxRow(event.id);
      return r.outcome === 'retry-later' && r;
    });
    expect(waiting).toMatchObject({ attempts: 1, settled: false, last_error: 'its checkout is not recorded yet' });
    const done = await eventually(async () => {
      const r = await inboxRow(event.id);
      return r.settled && r;
    });
    expect(done).toMatchObject({ attempts: 2, outcome: 'ignored', last_error: null });
    expect(await recorded(event.id)).toBe(true);
  });

  it('applies an event a process died holding, once its claim has lapsed', async () => {
    const event = newEvent();
    // as a process that claimed it and died would leave it: claimed, not settled, the lease run out
    await sql(
      api,
      `insert into commerce_webhook_inbox (event_id, type, payload, attempts, claimed_until)
       values (?, ?, ?::jsonb, 1, now() - interval '1 second')`,
      [event.id, event.type, JSON.stringify(event)],
    );
    const row = await eventually(async () => {
      const r = await inboxRow(event.id);
      return r.settled && r;
    });
    expect(row).toMatchObject({ attempts: 2, outcome: 'ignored' });
    expect(await recorded(event.id)).toBe(true);
  });

  it(`gives an event up as failed after ${MAX_ATTEMPTS} attempts, and says why`, async () => {
    jest.spyOn(ProcessStripeEventHandler.prototype, 'execute').mockRejectedValue(new Error('Stripe could not be reached'));
    const event = newEvent();
    await sql(
      api,
      `insert into commerce_webhook_inbox (event_id, type, payload, attempts) values (?, ?, ?::jsonb, ?)`,
      [event.id, event.type, JSON.stringify(event), MAX_ATTEMPTS - 1],
    );
    const row = await eventually(async () => {
      const r = await inboxRow(event.id);
      return r.settled && r;
    });
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, outcome: 'failed', last_error: 'Stripe could not be reached' });
    expect(await recorded(event.id)).toBe(false);
  });
});
