import Stripe from 'stripe';
import { useTestOrm } from '../../test-support';
import { PgEmulatorStore, type SqlRunner } from './pg-emulator-store';
import { createStripeEmulator, type StripeEmulator } from './stripe-emulator';

/* Two emulator processes (two stores) on one database: they share state and idempotency keys. */
describe('PgEmulatorStore', () => {
  const db = useTestOrm();
  const emulators: StripeEmulator[] = [];
  const clients: Stripe[] = [];

  beforeAll(async () => {
    const sql: SqlRunner = (query, params = []) => db.orm.em.fork().getConnection().execute(query, params, 'all');
    for (let i = 0; i < 2; i++) {
      const emulator = createStripeEmulator({
        webhookSecret: 'whsec_test',
        store: new PgEmulatorStore(sql),
        onEvent: () => undefined,
      });
      const { port } = await emulator.listen(0);
      emulators.push(emulator);
      clients.push(new Stripe('sk_test_pg', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }));
    }
  });
  afterAll(async () => {
    for (const e of emulators) await e.close();
  });

  it('an object created through one process is read, listed and updated through the other', async () => {
    const customer = await clients[0].customers.create({ email: 'pg@example.com' });
    expect((await clients[1].customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ email: 'pg@example.com' });
    await clients[1].customers.update(customer.id, { name: 'Pat' });
    expect(((await clients[0].customers.retrieve(customer.id)) as Stripe.Customer).name).toBe('Pat');
    const listed = await clients[1].customers.list({ email: 'pg@example.com' });
    expect(listed.data.map((c) => c.id)).toEqual([customer.id]);
  });

  it('the same idempotency key sent to both processes at once creates one object', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        clients[i % 2].customers.create({ email: 'once@example.com' }, { idempotencyKey: 'same-key' }),
      ),
    );
    expect(new Set(made.map((c) => c.id)).size).toBe(1);
    expect((await clients[0].customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
    await expect(clients[1].customers.create({ email: 'other@example.com' }, { idempotencyKey: 'same-key' })).rejects.toThrow(
      /same parameters/,
    );
  });

  it('queues each recorded event for delivery once', async () => {
    const product = await clients[0].products.create({ name: 'Plan' });
    const price = await clients[0].prices.create({ product: product.id, unit_amount: 500, currency: 'usd' });
    const session = await clients[1].checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'https://app.test/ok',
      customer_email: 'buyer@example.com',
    });
    const form = new URLSearchParams({ card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Ada' });
    const paid = await fetch(`${session.url}/pay`, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // a second payment through the other process is refused: the session moved out of 'open' once
    const again = await fetch(
      `${session.url}/pay`.replace(/:\d+\//, `:${(emulators[1].server.address() as { port: number }).port}/`),
      {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        redirect: 'manual',
      },
    );
    expect(again.status).toBe(409);
    const queued = await db.orm.em
      .fork()
      .getConnection()
      .execute<{ type: string }[]>(`select type from stripe_emulator_delivery order by seq`);
    expect(queued.map((r) => r.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
  });
});
