import { Database } from '../database/database';
import { isEventOf, JobStarted } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import {
  countingModel as counter,
  eventually,
  jobRequested as requested,
  jobStarted as started,
  rowsScannedIn,
  useTestOrm,
} from '../../test-support';
import { heldBack, readableHead, readEventsAfter, readLogAfter, ORIGIN } from './event-log-reader';
import { EventStore, MAX_DECISION_ATTEMPTS } from './event-store';
import { ConcurrencyError, UnknownEventTypeError } from './errors';

describe('event store (real PostgreSQL)', () => {
  const testDb = useTestOrm();
  let orm: Database;
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

  it('commits an append made outside a transaction as one statement (still guarded), but decides only inside one', async () => {
    const [stored] = await store.append(orm.em.fork(), 'job-x', [requested('x')], { expectedVersion: 0 });
    expect(stored.streamVersion).toBe(1);
    expect(await store.streamVersion(orm.em.fork(), 'job-x')).toBe(1);
    // the guard holds without a transaction: a second writer that saw version 0 is refused, nothing written
    await expect(store.append(orm.em.fork(), 'job-x', [requested('x')], { expectedVersion: 0 })).rejects.toThrow(
      ConcurrencyError,
    );
    expect((await store.readStream(orm.em.fork(), 'job-x')).length).toBe(1);
    const model = { name: 'test.any@1', fold: () => null };
    await expect(store.decide(orm.em.fork(), 'job-x', model, () => [requested('x')])).rejects.toThrow('inside a transaction');
  });

  it("writes a new stream's snapshot with its first events when given the model (one statement, no transaction)", async () => {
    await store.append(orm.em.fork(), 'job-s1', [requested('s1'), started('s1')], { expectedVersion: 0, model: counter });
    const [head] = await orm.em
      .fork()
      .getConnection()
      .execute('select version, snapshot, snapshot_model, snapshot_version from event_stream where stream_id = ?', ['job-s1']);
    expect(head).toEqual({ version: 2, snapshot: 2, snapshot_model: counter.name, snapshot_version: 2 });
    // a model is for a new stream only: the state before the caller's version is not known here
    await expect(store.append(orm.em.fork(), 'job-s1', [started('s1')], { expectedVersion: 2, model: counter })).rejects.toThrow(
      'a model is for a new stream',
    );
    expect(await store.streamVersion(orm.em.fork(), 'job-s1')).toBe(2);
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

  it('takes no global lock: a writer of another stream commits while a slow writer is open, and is delivered after it', async () => {
    const em = orm.em.fork();
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((r) => (releaseSlow = r));
    let slowAppended!: () => void;
    const slowHasAppended = new Promise<void>((r) => (slowAppended = r));
    // start after everything earlier tests appended, once none of it is held back any more
    const from = await eventually(async () => {
      const before = await readEventsAfter(em, ORIGIN, 100_000);
      const last = before[before.length - 1];
      const cp = last ? { transactionId: last.transactionId, position: last.position } : ORIGIN;
      return (await heldBack(em, cp)) ? null : cp;
    });
    const slow = orm.em.fork().transactional(async (tem) => {
      await store.append(tem, 'job-slow', [requested('slow')]);
      slowAppended();
      await slowMayCommit;
    });
    await slowHasAppended;

    // the second writer does not wait for the first: it commits while the first is still open
    await orm.em.fork().transactional((tem) => store.append(tem, 'job-fast', [requested('fast')]));
    expect(await count('job-fast')).toBe(1);
    // ...but a consumer does not see it yet: it is held behind the older transaction still running,
    // which may still commit events that sort before it
    expect(await readEventsAfter(em, from, 100)).toEqual([]);
    expect(await heldBack(em, from)).toBe(true);
    // the relay's read says the same in one statement
    expect(await readLogAfter(em, from, 100)).toEqual({ events: [], heldBack: true });

    releaseSlow();
    await slow;
    const delivered = await eventually(async () => {
      const events = await readEventsAfter(em, from, 100);
      return events.length === 2 ? events : null;
    });
    expect(delivered.map((e) => e.streamId)).toEqual(['job-slow', 'job-fast']);
    // ...and reads the same events, with nothing held back after them; a full batch asks nothing more
    expect(await readLogAfter(em, from, 100)).toEqual({ events: delivered, heldBack: false });
    expect(await readLogAfter(em, from, 1)).toEqual({ events: delivered.slice(0, 1), heldBack: false });
  });

  it('two writers deciding on one stream at once: the second decides again on the fresh state, nothing is lost', async () => {
    const decisions: number[] = [];
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((r) => (releaseFirst = r));
    let firstDecided!: () => void;
    const firstHasDecided = new Promise<void>((r) => (firstDecided = r));
    const decideNext = (state: number | null, version: number) => {
      decisions.push(version);
      return [started(`run-${version + 1}`)];
    };
    const first = orm.em.fork().transactional(async (tem) => {
      await store.decide(tem, 'job-race', counter, decideNext);
      firstDecided();
      await firstMayCommit;
    });
    await firstHasDecided;
    const second = orm.em.fork().transactional((tem) => store.decide(tem, 'job-race', counter, decideNext));
    // the second is parked on the stream's head row until the first commits; then it decides again
    await eventually(async () => {
      const [row] = await orm.em
        .fork()
        .getConnection()
        .execute(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
      return row.n >= 1;
    });
    releaseFirst();
    await first;
    const decided = await second;
    expect(decided.version).toBe(2);
    expect(decided.state).toBe(2);
    expect(decisions).toEqual([0, 0, 1]);
    const stream = await store.readStream(orm.em.fork(), 'job-race');
    expect(stream.map((e) => [e.streamVersion, isEventOf(e, 'JobStarted') ? e.payload.runId : e.type])).toEqual([
      [1, 'run-1'],
      [2, 'run-2'],
    ]);
  });

  it('answers a ConcurrencyError (409) when the stream keeps moving under a decision', async () => {
    await orm.em.fork().transactional((tem) => store.append(tem, 'job-busy', [requested('busy')]));
    // every attempt sees a stale state, as if another writer always got there first
    const stale = jest.spyOn(store, 'load').mockResolvedValue({ state: 0, version: 0 });
    try {
      await expect(
        orm.em.fork().transactional((tem) => store.decide(tem, 'job-busy', counter, () => [started('busy')])),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(stale).toHaveBeenCalledTimes(MAX_DECISION_ATTEMPTS);
    } finally {
      stale.mockRestore();
    }
    expect(await count('job-busy')).toBe(1);
  });

  it('decides from the snapshot kept with the stream head, reading only the events appended after it', async () => {
    for (let i = 0; i < 30; i++) {
      await orm.em.fork().transactional((tem) => store.decide(tem, 'job-snap', counter, () => [started(`s${i}`)]));
    }
    const reads = jest.spyOn(store, 'readStream');
    try {
      expect(await store.load(orm.em.fork(), 'job-snap', counter)).toEqual({ state: 30, version: 30 });
      expect(reads).not.toHaveBeenCalled();
      // appends that keep no snapshot (blind ones) are folded on top of it: only they are read
      await orm.em.fork().transactional((tem) => store.append(tem, 'job-snap', [started('b1'), started('b2')]));
      expect(await store.load(orm.em.fork(), 'job-snap', counter)).toEqual({ state: 32, version: 32 });
      expect(reads).toHaveBeenCalledWith(expect.anything(), 'job-snap', { afterVersion: 30 });
    } finally {
      reads.mockRestore();
    }
    // a model whose shape changed ignores the old snapshot and folds the stream again
    expect(await store.load(orm.em.fork(), 'job-snap', { ...counter, name: 'test.counter@2' })).toEqual({
      state: 32,
      version: 32,
    });
  });

  it('loads a stream and one row of something else in one round trip (loadWith)', async () => {
    for (let i = 0; i < 3; i++) {
      await orm.em.fork().transactional((tem) => store.decide(tem, 'job-with', counter, () => [started(`w${i}`)]));
    }
    const em = orm.em.fork();
    const sent = jest.spyOn(em, 'execute');
    const other = {
      sql: 'select stream_id, version from event_stream where stream_id = ? and version > ?',
      params: ['job-with', 2],
    };
    try {
      expect(await store.loadWith(em, 'job-with', counter, other)).toEqual({
        stream: { state: 3, version: 3 },
        alongside: { stream_id: 'job-with', version: 3 },
      });
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
    // neither found: no state, nothing alongside; the stream missing does not hide the other row
    const none = { sql: other.sql, params: ['job-with', 99] };
    expect(await store.loadWith(orm.em.fork(), 'job-never', counter, none)).toEqual({
      stream: { state: null, version: 0 },
      alongside: undefined,
    });
    expect((await store.loadWith(orm.em.fork(), 'job-never', counter, other)).alongside).toEqual({
      stream_id: 'job-with',
      version: 3,
    });
  });

  it('looks for held-back events through the delivery index: a caught-up read does not scan the whole log', async () => {
    // a log of some thousands of committed events (the relay is caught up at its end)
    await orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
         select gen_random_uuid(), 'job-scan-' || i, 1, 'JobStarted', 1, jsonb_build_object('runId', 'scan-' || i, 'attempt', 1, 'workerId', 'w'), '{}'
           from generate_series(1, 5000) i`,
      );
    const head = await eventually(async () => {
      const at = await readableHead(orm.em.fork());
      return at && !(await heldBack(orm.em.fork(), at)) ? at : null;
    });
    await orm.em.fork().transactional(async (tem) => {
      const before = await rowsScannedIn(tem, 'domain_event');
      // more than PostgreSQL's five custom plans: a generic plan, were one kept, would be used too
      for (let i = 0; i < 8; i++) {
        expect(await readLogAfter(tem, head, 100)).toEqual({ events: [], heldBack: false });
        expect(await heldBack(tem, head)).toBe(false);
      }
      expect(await rowsScannedIn(tem, 'domain_event')).toBe(before);
    });
  });

  it('delivers in numeric (transaction, position) order across digit boundaries (9 before 10, 99 before 100)', async () => {
    await orm.em.fork().transactional(async (tem) => {
      for (let i = 0; i < 120; i++) await store.append(tem, `job-n${i}`, [requested(`n${i}`)]);
    });
    const delivered = (await readEventsAfter(orm.em.fork(), ORIGIN, 10_000)).map((e) => [
      BigInt(e.transactionId),
      BigInt(e.position),
    ]);
    expect(delivered.length).toBeGreaterThan(120);
    const numeric = [...delivered].sort(([ta, pa], [tb, pb]) =>
      ta === tb ? (pa < pb ? -1 : pa > pb ? 1 : 0) : ta < tb ? -1 : 1,
    );
    expect(delivered).toEqual(numeric);
  });
});
