import { Client } from 'pg';
import { eventually } from '../../../test-support';
import { useCatalogueApi } from '../../../test-support/catalogue-api';
import { ProcessStripeEventHandler, RetryLater } from '../commands/process-stripe-event.command';
import { MAX_ATTEMPTS, WebhookInbox } from '../webhooks/webhook-inbox';
import { LOCAL_WEBHOOK_SECRET, signPayload } from '../../../test-support/payments';
import { sql } from '../test/commerce-test-kit';

/*
 * The webhook's inbox: Stripe is answered once a verified event is stored, whatever applying it costs;
 * applying happens in the background, is retried with backoff, survives a process that died holding an
 * event, and gives up (visibly) after MAX_ATTEMPTS. Deliveries that arrive together are stored by one
 * statement, each answered once it is committed; applying waits for a lull in deliveries, but not forever.
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
  const stored = async (eventId: string) =>
    (await sql(api, `select 1 from commerce_webhook_inbox where event_id = ?`, [eventId])).length === 1;

  /**
   * Holds the inbox's next statement: a transaction of the test's own inserts `event`'s row and keeps it
   * uncommitted, so the API's insert of that event id waits for it. `release` rolls it back.
   */
  const holds = new Set<Client>();
  async function holdInbox(event: { id: string; type: string }) {
    const blocker = new Client({ connectionString: api.dbUrl });
    await blocker.connect();
    holds.add(blocker);
    await blocker.query('begin');
    await blocker.query(`insert into commerce_webhook_inbox (event_id, type, payload) values ($1, $2, $3::jsonb)`, [
      event.id,
      event.type,
      JSON.stringify(event),
    ]);
    return {
      /** Whether the API's insert is waiting for the held row. */
      waited: async () => {
        // the statistics are read once per transaction unless cleared, and this one stays open
        await blocker.query('select pg_stat_clear_snapshot()');
        const waiting = await blocker.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
             and query like '%insert into commerce_webhook_inbox%'`,
        );
        return waiting.rowCount === 1;
      },
      release: async () => {
        holds.delete(blocker);
        await blocker.query('rollback');
        await blocker.end();
      },
    };
  }

  /** A delivery whose answer the test can check for before awaiting it. */
  function pending(event: { id: string }) {
    const state = { answered: false, answer: post(event) };
    void state.answer.then(() => (state.answered = true));
    return state;
  }

  afterEach(async () => {
    jest.restoreAllMocks();
    // a failed test must not leave the inbox held: the API could not stop
    for (const blocker of holds) await blocker.end().catch(() => undefined);
    holds.clear();
  });

  it('answers a delivery only once its row is committed, and stores those arriving meanwhile together', async () => {
    const inserts = jest.spyOn(
      WebhookInbox.prototype as unknown as { insert(events: { eventId: string }[]): Promise<Set<string>> },
      'insert',
    );
    const accepts = jest.spyOn(WebhookInbox.prototype, 'accept');
    const [first, second, third] = [newEvent(), newEvent(), newEvent()];
    const hold = await holdInbox(first);
    const held = pending(first);
    await eventually(hold.waited);
    // while the first statement waits, three more deliveries arrive: two events, one of them twice
    const others = [pending(second), pending(third), pending(second)];
    await eventually(() => accepts.mock.calls.length === 4);
    expect(held.answered || others.some((o) => o.answered)).toBe(false);
    expect(await stored(second.id)).toBe(false);
    await hold.release();

    expect(await held.answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const [secondOnce, thirdOnce, secondAgain] = await Promise.all(others.map((o) => o.answer));
    expect([secondOnce.status, thirdOnce.status, secondAgain.status]).toEqual([200, 200, 200]);
    expect(thirdOnce.body.duplicate).toBe(false);
    // whichever copy of the second came first was taken, the other is its duplicate
    expect([secondOnce.body.duplicate, secondAgain.body.duplicate].sort()).toEqual([false, true]);
    // one statement for the first, one for the two events that arrived while it waited
    const statements = inserts.mock.calls.map(([events]) => events.map((e) => e.eventId).sort());
    expect(statements).toEqual([[first.id], [second.id, third.id].sort()]);
    for (const e of [first, second, third]) expect(await stored(e.id)).toBe(true);
    // each applied once, each delivery logged once, the repeat as a duplicate
    for (const e of [first, second, third]) await eventually(() => recorded(e.id));
    const logged = await eventually(async () => {
      const rows = await sql<{ event_id: string; duplicate: boolean }>(
        api,
        `select event_id, duplicate from commerce_webhook_delivery where event_id in (?, ?, ?) order by id`,
        [first.id, second.id, third.id],
      );
      return rows.length >= 4 && rows;
    });
    expect(logged.map((r) => [r.event_id, r.duplicate]).sort()).toEqual(
      [
        [first.id, false],
        [second.id, false],
        [second.id, true],
        [third.id, false],
      ].sort(),
    );
  });

  it('fails alone an event the database refuses, not the deliveries stored with it', async () => {
    const accepts = jest.spyOn(WebhookInbox.prototype, 'accept');
    const [first, good] = [newEvent(), newEvent()];
    // a NUL character: valid JSON, signed, but PostgreSQL's jsonb cannot keep it
    const refused = { ...newEvent(), data: { object: { id: 'cus_nul', object: 'customer', name: 'a\u0000b' } } };
    const hold = await holdInbox(first);
    const held = pending(first);
    await eventually(hold.waited);
    const others = [pending(good), pending(refused)];
    await eventually(() => accepts.mock.calls.length === 3);
    await hold.release();

    expect((await held.answer).status).toBe(200);
    const [goodAnswer, refusedAnswer] = await Promise.all(others.map((o) => o.answer));
    expect(goodAnswer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(refusedAnswer.status).toBe(500);
    expect(await stored(good.id)).toBe(true);
    expect(await stored(refused.id)).toBe(false);
    await eventually(() => recorded(good.id));
    const failed = await eventually(async () => {
      const [row] = await sql<{ outcome: string; http_status: number }>(
        api,
        `select outcome, http_status from commerce_webhook_delivery where event_id = ?`,
        [refused.id],
      );
      return row;
    });
    expect(failed).toEqual({ outcome: 'failed', http_status: 500 });
  });

  it('still applies events while a delivery is being answered (it waits for a lull, but not forever)', async () => {
    const [inFlight, waiting] = [newEvent(), newEvent()];
    const hold = await holdInbox(inFlight);
    const held = pending(inFlight);
    await eventually(hold.waited);
    // stored before, never applied (as a restarted process finds its inbox)
    await sql(api, `insert into commerce_webhook_inbox (event_id, type, payload) values (?, ?, ?::jsonb)`, [
      waiting.id,
      waiting.type,
      JSON.stringify(waiting),
    ]);
    await eventually(async () => (await inboxRow(waiting.id)).settled);
    expect(held.answered).toBe(false);
    expect(await recorded(waiting.id)).toBe(true);
    await hold.release();
    expect((await held.answer).status).toBe(200);
  });

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
    await sql(api, `insert into commerce_webhook_inbox (event_id, type, payload, attempts) values (?, ?, ?::jsonb, ?)`, [
      event.id,
      event.type,
      JSON.stringify(event),
      MAX_ATTEMPTS - 1,
    ]);
    const row = await eventually(async () => {
      const r = await inboxRow(event.id);
      return r.settled && r;
    });
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, outcome: 'failed', last_error: 'Stripe could not be reached' });
    expect(await recorded(event.id)).toBe(false);
  });
});
