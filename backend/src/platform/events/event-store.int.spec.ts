import { MikroORM } from '@mikro-orm/postgresql';
import { JobRequested, JobStarted } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { useTestOrm, eventually } from '../../test-support';
import { readEventsAfter, ORIGIN } from './event-log-reader';
import { EventStore } from './event-store';
import { ConcurrencyError, UnknownEventTypeError } from './errors';

const requested = (runId: string) => ({
  type: JobRequested.type,
  payload: {
    runId,
    name: 'operations.pipeline-check',
    queue: 'operations',
    owner: { ownerId: 'anon_test_owner' },
    payload: {},
    steps: [],
  },
});
const started = (runId: string) => ({ type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w' } });

describe('event store (real PostgreSQL)', () => {
  const testDb = useTestOrm();
  let orm: MikroORM;
  const store = new EventStore();

  beforeAll(async () => {
    orm = testDb.orm;
  });

  const count = async (streamId: string) =>
    Number(
      (
        await orm.em.fork().getConnection().execute('select count(*)::int as n from domain_event where stream_id = ?', [streamId])
      )[0].n,
    );

  it('appends in the caller transaction: a rollback leaves no event behind', async () => {
    await expect(
      orm.em.fork().transactional(async (tem) => {
        await store.append(tem, 'job-a', [requested('a')]);
        throw new Error('the write model change failed');
      }),
    ).rejects.toThrow('the write model change failed');
    expect(await count('job-a')).toBe(0);

    await orm.em.fork().transactional((tem) => store.append(tem, 'job-a', [requested('a'), started('a')]));
    const stream = await store.readStream(orm.em.fork(), 'job-a');
    expect(stream.map((e) => [e.type, e.streamVersion, e.schemaVersion])).toEqual([
      ['JobRequested', 1, 1],
      ['JobStarted', 2, 1],
    ]);
  });

  it('refuses to append outside a transaction', async () => {
    await expect(store.append(orm.em.fork(), 'job-x', [requested('x')])).rejects.toThrow('inside a transaction');
  });

  it('records actor, correlation and causation from the request context', async () => {
    await requestContext.run(
      { requestId: 'req-42', timeZone: 'UTC', principal: { kind: 'anonymous', id: 'anon_meta_owner_1' }, causationId: 'cause-1' },
      () => orm.em.fork().transactional((tem) => store.append(tem, 'job-m', [requested('m')])),
    );
    const [e] = await store.readStream(orm.em.fork(), 'job-m');
    expect(e.metadata).toMatchObject({ actor: 'anon_meta_owner_1', correlationId: 'req-42', causationId: 'cause-1' });
    expect(Date.parse(e.metadata.occurredAt)).not.toBeNaN();
  });

  it('enforces the expected stream version and changes nothing on conflict', async () => {
    await orm.em.fork().transactional((tem) => store.append(tem, 'job-v', [requested('v')], { expectedVersion: 0 }));
    await expect(
      orm.em.fork().transactional((tem) => store.append(tem, 'job-v', [started('v')], { expectedVersion: 0 })),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await count('job-v')).toBe(1);
  });

  it('rejects undeclared event types and payloads that break their contract', async () => {
    await expect(
      orm.em.fork().transactional((tem) => store.append(tem, 'job-u', [{ type: 'SomethingHappened', payload: {} } as never])),
    ).rejects.toBeInstanceOf(UnknownEventTypeError);
    await expect(
      orm.em
        .fork()
        .transactional((tem) => store.append(tem, 'job-u', [{ type: JobStarted.type, payload: { runId: 'u' } } as never])),
    ).rejects.toThrow();
    expect(await count('job-u')).toBe(0);
  });

  it('is append-only: updates, deletes and truncation are refused by the database', async () => {
    const conn = orm.em.fork().getConnection();
    await expect(conn.execute(`update domain_event set type = 'X'`)).rejects.toThrow('append-only');
    await expect(conn.execute('delete from domain_event')).rejects.toThrow('append-only');
    await expect(conn.execute('truncate domain_event')).rejects.toThrow('append-only');
  });

  it('hands out positions in commit order: a second writer waits for the first to commit', async () => {
    const conn = orm.em.fork().getConnection();
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((r) => (releaseSlow = r));
    let slowAppended!: () => void;
    const slowHasAppended = new Promise<void>((r) => (slowAppended = r));
    const slow = orm.em.fork().transactional(async (tem) => {
      await store.append(tem, 'job-slow', [requested('slow')]);
      slowAppended();
      await slowMayCommit;
    });
    await slowHasAppended;
    let fastDone = false;
    const fast = orm.em
      .fork()
      .transactional((tem) => store.append(tem, 'job-fast', [requested('fast')]))
      .then(() => (fastDone = true));

    // the second writer is parked on the append lock, not committed ahead of the first
    await eventually(async () => {
      const [row] = await conn.execute(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
      return row.n >= 1;
    });
    expect(fastDone).toBe(false);
    releaseSlow();
    await Promise.all([slow, fast]);

    const rows = await conn.execute<{ stream_id: string }[]>(
      `select stream_id, position from domain_event where stream_id in ('job-slow', 'job-fast') order by position`,
    );
    expect(rows.map((r: { stream_id: string }) => r.stream_id)).toEqual(['job-slow', 'job-fast']);
  });

  it('delivers in numeric position order across digit boundaries (9 before 10, 99 before 100)', async () => {
    await orm.em.fork().transactional(async (tem) => {
      for (let i = 0; i < 120; i++) await store.append(tem, `job-n${i}`, [requested(`n${i}`)]);
    });
    const delivered = (await readEventsAfter(orm.em.fork(), ORIGIN, 10_000)).map((e) => Number(e.position));
    expect(delivered.length).toBeGreaterThan(120);
    expect(delivered).toEqual([...delivered].sort((a, b) => a - b));
  });
});
