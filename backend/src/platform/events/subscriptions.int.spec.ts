import { Database, type Db } from '../database/database';
import { JobRequested, type StoredEvent } from '@sparkhouse/contracts';
import { useTestOrm } from '../../test-support';
import { EventStore } from './event-store';
import type { Projection, Reactor } from './subscribers';
import { SubscriptionProcessor } from './subscription-processor';

/** Counts how many times each event reached it: exactly-once means every count is 1. */
class CountingProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'test.counting';
  readonly version = 1;
  readonly handles = [JobRequested.type];
  crashAfter: number | null = null;
  private seen = 0;

  async handle(em: Db, e: StoredEvent) {
    await em.getConnection().execute(
      `insert into test_delivery (event_id, deliveries) values (?, 1)
         on conflict (event_id) do update set deliveries = test_delivery.deliveries + 1`,
      [e.eventId],
      'run',
      em.getTransactionContext(),
    );
    this.seen += 1;
    if (this.crashAfter !== null && this.seen >= this.crashAfter) throw new Error('process died mid-delivery');
  }

  async truncate(em: Db) {
    await em.getConnection().execute('truncate test_delivery', [], 'run', em.getTransactionContext());
  }
}

class RecordingReactor implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'test.recording';
  readonly handles = [JobRequested.type];
  received: string[] = [];
  failNext = false;
  async handle(events: StoredEvent[]) {
    this.received.push(...events.map((e) => e.eventId));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('died after the side effect, before saving the checkpoint');
    }
  }
}

describe('event delivery to projections and reactors (real PostgreSQL)', () => {
  const testDb = useTestOrm();
  let orm: Database;
  const store = new EventStore();

  beforeAll(async () => {
    orm = testDb.orm;
    await orm.em
      .fork()
      .getConnection()
      .execute('create table test_delivery (event_id uuid primary key, deliveries int not null)');
  });

  const appendRuns = (ids: string[]) =>
    orm.em.fork().transactional(async (tem) => {
      for (const id of ids) {
        await store.append(tem, `job-${id}`, [
          {
            type: JobRequested.type,
            payload: { runId: id, name: 'n', queue: 'q', owner: { ownerId: 'o' }, payload: {}, steps: [] },
          },
        ]);
      }
    });
  const deliveries = async () =>
    (await orm.em.fork().getConnection().execute<{ deliveries: number }[]>('select deliveries from test_delivery')).map(
      (r: { deliveries: number }) => r.deliveries,
    );

  it('survives a crash between commit and delivery: each event reaches the projection exactly once', async () => {
    const processor = new SubscriptionProcessor(orm);
    const projection = new CountingProjection();
    await processor.ensureCheckpoint(projection);

    // committed, but the relay is down: nothing delivered yet
    await appendRuns(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(await deliveries()).toEqual([]);

    // the relay comes up and dies in the middle of a batch: its transaction rolls back with the checkpoint
    projection.crashAfter = 3;
    await expect(processor.catchUp(projection, 100)).rejects.toThrow('process died mid-delivery');
    expect(await deliveries()).toEqual([]);

    // restarted: everything is delivered, once; running again delivers nothing more
    projection.crashAfter = null;
    await processor.catchUp(projection, 2);
    await processor.catchUp(projection, 2);
    expect(await deliveries()).toEqual([1, 1, 1, 1, 1]);

    await appendRuns(['c6']);
    await processor.catchUp(projection, 2);
    expect((await deliveries()).sort()).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('redelivers to a reactor that died after its side effect (at least once, in order)', async () => {
    const processor = new SubscriptionProcessor(orm);
    const reactor = new RecordingReactor();
    await processor.ensureCheckpoint(reactor);
    await processor.catchUp(reactor, 100); // skip what earlier tests appended
    reactor.received = [];
    await appendRuns(['r1', 'r2']);
    reactor.failNext = true;
    await expect(processor.catchUp(reactor, 100)).rejects.toThrow('before saving the checkpoint');
    await processor.catchUp(reactor, 100);
    expect(reactor.received).toHaveLength(4);
    expect(reactor.received.slice(0, 2)).toEqual(reactor.received.slice(2));
  });

  it('leaves a projection alone while a rebuild holds its lock', async () => {
    const processor = new SubscriptionProcessor(orm);
    const projection = new CountingProjection();
    await orm.em.fork().transactional(async (tem) => {
      await tem
        .getConnection()
        .execute(
          `select pg_advisory_xact_lock(hashtextextended('subscriber:test.counting', 0))`,
          [],
          'run',
          tem.getTransactionContext(),
        );
      expect(await processor.processBatch(projection, 10)).toBe('busy');
    });
  });
});
