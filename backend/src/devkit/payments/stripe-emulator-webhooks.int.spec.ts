import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eventually } from '../../test-support';
import { CARDS, payCheckout, startEmulator } from './emulator-test-kit';
import type { StripeEmulator } from './stripe-emulator';

const SECRET = 'whsec_emulator_test_secret';

interface Received {
  raw: string;
  signature: string;
  event?: Stripe.Event;
  verifyError?: string;
}

describe('stripe emulator: signed webhooks with retries', () => {
  const received: Received[] = [];
  let calls = 0;
  let receiver: http.Server;
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    // answers 500 to its very first call, then 200; verifies every call with the real SDK function
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        calls += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        const signature = String(req.headers['stripe-signature'] ?? '');
        const entry: Received = { raw, signature };
        try {
          entry.event = stripe.webhooks.constructEvent(raw, signature, SECRET);
        } catch (err) {
          entry.verifyError = (err as Error).message;
        }
        received.push(entry);
        res.writeHead(calls === 1 ? 500 : 200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
    ({ emulator, stripe } = await startEmulator({ webhookUrl: url, webhookSecret: SECRET }));
  });

  afterAll(async () => {
    await emulator.close();
    await new Promise((r) => receiver.close(r));
  });

  it('delivers every event signed, retrying the failed first attempt, in event order', async () => {
    const product = await stripe.products.create({ name: 'Yoga' });
    const price = await stripe.prices.create({ product: product.id, unit_amount: 1500, currency: 'usd' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'https://app.test/ok',
      customer_email: 'hook@example.com',
    });
    expect((await payCheckout(session.url as string, CARDS.ok)).status).toBe(303);

    const deliveries = await eventually(() => {
      const d = emulator.deliveries();
      if (d.length === 2 && d.every((x) => x.status === 'delivered')) return d;
      throw new Error(`not delivered yet: ${JSON.stringify(d)}`);
    });
    expect(deliveries.map((d) => d.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);
    expect(deliveries[0]).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null });
    expect(deliveries[1]).toMatchObject({ attempts: 1, lastStatusCode: 200 });

    // the first event came twice (500 then 200), then the second; all verified by constructEvent
    expect(received.map((r) => r.verifyError ?? null)).toEqual([null, null, null]);
    expect(received.map((r) => r.event?.type)).toEqual([
      'payment_intent.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    expect(received[0].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const completed = received[2].event as Stripe.Event;
    expect(completed.id).toMatch(/^evt_/);
    expect(completed.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    expect((await stripe.events.retrieve(completed.id)).id).toBe(completed.id);
  });

  it('rejects a tampered payload or signature in constructEvent', () => {
    const { raw, signature } = received[received.length - 1];
    expect(() => stripe.webhooks.constructEvent(raw, signature, SECRET)).not.toThrow();
    const tamperedSig = signature.replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    expect(() => stripe.webhooks.constructEvent(raw, tamperedSig, SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(raw.replace('"livemode": false', '"livemode": true'), signature, SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => stripe.webhooks.constructEvent(raw, signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('keeps retrying an unreachable endpoint with backoff and reports the failures', async () => {
    const dead = await startEmulator({
      webhookUrl: 'http://127.0.0.1:9/unreachable',
      webhookSecret: SECRET,
      webhookRetryBaseMs: 5,
    });
    try {
      const product = await dead.stripe.products.create({ name: 'Clay' });
      const price = await dead.stripe.prices.create({ product: product.id, unit_amount: 100, currency: 'usd' });
      const session = await dead.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'https://app.test/ok',
      });
      await payCheckout(session.url as string, CARDS.ok);
      const failed = await eventually(() => {
        const d = dead.emulator.deliveries();
        if (d.length === 2 && d.every((x) => x.status === 'failed')) return d;
        throw new Error(`not failed yet: ${JSON.stringify(d)}`);
      });
      expect(failed.map((d) => d.attempts)).toEqual([8, 8]);
      expect(failed[0].lastError).toBeTruthy();
    } finally {
      await dead.emulator.close();
    }
  });
});
