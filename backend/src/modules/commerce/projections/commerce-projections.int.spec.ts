import { projectionSpec, storedEvent, testConfig, useTestOrm } from '../../../test-support';
import { EventStore } from '../../../platform/events/event-store';
import { Rebuilder } from '../../../platform/events/rebuilder';
import { SubscriptionProcessor } from '../../../platform/events/subscription-processor';
import { rows } from '../../../platform/database/sql';
import type { StoredEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { project, wants } from '../../../platform/events/subscribers';
import { asRunnerHolds } from '../../../test-support/subscribers';
import { buyersProjection } from './buyers.projection';
import { cartsProjection } from './carts.projection';
import { checkoutsProjection } from './checkouts.projection';
import { creditProjection } from './credit.projection';
import { plansProjection } from './plans.projection';
import { subscriptionsProjection } from './subscriptions.projection';

const readModels = [
  cartsProjection,
  plansProjection,
  checkoutsProjection,
  subscriptionsProjection,
  creditProjection,
  buyersProjection,
].map(asRunnerHolds);

/** Commerce's read models fed together, as the relay feeds each its own events (one projection each). */
const commerceReadModels = {
  kind: 'projection' as const,
  name: 'commerce (every read model)',
  version: 1,
  handles: readModels.flatMap((p) => p.handles),
  async handle(tx: Db, event: StoredEvent) {
    for (const p of readModels) if (wants(p, event)) await p.handle(tx, event);
  },
  async handleBatch(tx: Db, events: StoredEvent[]) {
    for (const p of readModels) await project(tx, p, events);
  },
  async truncate(tx: Db) {
    for (const p of readModels) await p.truncate(tx);
  },
};

/** given(events) → project → read model, and the same events re-fed (a replay after a crash) change nothing. */
describe('commerce projections', () => {
  const db = useTestOrm();
  const projection = commerceReadModels;

  const events = [
    storedEvent('cart-u1', 'CartUpdated', {
      userId: 'u1',
      productIds: ['p1', 'p2'],
      offerValid: true,
      updatedAt: '2026-11-21T10:00:00.000Z',
    }),
    storedEvent('cart-u1', 'CartUpdated', {
      userId: 'u1',
      productIds: ['p2'],
      offerValid: false,
      updatedAt: '2026-11-21T10:05:00.000Z',
    }),
    storedEvent('checkout-cs_1', 'CheckoutSessionStarted', {
      sessionId: 'cs_1',
      userId: 'u1',
      mode: 'payment',
      lines: [{ productId: 'p2', priceInCents: 900 }],
      amountTotalInCents: 900,
      currency: 'USD',
      storefrontSlug: null,
      appSlug: null,
      priceOptionId: null,
      attribution: {},
      discountCode: null,
    }),
    storedEvent('checkout-cs_1', 'CheckoutSessionCompleted', {
      sessionId: 'cs_1',
      userId: 'u1',
      mode: 'payment',
      productIds: ['p2'],
      subscriptionId: null,
      paymentIntentId: 'pi_1',
      customerId: 'cus_1',
      amountTotalInCents: 900,
    }),
    storedEvent('subscription-sub_1', 'SubscriptionStarted', {
      subscriptionId: 'sub_1',
      userId: 'u1',
      customerId: 'cus_1',
      storefrontSlug: 'sparkhouse',
      appSlug: 'membership',
      appId: null,
      priceOptionId: 'membership-monthly',
      planDisplayName: 'Monthly',
      tierSlug: null,
      status: 'trialing',
      trialEnd: '2026-11-28T00:00:00.000Z',
      currentPeriodEnd: '2026-11-28T00:00:00.000Z',
      startedAt: '2026-11-21T00:00:00.000Z',
    }),
    storedEvent('subscription-sub_1', 'SubscriptionTrialEnded', {
      subscriptionId: 'sub_1',
      userId: 'u1',
      status: 'active',
      endedAt: '2026-11-28T00:00:00.000Z',
    }),
    storedEvent('credit-u1', 'CreditGranted', {
      userId: 'u1',
      grantId: 'in_1',
      amountInCents: 1000,
      subscriptionId: 'sub_1',
      reason: 'subscription-period',
    }),
    storedEvent('credit-u1', 'CreditSpent', { userId: 'u1', spendId: 's1', amountInCents: 300, productIds: ['p3'] }),
    storedEvent('app-a1', 'AppCreated', {
      appId: 'a1',
      ownerId: 'u9',
      name: 'Coach',
      storefrontSlug: 'co',
      appSlug: 'coach',
      isIdea: false,
      prompt: '',
    }),
    ...['2026-11-22T09:00:00.000Z', '2026-11-23T09:00:00.000Z'].map((publishedAt) =>
      storedEvent('app-a1', 'AppPublished', {
        appId: 'a1',
        versions: { blueprint: null, 'landing-page': null, 'onboarding-flow': null },
        theme: null,
        canvasSettings: null,
        publishedAt,
      }),
    ),
    storedEvent('user-u1', 'UserProfileCreated', {
      userId: 'u1',
      email: 'U1@Example.com',
      firstName: 'U',
      lastName: 'One',
      isSocialSignIn: false,
      socialProvider: null,
      signUpDate: '2026-11-01T00:00:00.000Z',
    }),
    storedEvent('user-u1', 'VipStatusChanged', { userId: 'u1', product: 'music', isVip: true }),
    storedEvent('user-u1', 'OfferSeenRecorded', {
      userId: 'u1',
      offerKey: 'launch',
      expirationDateSeen: '2026-12-01T00:00:00.000Z',
      lastSeenCurrentOffer: 1_800_000_000_000,
      recordedAt: '2026-11-21T00:00:00.000Z',
    }),
  ];

  const readAll = async (
    em: Parameters<Parameters<ReturnType<ReturnType<typeof projectionSpec>['given']>['expectReadModel']>[0]>[0],
  ) => ({
    cart: await rows(em, `select product_ids, offer_valid from commerce_cart`),
    sessions: await rows(em, `select session_id, status, product_ids, payment_intent_id from commerce_checkout_session`),
    subs: await rows(em, `select subscription_id, status from commerce_subscription`),
    credit: await rows(em, `select sum(amount_in_cents)::int as total from commerce_credit_entry where user_id = 'u1'`),
    apps: await rows(em, `select app_id, owner_id, published_at::text from commerce_app`),
    buyer: await rows(em, `select email, vip_products, offers_seen from commerce_buyer`),
  });

  it('builds carts, sessions, subscriptions, credit, apps and buyers; re-fed events change nothing', async () => {
    const first = await projectionSpec(db.orm, projection).given(events).expectReadModel(readAll);
    expect(first).toEqual({
      cart: [{ product_ids: ['p2'], offer_valid: false }],
      sessions: [{ session_id: 'cs_1', status: 'completed', product_ids: ['p2'], payment_intent_id: 'pi_1' }],
      subs: [{ subscription_id: 'sub_1', status: 'active' }],
      credit: [{ total: 700 }],
      // first published: republishing keeps the date its plans went on sale
      apps: [{ app_id: 'a1', owner_id: 'u9', published_at: '2026-11-22 09:00:00+00' }],
      buyer: [
        {
          email: 'u1@example.com',
          vip_products: { music: true },
          offers_seen: { launch: { expirationDateSeen: '2026-12-01T00:00:00.000Z', lastSeenCurrentOffer: 1_800_000_000_000 } },
        },
      ],
    });
    const again = await projectionSpec(db.orm, projection).given(events).expectReadModel(readAll);
    expect(again).toEqual(first);
  });

  it('rebuilds from scratch to the same read model (truncate + replay)', async () => {
    const before = await readAll(db.orm.em.fork());
    await db.orm.em.fork().transactional((tem) => projection.truncate(tem));
    expect((await readAll(db.orm.em.fork())).subs).toEqual([]);
    expect(await projectionSpec(db.orm, projection).given(events).expectReadModel(readAll)).toEqual(before);
  });

  it('applies a run of cart updates in a batch as one by one: the newest update wins, out of order and re-fed too', async () => {
    const update = (userId: string, minute: number, productIds: string[]) =>
      storedEvent(`cart-${userId}`, 'CartUpdated', {
        userId,
        productIds,
        offerValid: minute % 2 === 0,
        updatedAt: new Date(Date.UTC(2026, 10, 22, 9, minute)).toISOString(),
      });
    const run = [
      update('c1', 1, ['a']),
      update('c2', 5, ['b']),
      update('c1', 3, ['a', 'b']),
      update('c2', 2, ['older']), // older than what c2 has: ignored
      update('c3', 4, []),
      update('c1', 3, ['tie', 'later']), // same time as c1's newest: the later one wins
      update('c3', 4, ['c']),
    ];
    const carts = () =>
      rows(
        db.orm.em.fork(),
        `select user_id, product_ids, offer_valid, updated_at from commerce_cart where user_id like 'c_' order by user_id`,
      );
    const feed = (how: 'one by one' | 'batch', events: typeof run) =>
      db.orm.em.fork().transactional(async (tem) => {
        if (how === 'batch') return projection.handleBatch(tem, events);
        for (const e of events) await projection.handle(tem, e);
      });

    const clear = () => db.orm.em.fork().getConnection().execute(`delete from commerce_cart where user_id like 'c_'`);
    await feed('one by one', run);
    expect((await carts()).map((c) => (c as { product_ids: string[] }).product_ids)).toEqual([['tie', 'later'], ['b'], ['c']]);
    await clear();
    await feed('batch', run);
    expect((await carts()).map((c) => (c as { product_ids: string[] }).product_ids)).toEqual([['tie', 'later'], ['b'], ['c']]);

    // two overlapping deliveries (an at-least-once relay re-feeding part of the run): the same either way
    const first = run.slice(0, 4);
    const again = [...run.slice(2), ...run.slice(0, 3)];
    await clear();
    await feed('one by one', first);
    await feed('one by one', again);
    const oneByOne = await carts();
    await clear();
    await feed('batch', first);
    await feed('batch', again);
    expect(await carts()).toEqual(oneByOne);
  });

  it('rebuilds carts from the log, the updates read in the database, to the rows the live relay makes', async () => {
    const at = (minute: number, micros = '000') =>
      new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString().replace('Z', `${micros}Z`);
    // out of order, ties (the later wins), a time finer than a millisecond, and an empty cart
    const updates: [string, string, string[]][] = [
      ['r1', at(1), ['a']],
      ['r2', at(5), ['b']],
      ['r1', at(3), ['a', 'b']],
      ['r2', at(2), ['older']],
      ['r3', at(4), []],
      ['r1', at(3), ['tie', 'later']],
      ['r3', at(4, '001'), ['finer']],
      ['r3', at(4), ['not newer']],
    ];
    const store = new EventStore();
    await db.orm.em.fork().transactional(async (tem) => {
      for (const [i, [userId, updatedAt, productIds]] of updates.entries()) {
        await store.append(tem, `cart-${userId}-${i}`, [
          { type: 'CartUpdated', payload: { userId, productIds, offerValid: i % 3 === 0 ? null : i % 2 === 0, updatedAt } },
        ]);
      }
    });
    const carts = asRunnerHolds(cartsProjection);
    const read = () =>
      rows(db.orm.em.fork(), `select user_id, product_ids, offer_valid, updated_at from commerce_cart order by user_id`);
    const processor = new SubscriptionProcessor(db.orm);
    await processor.ensureCheckpoint(carts);
    await processor.reset(carts);
    await processor.catchUp(carts, 3, { lockHeld: true });
    const live = await read();
    expect(live.filter((c) => String(c.user_id).startsWith('r')).map((c) => c.product_ids)).toEqual([
      ['tie', 'later'],
      ['b'],
      ['finer'],
    ]);

    const setBased = jest.spyOn(cartsProjection.setBased!, 'apply');
    try {
      await new Rebuilder(testConfig(db.url), processor, db.orm).rebuild(carts);
      expect(setBased).toHaveBeenCalled();
    } finally {
      setBased.mockRestore();
    }
    expect(await read()).toEqual(live);
  });
});
