import { Database } from '../database/database';
import {
  countingModel as counter,
  jobRequested as requested,
  jobStarted as started,
  uncommitted,
  useTestOrm,
  waitingOnLock,
} from '../../test-support';
import { EventStore } from './event-store';

/**
 * Many streams decided and appended in one statement (decideMany, in a transaction; decideManyAlone,
 * outside one), against real PostgreSQL.
 */
describe('event store: many decisions at once', () => {
  const testDb = useTestOrm();
  let orm: Database;
  const store = new EventStore();

  beforeAll(() => {
    orm = testDb.orm;
  });

  const meta = (correlationId: string) => ({
    actor: 'worker',
    correlationId,
    causationId: null,
    occurredAt: new Date().toISOString(),
  });

  it('decides each stream on its state, several decisions on one stream in turn, each with its own metadata', async () => {
    await orm.em.fork().transactional((tem) => store.append(tem, 'job-m2', [requested('m2'), started('m2')]));
    const seen: [string, number | null, number][] = [];
    const appended = await orm.em.fork().transactional((tem) =>
      store.decideMany(tem, counter, [
        { streamId: 'job-m1', decide: (n, v) => (seen.push(['m1', n, v]), [requested('m1')]), metadata: meta('c-1') },
        { streamId: 'job-m2', decide: (n, v) => (seen.push(['m2', n, v]), [started('m2')]), metadata: meta('c-2') },
        {
          streamId: 'job-m1',
          decide: (n, v) => (seen.push(['m1', n, v]), [started('m1'), started('m1')]),
          metadata: meta('c-3'),
        },
        { streamId: 'job-m2', decide: () => null },
      ]),
    );
    // the second decision on job-m1 saw the first one's event
    expect(seen).toEqual([
      ['m1', null, 0],
      ['m2', 2, 2],
      ['m1', 1, 1],
    ]);
    expect(appended.map((events) => events.map((e) => e.streamVersion))).toEqual([[1], [3], [2, 3], []]);
    expect(appended[2].map((e) => e.metadata.correlationId)).toEqual(['c-3', 'c-3']);
    // in the log, a stream's events are in its own order (positions follow versions)
    const m1 = await store.readStream(orm.em.fork(), 'job-m1');
    expect(m1.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(m1.map((e) => Number(e.position))).toEqual([...m1.map((e) => Number(e.position))].sort((a, b) => a - b));
    // what it answers is what the log holds: positions, transaction, versions, payloads and metadata
    expect([...appended[0], ...appended[2]]).toEqual(m1);
    expect(appended[1]).toEqual((await store.readStream(orm.em.fork(), 'job-m2')).slice(2));
    // the snapshot kept is the state after every decision
    expect((await store.load(orm.em.fork(), 'job-m1', counter)).state).toBe(3);
  });

  it('decides again a stream another writer moved in between, leaving the others as written', async () => {
    await orm.em.fork().transactional((tem) => store.append(tem, 'job-c1', [requested('c1')]));
    // another writer has moved job-c1 (version 2) and not committed yet
    const other = await uncommitted(orm, (otx) => store.append(otx, 'job-c1', [started('c1')]));
    const states: (number | null)[] = [];
    const deciding = orm.em.fork().transactional((tem) =>
      store.decideMany(tem, counter, [
        { streamId: 'job-c1', decide: (n) => (states.push(n), [started('c1')]) },
        { streamId: 'job-c2', decide: () => [requested('c2')] },
      ]),
    );
    // the statement waits for the other writer's row: let it commit then (and whatever happens, never leave it open)
    try {
      await waitingOnLock(orm);
    } finally {
      await other.commit();
    }
    const appended = await deciding;
    // decided first on version 1, then again on the fresh stream (the other writer's event included)
    expect(states).toEqual([1, 2]);
    expect(appended.map((events) => events.map((e) => e.streamVersion))).toEqual([[3], [1]]);
    expect((await store.readStream(orm.em.fork(), 'job-c1')).map((e) => e.type)).toEqual([
      'JobRequested',
      'JobStarted',
      'JobStarted',
    ]);
  });

  it('decides alone (no transaction): two statements, each stream still compare-and-set; refuses a transaction', async () => {
    await orm.em.fork().transactional((tem) => store.append(tem, 'job-d2', [requested('d2')]));
    const appended = await store.decideManyAlone(orm.em.fork(), counter, [
      { streamId: 'job-d1', decide: () => [requested('d1')], metadata: meta('d-1') },
      { streamId: 'job-d2', decide: (n, v) => (n === 1 && v === 1 ? [started('d2')] : null) },
      { streamId: 'job-d1', decide: (n) => (n === 1 ? [started('d1')] : null) },
      { streamId: 'job-d2', decide: () => null },
    ]);
    expect(appended.map((events) => events?.map((e) => e.streamVersion))).toEqual([[1], [2], [2], []]);
    expect(appended[0]![0].metadata.correlationId).toBe('d-1');
    // committed: another session reads it, snapshot included
    expect(await store.readStream(orm.em.fork(), 'job-d1')).toEqual([...appended[0]!, ...appended[2]!]);
    expect((await store.load(orm.em.fork(), 'job-d2', counter)).state).toBe(2);
    await expect(
      orm.em.fork().transactional((tem) => store.decideManyAlone(tem, counter, [{ streamId: 'job-d3', decide: () => [] }])),
    ).rejects.toThrow('outside a transaction');
  });

  it('answers null for a stream another writer moved in between (not decided again), writing the others', async () => {
    await orm.em.fork().transactional((tem) => store.append(tem, 'job-e1', [requested('e1')]));
    const other = await uncommitted(orm, (otx) => store.append(otx, 'job-e1', [started('e1')]));
    let decisions = 0;
    const deciding = store.decideManyAlone(orm.em.fork(), counter, [
      { streamId: 'job-e1', decide: () => (decisions++, [started('e1')]) },
      { streamId: 'job-e2', decide: () => [requested('e2')] },
    ]);
    try {
      await waitingOnLock(orm);
    } finally {
      await other.commit();
    }
    const appended = await deciding;
    expect(decisions).toBe(1);
    expect(appended[0]).toBeNull();
    expect(appended[1]!.map((e) => e.streamVersion)).toEqual([1]);
    // only the other writer's event was added to job-e1
    expect((await store.readStream(orm.em.fork(), 'job-e1')).map((e) => e.type)).toEqual(['JobRequested', 'JobStarted']);
  });
});
