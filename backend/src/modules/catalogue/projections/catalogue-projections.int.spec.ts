import { MikroORM } from '@mikro-orm/postgresql';
import {
  CollectionCreated,
  ProductProgressRecorded,
  ProductPublished,
  ProductUpdated,
  PurchaseCompleted,
  PurchaseRefunded,
  SchoolCreated,
} from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { SubscriptionProcessor } from '../../../platform/events/subscription-processor';
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
  let orm: MikroORM;
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
});
