import { Database } from '../../../platform/database/database';
import {
  ClassEnrolled,
  CollectionCreated,
  JoinedWaitlist,
  ProductProgressRecorded,
  ProductPublished,
  ProductUpdated,
  PurchaseCompleted,
  PurchaseRefunded,
  SchoolCreated,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { ORIGIN, readEventsAfter } from '../../../platform/events/event-log-reader';
import { Rebuilder } from '../../../platform/events/rebuilder';
import { SubscriptionProcessor } from '../../../platform/events/subscription-processor';
import { project, wants, type Projection } from '../../../platform/events/subscribers';
import { projectionSpec, storedEvent, testConfig, useTestOrm } from '../../../test-support';
import { streams } from '../domain/product-state';
import { demoCollections, demoProducts } from '../../../devkit/demo-data/catalogue/demo-catalogue-generator';
import { asRunnerHolds } from '../../../test-support/subscribers';
import { browseProjection } from './browse.projection';
import { learningProjection } from './learning.projection';

interface CardSnapshot {
  id: string;
  title: string;
  topics: string[];
  purchase_count: number;
  search: string;
}

describe('catalogue projections', () => {
  const testDb = useTestOrm();
  let orm: Database;
  const store = new EventStore();
  const browse = asRunnerHolds(browseProjection);
  const learning = asRunnerHolds(learningProjection);
  const products = [...demoProducts(30, 5, new Date('2026-11-01T00:00:00Z'))];

  beforeAll(async () => {
    orm = testDb.orm;
    await orm.em.fork().transactional(async (tem) => {
      for (const p of products)
        await store.append(tem, streams.product(p.productId), [{ type: ProductPublished.type, payload: p }]);
      await store.append(tem, streams.product(products[0].productId), [
        {
          type: ProductUpdated.type,
          payload: { productId: products[0].productId, changes: { title: 'Renamed Class', topics: ['renamed'] } },
        },
      ]);
      for (const c of demoCollections(products, 5)) {
        const { programType, ...facts } = c;
        const event =
          programType === 'school'
            ? { type: SchoolCreated.type, payload: { ...facts, coverUrl: '' } }
            : { type: CollectionCreated.type, payload: { ...facts, coverUrl: '', programType } };
        await store.append(tem, streams.collection(c.slug), [event]);
      }
      for (const [i, p] of products.slice(0, 6).entries()) {
        const purchase = {
          purchaseId: `pur-${i}`,
          userId: `u${i % 3}`,
          productId: p.productId,
          priceInCents: 0,
          currency: 'USD',
          source: 'test',
        };
        await store.append(tem, streams.purchase(purchase.userId, p.productId), [
          { type: PurchaseCompleted.type, payload: purchase },
        ]);
      }
      await store.append(tem, streams.purchase('u0', products[0].productId), [
        {
          type: PurchaseRefunded.type,
          payload: { purchaseId: 'pur-0', userId: 'u0', productId: products[0].productId, reason: null },
        },
      ]);
    });
  });

  const snapshot = async () => {
    const conn = orm.em.fork().getConnection();
    return {
      cards: await conn.execute<CardSnapshot[]>('select *, search::text as search from product_card order by id'),
      collections: await conn.execute<{ slug: string; program_type: string }[]>('select * from product_collection order by slug'),
      purchases: await conn.execute('select * from catalogue_purchase order by purchase_id'),
    };
  };

  it('builds the browse read model from the log, and a rebuild by replay gives the same rows', async () => {
    const processor = new SubscriptionProcessor(orm);
    await processor.ensureCheckpoint(browse);
    await processor.catchUp(browse, 7);
    const first = await snapshot();
    expect(first.cards).toHaveLength(30);
    const renamed = first.cards.find((c) => c.id === products[0].productId)!;
    expect(renamed).toMatchObject({ title: 'Renamed Class', topics: ['renamed'], purchase_count: 0 });
    expect(renamed.search).toContain("'renam'");
    expect(first.cards.find((c) => c.id === products[1].productId)!.purchase_count).toBe(1);
    expect(first.collections.some((c) => c.program_type === 'school')).toBe(true);

    await processor.reset(browse);
    expect((await snapshot()).cards).toHaveLength(0);
    await processor.catchUp(browse, 500, { lockHeld: true });
    expect(await snapshot()).toEqual(first);
  });

  it('changes nothing when the same events are fed again', async () => {
    const before = await snapshot();
    const log = await orm.em
      .fork()
      .getConnection()
      .execute<{ type: string; stream_id: string }[]>('select stream_id from domain_event order by position');
    const em = orm.em.fork();
    const events = (await Promise.all([...new Set(log.map((r) => r.stream_id))].map((s) => store.readStream(em, s)))).flat();
    events.sort((a, b) => Number(a.position) - Number(b.position));
    await projectionSpec(orm, browse)
      .given(events)
      .expectReadModel(async () => expect(await snapshot()).toEqual(before));
  });

  it('sums progress once per event, even when an event is fed twice', async () => {
    const p = {
      userId: 'u1',
      productId: 'p1',
      contentId: 'c1',
      percentComplete: 10,
      additionalSecondsWatched: 30,
      positionInSeconds: 30,
    };
    const e1 = storedEvent('progress-u1-p1', ProductProgressRecorded.type, p, new Date('2026-11-01T10:00:00Z'));
    const e2 = storedEvent(
      'progress-u1-p1',
      ProductProgressRecorded.type,
      { ...p, percentComplete: 20, positionInSeconds: 75 },
      new Date('2026-11-01T10:01:00Z'),
    );
    await projectionSpec(orm, learning)
      .given([e1, e2, e1, e2])
      .expectReadModel(async (em) => {
        const [row] = await em.getConnection().execute('select * from product_progress where user_id = ?', ['u1']);
        expect(row).toMatchObject({ seconds_watched: 60, position_in_seconds: 75, percent_complete: 20 });
      });
  });

  /** Feeds events in one transaction: one by one through `handle`, or as one batch (handleBatch when it has one). */
  const feed = (projection: Projection, events: StoredEvent[], how: 'one by one' | 'batch') =>
    orm.em.fork().transactional(async (tem) => {
      if (how === 'batch') return project(tem, projection, events);
      for (const e of events) if (wants(projection, e)) await projection.handle(tem, e);
    });

  it('applies a batch of the whole log exactly as the events one by one (browse)', async () => {
    const em = orm.em.fork();
    const log = await em.getConnection().execute<{ stream_id: string }[]>('select distinct stream_id from domain_event');
    const events = (await Promise.all(log.map((r) => store.readStream(em, r.stream_id)))).flat();
    events.sort((a, b) => Number(a.position) - Number(b.position));
    expect(events.filter((e) => e.type === ProductPublished.type).length).toBeGreaterThan(1);

    await orm.em.fork().transactional((tem) => browse.truncate(tem));
    await feed(browse, events, 'one by one');
    const oneByOne = await snapshot();
    expect(oneByOne.cards).toHaveLength(30);

    await orm.em.fork().transactional((tem) => browse.truncate(tem));
    await feed(browse, events, 'batch');
    expect(await snapshot()).toEqual(oneByOne);
    // and a batch fed again changes nothing
    await feed(browse, events, 'batch');
    expect(await snapshot()).toEqual(oneByOne);
  });

  it('applies a batch of progress exactly as the events one by one, re-fed events included (learning)', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute));
    const saves = Array.from({ length: 60 }, (_, i) =>
      storedEvent(
        `progress-b${i % 4}-p${i % 3}`,
        ProductProgressRecorded.type,
        {
          userId: `b${i % 4}`,
          productId: `p${i % 3}`,
          contentId: `c${i % 2}`,
          percentComplete: i,
          // fractions: a sum kept at another precision than the column's would drift from one by one
          additionalSecondsWatched: 5 + (i % 7) / 10 + 1 / 3,
          positionInSeconds: 10 * i,
        },
        at(i),
      ),
    );
    // a run broken by another type, and events fed twice (as an at-least-once delivery would)
    const waitlist = storedEvent('waitlist-p0', JoinedWaitlist.type, {
      productId: 'p0',
      email: 'b@example.com',
      classSlug: 'class',
      userId: null,
      firstName: null,
      source: 'test',
    });
    const events = [...saves.slice(0, 30), waitlist, ...saves.slice(20, 60), ...saves.slice(0, 10)];
    const progress = () =>
      orm.em
        .fork()
        .getConnection()
        .execute(`select * from product_progress where user_id like 'b%' order by user_id, product_id, content_id`);

    await orm.em.fork().transactional((tem) => learning.truncate(tem));
    await feed(learning, events, 'one by one');
    const oneByOne = await progress();
    expect(oneByOne).toHaveLength(12);

    await orm.em.fork().transactional((tem) => learning.truncate(tem));
    // in two batches, the second overlapping the first
    await feed(learning, events.slice(0, 45), 'batch');
    await feed(learning, events.slice(30), 'batch');
    expect(await progress()).toEqual(oneByOne);
  });

  /** Every event of the log so far, in delivery order, as the relay reads them. */
  const wholeLog = () => readEventsAfter(orm.em.fork(), ORIGIN, 100_000);
  const rebuilder = () => new Rebuilder(testConfig(testDb.url), new SubscriptionProcessor(orm), orm);

  it('rebuilds the browse read model blue-green, reading publications and purchases in the database, to the live rows', async () => {
    const processor = new SubscriptionProcessor(orm);
    const words = () => orm.em.fork().getConnection().execute('select word from search_word order by word');
    // live: the relay in small batches (runs of publications and purchases go through handleBatch)
    await processor.reset(browse);
    await processor.catchUp(browse, 4, { lockHeld: true });
    const live = await snapshot();
    const liveWords = await words();
    expect(live.cards).toHaveLength(30);
    expect(live.cards.find((c) => c.id === products[0].productId)!.search).toContain("'renam'");

    // batches of 5 cut the runs of publications and purchases; the update, collections and refund go one by one
    const result = await rebuilder().rebuild(browse, { batchSize: 5 });
    expect(result.eventsReplayed).toBe(
      (await wholeLog()).filter((e) => (browse.handles as readonly string[]).includes(e.type)).length,
    );
    expect(await snapshot()).toEqual(live);
    expect(await words()).toEqual(liveWords);
  });

  it('rebuilds progress, enrolments and waitlists to the rows the live relay and one-by-one handling make', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 9, minute)).toISOString();
    // 3 learners on 2 contents, 9 saves in a row of one learner and content a transaction (18 saves each in
    // all), with an enrolment and a waitlist entry after each: runs fold several saves of a row together
    for (let t = 0; t < 12; t++) {
      await orm.em.fork().transactional(async (tem) => {
        for (let i = t * 9; i < t * 9 + 9; i++) {
          const userId = `r${t % 3}`;
          await store.append(
            tem,
            `progress-${userId}-p1`,
            [
              {
                type: ProductProgressRecorded.type,
                payload: {
                  userId,
                  productId: 'p1',
                  contentId: `c${Math.floor(t / 3) % 2}`,
                  percentComplete: i % 100,
                  additionalSecondsWatched: (i % 5) / 10 + 1 / 3,
                  positionInSeconds: 7 * i,
                },
              },
            ],
            { metadata: { occurredAt: at(i) } },
          );
        }
        await store.append(tem, `waitlist-p1-${t}`, [
          {
            type: JoinedWaitlist.type,
            payload: {
              productId: 'p1',
              email: `w${t}@example.com`,
              classSlug: 'c',
              userId: null,
              firstName: null,
              source: 'test',
            },
          },
        ]);
        await store.append(tem, `enrolment-r${t % 3}-p${t}`, [
          {
            type: ClassEnrolled.type,
            payload: {
              userId: `r${t % 3}`,
              productId: `p${t}`,
              classSlug: 'c',
              classStartDate: at(0),
              classEndDate: at(59),
            },
          },
        ]);
      });
    }
    const learned = async () => {
      const conn = orm.em.fork().getConnection();
      return {
        progress: await conn.execute(`select * from product_progress where user_id like 'r%' order by user_id, content_id`),
        enrolments: await conn.execute(`select * from class_enrolment where user_id like 'r%' order by user_id, product_id`),
        waitlist: await conn.execute(`select * from waitlist_entry where email like 'w%' order by email`),
      };
    };

    await orm.em.fork().transactional((tem) => learning.truncate(tem));
    await feed(learning, await wholeLog(), 'one by one');
    const oneByOne = await learned();
    expect(oneByOne.progress).toHaveLength(6);
    expect(oneByOne.waitlist).toHaveLength(12);

    const processor = new SubscriptionProcessor(orm);
    await processor.reset(learning);
    await processor.catchUp(learning, 4, { lockHeld: true });
    expect(await learned()).toEqual(oneByOne);

    const result = await rebuilder().rebuild(learning, { batchSize: 7 });
    expect(result.eventsReplayed).toBe(108 + 24);
    expect(await learned()).toEqual(oneByOne);
  });

  it('rebuilds publications followed by purchases in one pass (cards written with their counts) to the live rows', async () => {
    // after the log above (whose purchases are recounted one run after its publications): in one transaction,
    // new products and a re-publication of a known one (first come, first kept), then right after, purchases of
    // new and known cards, a product never published, a purchase recorded twice, and a refunded one bought again
    const more = [...demoProducts(4, 77, new Date('2026-11-05T00:00:00Z'))].map((p, i) => ({
      ...p,
      classSlug: `${p.classSlug}-more-${i}`,
    }));
    const buy = (purchaseId: string, userId: string, productId: string) => ({
      type: PurchaseCompleted.type,
      payload: { purchaseId, userId, productId, priceInCents: 0, currency: 'USD', source: 'test' },
    });
    await orm.em.fork().transactional(async (tem) => {
      for (const p of more) await store.append(tem, streams.product(p.productId), [{ type: ProductPublished.type, payload: p }]);
      await store.append(tem, `republished-${products[2].productId}`, [
        { type: ProductPublished.type, payload: { ...products[2], title: 'Not Kept' } },
      ]);
      await store.append(tem, streams.purchase('v1', more[0].productId), [buy('more-0', 'v1', more[0].productId)]);
      await store.append(tem, streams.purchase('v2', more[0].productId), [buy('more-1', 'v2', more[0].productId)]);
      await store.append(tem, streams.purchase('v1', more[1].productId), [buy('more-2', 'v1', more[1].productId)]);
      await store.append(tem, streams.purchase('v3', more[1].productId), [buy('more-2', 'v3', more[1].productId)]);
      await store.append(tem, streams.purchase('v1', products[2].productId), [buy('more-3', 'v1', products[2].productId)]);
      await store.append(tem, streams.purchase('v1', products[0].productId), [buy('pur-0', 'v1', products[0].productId)]);
      await store.append(tem, streams.purchase('v1', 'never-published'), [buy('more-4', 'v1', 'never-published')]);
    });
    const processor = new SubscriptionProcessor(orm);
    const words = () => orm.em.fork().getConnection().execute('select word from search_word order by word');
    await processor.reset(browse);
    await processor.catchUp(browse, 3, { lockHeld: true });
    const live = await snapshot();
    const liveWords = await words();
    const card = (id: string) => live.cards.find((c) => c.id === id)!;
    expect(live.cards).toHaveLength(34);
    expect(card(more[0].productId).purchase_count).toBe(2);
    expect(card(more[1].productId).purchase_count).toBe(1);
    expect(card(more[2].productId).purchase_count).toBe(0);
    expect(card(products[2].productId)).toMatchObject({ purchase_count: 2, title: products[2].title });
    expect(card(products[0].productId).purchase_count).toBe(0);

    const paired = jest.spyOn(browseProjection.setBased!.followed!, 'apply');
    try {
      await rebuilder().rebuild(browse);
      expect(paired).toHaveBeenCalledTimes(1);
    } finally {
      paired.mockRestore();
    }
    expect(await snapshot()).toEqual(live);
    expect(await words()).toEqual(liveWords);
  });
});
