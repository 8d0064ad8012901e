import { Database } from '../../../platform/database/database';
import {
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
import { SubscriptionProcessor } from '../../../platform/events/subscription-processor';
import { project, type Projection } from '../../../platform/events/subscribers';
import { projectionSpec, storedEvent, useTestOrm } from '../../../test-support';
import { streams } from '../domain/product-state';
import { demoCollections, demoProducts } from '../seed/demo-catalogue-generator';
import { BrowseProjection } from './browse.projection';
import { LearningProjection } from './learning.projection';

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
  const browse = new BrowseProjection();
  const learning = new LearningProjection();
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
      for (const e of events) if (projection.handles.includes(e.type)) await projection.handle(tem, e);
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
          additionalSecondsWatched: 5 + (i % 7),
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
});
