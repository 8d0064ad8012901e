import { Database, type Db } from '../database/database';
import {
  eventCatalog,
  JobCancelRequested,
  JobCompleted,
  JobRequested,
  JobStarted,
  type DomainEvent,
  type EventDefinition,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { rows, run } from '../database/sql';
import type { RealtimePublisher } from '../realtime/realtime-publisher';
import { eventually, testConfig, useTestOrm } from '../../test-support';
import { EventStore } from './event-store';
import { ORIGIN, readEventRunsAfter, readEventsAfter, type Checkpoint } from './event-log-reader';
import { Rebuilder, RebuildBusyError } from './rebuilder';
import type { EventRows } from './event-rows';
import type { Projection } from './subscribers';
import { SubscriptionProcessor } from './subscription-processor';

/** Counts runs per owner into test_owner_runs (with a trigger that keeps a label, and a named index). */
class OwnerRunsProjection implements Projection<'JobRequested'> {
  readonly kind = 'projection';
  readonly name = 'test.owner-runs';
  readonly version = 1;
  readonly handles = [JobRequested.type];
  /** B-trees only its queries use: built after the replay. */
  queryIndexes?: string[];
  /** Fail on this event position, but only while building the new copy. */
  failInShadowAt: string | null = null;
  /** Called on every event replayed into the new copy (lets the test act mid-rebuild). */
  onShadowEvent: ((e: StoredEvent) => Promise<void>) | null = null;

  async handle(em: Db, e: DomainEvent<'JobRequested'>) {
    const [{ schema }] = await rows<{ schema: string }>(em, `select current_schema() as schema`);
    if (schema !== 'public') {
      if (e.position === this.failInShadowAt) throw new Error('the new read model could not be built');
      await this.onShadowEvent?.(e);
    }
    const owner = e.payload.owner.ownerId;
    await run(
      em,
      `insert into test_owner_runs (owner_id, runs) values (?, 1) on conflict (owner_id) do update set runs = test_owner_runs.runs + 1`,
      [owner],
    );
  }

  async truncate(em: Db) {
    await run(em, 'truncate test_owner_runs');
  }
}

const OWNERS = 5;

describe('blue-green projection rebuild (real PostgreSQL)', () => {
  const testDb = useTestOrm();
  let orm: Database;
  let processor: SubscriptionProcessor;
  let rebuilder: Rebuilder;
  const pushed: unknown[] = [];
  const store = new EventStore();
  let appended = 0;

  beforeAll(async () => {
    orm = testDb.orm;
    const conn = orm.em.fork().getConnection();
    await conn.execute(`create table test_owner_runs (owner_id text primary key, runs int not null, label text)`);
    await conn.execute(`create index test_owner_runs_by_runs on test_owner_runs (runs desc)`);
    await conn.execute(
      `create index test_owner_runs_label_words on test_owner_runs using gin (to_tsvector('simple', coalesce(label, '')))`,
    );
    await conn.execute(`create function test_owner_label() returns trigger language plpgsql as $$
      begin new.label := 'owner ' || new.owner_id; return new; end $$`);
    await conn.execute(
      `create trigger test_owner_runs_label before insert or update on test_owner_runs for each row execute function test_owner_label()`,
    );
    processor = new SubscriptionProcessor(orm);
    const publisher = { toOperators: (_: string, m: unknown) => pushed.push(m) } as unknown as RealtimePublisher;
    rebuilder = new Rebuilder(testConfig(testDb.url, { EVENT_RELAY_BATCH_SIZE: '100' }), processor, orm, publisher);
  });

  const appendRuns = async (n: number) => {
    await orm.em.fork().transactional(async (tem) => {
      for (let i = 0; i < n; i++) {
        appended += 1;
        await store.append(tem, `job-bg-${appended}`, [
          {
            type: JobRequested.type,
            payload: {
              runId: `bg-${appended}`,
              name: 'operations.pipeline-check',
              queue: 'operations',
              owner: { ownerId: `anon_owner_${appended % OWNERS}` },
              payload: {},
              steps: [],
            },
          },
        ]);
      }
    });
  };

  const model = async () => {
    const found = await rows<{ owner_id: string; runs: number; label: string }>(
      orm.em.fork(),
      'select owner_id, runs, label from test_owner_runs order by owner_id',
    );
    return { total: found.reduce((a, r) => a + r.runs, 0), owners: found.length, labels: found.map((r) => r.label) };
  };

  it('keeps answering from the live read model while the new one is built, then switches in one step', async () => {
    const projection = new OwnerRunsProjection();
    await processor.ensureCheckpoint(projection);
    await appendRuns(600);
    await processor.catchUp(projection, 100);
    expect((await model()).total).toBe(600);

    // readers hammer the model the whole time: none may see it empty or half built
    let reading = true;
    const seen: number[] = [];
    const readers = (async () => {
      while (reading) seen.push((await model()).total);
    })();
    // writes keep arriving and the live relay keeps applying them to the live model meanwhile
    let liveUpdates = 0;
    let shadowIndexes: string[] | null = null;
    projection.onShadowEvent = async (e) => {
      shadowIndexes ??= (
        await rows<{ indexname: string }>(
          orm.em.fork(),
          `select indexname from pg_indexes where schemaname like 'rebuild_%' and tablename = 'test_owner_runs' order by indexname`,
        )
      ).map((i) => i.indexname);
      if (Number(e.position) % 150 === 0 && liveUpdates < 3) {
        liveUpdates += 1;
        await appendRuns(10);
        // the live relay tries at once; the new events are held back while this replay's transaction is
        // open, and waiting for them here (5 s by default) could only end at its deadline
        await processor.catchUp(projection, 100, { heldWaitMs: 0 });
      }
    };
    const result = await rebuilder.rebuild(projection).finally(() => (reading = false));
    await readers;

    expect(liveUpdates).toBe(3);
    expect(result.eventsReplayed).toBeGreaterThanOrEqual(630);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.reduce((low, v) => Math.min(low, v))).toBeGreaterThanOrEqual(600);
    // never backwards: each read is at least the one before it
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1])).toBe(true);
    const after = await model();
    expect(after).toMatchObject({ total: 630, owners: OWNERS });
    // the copy kept the trigger, and its indexes have the live ones' names; the GIN one was built only
    // after the replay (the copy had its primary key and B-tree while rows arrived)
    expect(after.labels[0]).toBe('owner anon_owner_0');
    expect(shadowIndexes).toHaveLength(2);
    expect(shadowIndexes!.some((name) => name.includes('label'))).toBe(false);
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      orm.em.fork(),
      `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'test_owner_runs' order by indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual([
      'test_owner_runs_by_runs',
      'test_owner_runs_label_words',
      'test_owner_runs_pkey',
    ]);
    expect(indexes[1].indexdef).toContain('USING gin');
    // no schema of the rebuild is left behind; the checkpoint is at the head
    expect(await rows(orm.em.fork(), `select 1 from pg_namespace where nspname like 'rebuild_%'`)).toEqual([]);
    const [{ position }] = await rows<{ position: string }>(
      orm.em.fork(),
      'select position::text from event_checkpoint where subscriber = ?',
      [projection.name],
    );
    const [{ head }] = await rows<{ head: string }>(orm.em.fork(), 'select max(position)::text as head from domain_event');
    expect(position).toBe(head);
    // progress was reported to operators, and stored, ending completed
    const last = pushed[pushed.length - 1] as { status: string; phase: string; eventsReplayed: number };
    expect(last).toMatchObject({ status: 'completed', phase: 'done' });
    const [stored] = await rows<{ status: string }>(orm.em.fork(), 'select status from projection_rebuild where projection = ?', [
      projection.name,
    ]);
    expect(stored.status).toBe('completed');

    // the live relay goes on from there: a new event lands once
    await appendRuns(1);
    await processor.catchUp(projection, 100);
    expect((await model()).total).toBe(631);
  });

  it('leaves the live read model in place when the rebuild fails, and says why', async () => {
    const projection = new OwnerRunsProjection();
    await processor.ensureCheckpoint(projection);
    await processor.catchUp(projection, 100);
    const before = await model();
    const [{ p }] = await rows<{ p: string }>(orm.em.fork(), 'select (min(position) + 50)::text as p from domain_event');
    projection.failInShadowAt = p;
    await expect(rebuilder.rebuild(projection)).rejects.toThrow('the new read model could not be built');
    expect(await model()).toEqual(before);
    expect(await rows(orm.em.fork(), `select 1 from pg_namespace where nspname like 'rebuild_%'`)).toEqual([]);
    const [stored] = await rows<{ status: string; error: string }>(
      orm.em.fork(),
      'select status, error from projection_rebuild where projection = ?',
      [projection.name],
    );
    expect(stored).toEqual({ status: 'failed', error: 'the new read model could not be built' });
    // still live: the relay keeps it current
    await appendRuns(2);
    await processor.catchUp(projection, 100);
    expect((await model()).total).toBe(before.total + 2);
  });

  it('stops when told to, changing nothing, and runs one rebuild of a projection at a time', async () => {
    const projection = new OwnerRunsProjection();
    const before = await model();
    const stop = new AbortController();
    stop.abort(new Error('stopped by an operator'));
    await expect(rebuilder.rebuild(projection, { signal: stop.signal })).rejects.toThrow('stopped by an operator');
    expect(await model()).toEqual(before);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    projection.onShadowEvent = async () => held;
    const reported = pushed.length;
    const first = rebuilder.rebuild(projection);
    // once the first is replaying it holds the projection's rebuild lock until it finishes
    await eventually(() => pushed.slice(reported).some((m) => (m as { phase: string }).phase === 'replaying'));
    await expect(rebuilder.rebuild(new OwnerRunsProjection())).rejects.toBeInstanceOf(RebuildBusyError);
    release();
    await first;
    expect((await model()).total).toBe(before.total);
  });

  it('stops, without crashing the process, when its lock connection is lost (a terminated backend), and may run again', async () => {
    const projection = new OwnerRunsProjection();
    await appendRuns(100);
    await processor.catchUp(projection, 100);
    const before = await model();
    let terminated = false;
    projection.onShadowEvent = async () => {
      if (terminated) return;
      terminated = true;
      // the rebuild's lock goes with its connection, as in a restart or a failover
      const killed = await rows<{ pid: number }>(
        orm.em.fork(),
        "select pg_terminate_backend(pid), pid from pg_stat_activity where application_name = 'sparkhouse-replay'",
      );
      expect(killed).toHaveLength(1);
    };
    await expect(rebuilder.rebuild(projection, { batchSize: 5 })).rejects.toThrow('lost its lock connection');
    expect(terminated).toBe(true);
    expect(await model()).toEqual(before);
    expect(await rows(orm.em.fork(), `select 1 from pg_namespace where nspname like 'rebuild_%'`)).toEqual([]);
    projection.onShadowEvent = null;
    await rebuilder.rebuild(projection);
    expect(await model()).toEqual(before);
  });

  it("replays only the events it handles, and leaves its checkpoint at the log's head past the others", async () => {
    const projection = new OwnerRunsProjection();
    await processor.ensureCheckpoint(projection);
    await processor.catchUp(projection, 100);
    const before = await model();
    // the log ends with events of another type, after its last run
    await orm.em.fork().transactional((tem) =>
      store.append(tem, 'job-other', [
        { type: JobCancelRequested.type, payload: { runId: 'other-1' } },
        { type: JobCancelRequested.type, payload: { runId: 'other-2' } },
      ]),
    );
    const [{ handled }] = await rows<{ handled: string }>(
      orm.em.fork(),
      'select count(*)::text as handled from domain_event where type = ?',
      [JobRequested.type],
    );

    const result = await rebuilder.rebuild(projection);
    expect(result.eventsReplayed).toBe(Number(handled));
    expect(await model()).toEqual(before);
    const [{ position }] = await rows<{ position: string }>(
      orm.em.fork(),
      'select position::text from event_checkpoint where subscriber = ?',
      [projection.name],
    );
    const [{ head }] = await rows<{ head: string }>(orm.em.fork(), 'select max(position)::text as head from domain_event');
    expect(position).toBe(head);
  });

  it('builds the B-trees it names as query-only after the replay, under their live names, and refuses a name it does not own', async () => {
    const projection = new OwnerRunsProjection();
    await processor.ensureCheckpoint(projection);
    await processor.catchUp(projection, 100);
    const before = await model();
    const liveIndexes = () =>
      rows<{ indexname: string; indexdef: string }>(
        orm.em.fork(),
        `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'test_owner_runs' order by indexname`,
      );
    const indexesBefore = await liveIndexes();

    projection.queryIndexes = ['test_owner_runs_by_runs'];
    let shadowIndexes: string[] | null = null;
    projection.onShadowEvent = async () => {
      shadowIndexes ??= (
        await rows<{ indexdef: string }>(
          orm.em.fork(),
          `select indexdef from pg_indexes where schemaname like 'rebuild_%' and tablename = 'test_owner_runs' order by indexname`,
        )
      ).map((i) => i.indexdef);
    };
    await rebuilder.rebuild(projection);
    // while rows arrived the copy had only its primary key
    expect(shadowIndexes).toHaveLength(1);
    expect(shadowIndexes![0]).toContain('UNIQUE');
    expect(await model()).toEqual(before);
    expect(await liveIndexes()).toEqual(indexesBefore);

    projection.queryIndexes = ['test_owner_runs_pkey'];
    await expect(rebuilder.rebuild(projection)).rejects.toThrow(
      'test.owner-runs names query indexes that are not non-unique indexes of its tables: test_owner_runs_pkey',
    );
    expect(await model()).toEqual(before);
    expect(await liveIndexes()).toEqual(indexesBefore);
  });

  it("leaves its checkpoint at the log's head when positions there cross a power of ten (compared as numbers, not text)", async () => {
    const projection = new OwnerRunsProjection();
    await processor.ensureCheckpoint(projection);
    await processor.catchUp(projection, 100);
    const before = await model();
    // the last run at 9,999,999, the log's head at 10,000,001: as text, "9999999" sorts after "10000001"
    const [{ max }] = await rows<{ max: string }>(orm.em.fork(), 'select max(position)::text as max from domain_event');
    expect(Number(max)).toBeLessThan(9_999_998);
    await run(orm.em.fork(), `select setval('domain_event_position_seq', 9999998)`);
    // one transaction: its positions are what orders them
    await orm.em.fork().transactional(async (tem) => {
      await store.append(tem, 'job-digits', [
        {
          type: JobRequested.type,
          payload: {
            runId: 'digits',
            name: 'operations.pipeline-check',
            queue: 'operations',
            owner: { ownerId: 'anon_owner_0' },
            payload: {},
            steps: [],
          },
        },
      ]);
      await store.append(tem, 'job-other-digits', [
        { type: JobCancelRequested.type, payload: { runId: 'digits-1' } },
        { type: JobCancelRequested.type, payload: { runId: 'digits-2' } },
      ]);
    });

    await rebuilder.rebuild(projection);
    expect((await model()).total).toBe(before.total + 1);
    const [{ position }] = await rows<{ position: string }>(
      orm.em.fork(),
      'select position::text from event_checkpoint where subscriber = ?',
      [projection.name],
    );
    expect(position).toBe('10000001');
  });

  it('empties a projection with no events in the log in place, its checkpoint at the head, without copies', async () => {
    const conn = orm.em.fork().getConnection();
    await conn.execute(`create table test_completions (run_id text primary key)`);
    await conn.execute(`insert into test_completions values ('stale-1'), ('stale-2')`);
    const tableOid = async () =>
      (await rows<{ oid: string }>(orm.em.fork(), `select 'public.test_completions'::regclass::oid::text as oid`))[0].oid;
    const before = await tableOid();
    const handed: string[] = [];
    const projection: Projection = {
      kind: 'projection',
      name: 'test.completions',
      version: 3,
      handles: [JobCompleted.type],
      async handle(_em, e) {
        handed.push(e.position);
      },
      truncate: (em) => run(em, 'truncate test_completions'),
    };
    await processor.ensureCheckpoint(projection);
    const reported = pushed.length;

    const result = await rebuilder.rebuild(projection);
    expect(result.eventsReplayed).toBe(0);
    expect(handed).toEqual([]);
    expect(await rows(orm.em.fork(), 'select run_id from test_completions')).toEqual([]);
    // the same table, emptied: no copy was built and swapped in
    expect(await tableOid()).toBe(before);
    expect(await rows(orm.em.fork(), `select nspname from pg_namespace where nspname like 'rebuild_%'`)).toEqual([]);
    const [checkpoint] = await rows<{ position: string; version: number }>(
      orm.em.fork(),
      'select position::text, version from event_checkpoint where subscriber = ?',
      [projection.name],
    );
    const [{ head }] = await rows<{ head: string }>(orm.em.fork(), 'select max(position)::text as head from domain_event');
    expect(checkpoint).toEqual({ position: head, version: 3 });
    const last = pushed[pushed.length - 1] as { projection: string; status: string; phase: string };
    expect(pushed.length).toBeGreaterThan(reported);
    expect(last).toMatchObject({ projection: 'test.completions', status: 'completed', phase: 'done' });

    // once an event of its types is in the log, it is rebuilt blue-green (a new table swapped in)
    await orm.em.fork().transactional((tem) =>
      store.append(tem, 'job-completed-1', [
        {
          type: JobCompleted.type,
          payload: {
            runId: 'completed-1',
            name: 'operations.pipeline-check',
            owner: { ownerId: 'anon_owner_0' },
            result: null,
          },
        },
      ]),
    );
    await run(orm.em.fork(), `insert into test_completions values ('stale-3')`);
    const replayed = await rebuilder.rebuild(projection);
    expect(replayed.eventsReplayed).toBe(1);
    expect(handed).toHaveLength(1);
    expect(await rows(orm.em.fork(), 'select run_id from test_completions')).toEqual([]);
    expect(await tableOid()).not.toBe(before);
  });
});

/** Every event it handles leaves one row (a second one for the same event fails); runs of requests go set-based. */
class SeenEventsProjection implements Projection<'JobRequested' | 'JobStarted'> {
  readonly kind = 'projection';
  readonly name = 'test.seen-events';
  readonly version = 1;
  readonly handles = [JobRequested.type, JobStarted.type];
  /** The types of the events handed to `handle` while the new copy was built. */
  handedOver: string[] = [];
  /** How many events each set-based statement applied while the new copy was built. */
  appliedInDatabase: number[] = [];

  readonly setBased: NonNullable<Projection['setBased']> = {
    types: [JobRequested.type],
    apply: async (em: Db, type: string, events: EventRows) => {
      const [{ n }] = await rows<{ n: number }>(
        em,
        `with added as (
           insert into test_seen_events (position, type, owner_id)
           select e.position, ?, e.payload#>>'{owner,ownerId}' from (${events.sql}) e order by e.n
           returning 1)
         select count(*)::int as n from added`,
        [type, ...events.params],
      );
      if (await inCopy(em)) this.appliedInDatabase.push(n);
    },
  };

  async handle(em: Db, e: DomainEvent<'JobRequested' | 'JobStarted'>) {
    if (await inCopy(em)) this.handedOver.push(e.type);
    const owner = e.type === 'JobRequested' ? e.payload.owner.ownerId : null;
    await run(em, 'insert into test_seen_events (position, type, owner_id) values (?, ?, ?)', [e.position, e.type, owner]);
  }

  async truncate(em: Db) {
    await run(em, 'truncate test_seen_events');
  }
}

const inCopy = async (em: Db) => (await rows<{ schema: string }>(em, 'select current_schema() as schema'))[0].schema !== 'public';

describe('rebuilding a projection with set-based statements (real PostgreSQL)', () => {
  const testDb = useTestOrm();
  let orm: Database;
  let processor: SubscriptionProcessor;
  let rebuilder: Rebuilder;
  const store = new EventStore();
  let appended = 0;

  beforeAll(async () => {
    orm = testDb.orm;
    await run(orm.em.fork(), `create table test_seen_events (position bigint primary key, type text not null, owner_id text)`);
    processor = new SubscriptionProcessor(orm);
    rebuilder = new Rebuilder(testConfig(testDb.url, { EVENT_RELAY_BATCH_SIZE: '100' }), processor, orm);
  });

  /** Requests, some started, with events it does not handle between; a transaction per `perTransaction`. */
  const appendJobs = async (n: number, perTransaction = 6) => {
    for (let done = 0; done < n; done += perTransaction) {
      await orm.em.fork().transactional(async (tem) => {
        for (let i = done; i < Math.min(n, done + perTransaction); i++) {
          appended += 1;
          const runId = `sb-${appended}`;
          const owner = { ownerId: `anon_sb_${appended % 3}` };
          const events = [
            {
              type: JobRequested.type,
              payload: { runId, name: 'operations.pipeline-check', queue: 'operations', owner, payload: {}, steps: [] },
            },
            ...(appended % 4 === 0 ? [{ type: JobStarted.type, payload: { runId, attempt: 1, workerId: 'w1' } }] : []),
            ...(appended % 5 === 0 ? [{ type: JobCancelRequested.type, payload: { runId } }] : []),
          ];
          await store.append(tem, `job-${runId}`, events);
        }
      });
    }
  };

  const model = () =>
    rows<{ position: string; type: string; owner_id: string | null }>(
      orm.em.fork(),
      'select position::text, type, owner_id from test_seen_events order by position',
    );
  const handledInLog = async () =>
    (
      await rows<{ n: number }>(orm.em.fork(), 'select count(*)::int as n from domain_event where type = any(?::text[])', [
        `{${JobRequested.type},${JobStarted.type}}`,
      ])
    )[0].n;

  it('replays runs of its set-based types inside the database, across batches, to the rows the live relay makes one by one', async () => {
    const projection = new SeenEventsProjection();
    await processor.ensureCheckpoint(projection);
    await appendJobs(60);
    await processor.catchUp(projection, 10);
    const live = await model();
    expect(live).toHaveLength(await handledInLog());

    // batches of 7 cut runs in two, and a batch may end on either kind of event
    const result = await rebuilder.rebuild(projection, { batchSize: 7 });
    expect(result.eventsReplayed).toBe(live.length);
    expect(await model()).toEqual(live);
    // the requests never came through the process; the starts, which it applies one by one, did
    const started = live.filter((r) => r.type === JobStarted.type).length;
    expect(projection.handedOver).toEqual(Array(started).fill(JobStarted.type));
    expect(projection.appliedInDatabase.reduce((a, n) => a + n, 0)).toBe(live.length - started);
    expect(Math.max(...projection.appliedInDatabase)).toBeLessThanOrEqual(7);

    // the live relay goes on from the rebuilt copy: new events land once
    await appendJobs(8);
    await processor.catchUp(projection, 10);
    expect(await model()).toHaveLength(await handledInLog());
  });

  it('hands events stored at an older schema version over through their upcaster, never reading them raw in the database', async () => {
    const projection = new SeenEventsProjection();
    const catalog = eventCatalog as Map<string, EventDefinition>;
    const v1 = catalog.get(JobRequested.type)!;
    await appendJobs(10);
    const before = (
      await rows<{ n: number }>(orm.em.fork(), 'select count(*)::int as n from domain_event where type = ?', [JobRequested.type])
    )[0].n;
    // JobRequested moves to version 2; what was stored at version 1 is lifted by its upcaster
    catalog.set(JobRequested.type, {
      ...v1,
      version: 2,
      upcast: (stored) => {
        const p = JobRequested.schema.parse(stored);
        return { ...p, owner: { ownerId: `${p.owner.ownerId}-lifted` } };
      },
    });
    try {
      await appendJobs(12);
      await processor.reset(projection);
      await processor.catchUp(projection, 10, { lockHeld: true });
      const live = await model();
      expect(live.filter((r) => r.owner_id?.endsWith('-lifted'))).toHaveLength(before);

      const result = await rebuilder.rebuild(projection, { batchSize: 25 });
      expect(result.eventsReplayed).toBe(live.length);
      expect(await model()).toEqual(live);
      expect(projection.handedOver.filter((t) => t === JobRequested.type)).toHaveLength(before);
      expect(projection.appliedInDatabase.reduce((a, n) => a + n, 0)).toBe(12);
    } finally {
      catalog.set(JobRequested.type, v1);
    }
  });

  it('plans from runs read in the database: the runs of consecutive events of one type, as the events read one by one give', async () => {
    await appendJobs(30);
    const types = [JobRequested.type, JobStarted.type];
    // the same events read whole, folded here into runs (type and schema version) ending at their last event
    const expected = async (limit: number, upTo?: Checkpoint) => {
      const runs: { type: string; schemaVersion: number; transactionId: string; position: string; count: number }[] = [];
      for (const e of await readEventsAfter(orm.em.fork(), ORIGIN, limit, { types, upTo })) {
        const last = runs[runs.length - 1];
        if (last && last.type === e.type && last.schemaVersion === e.schemaVersion) {
          Object.assign(last, { transactionId: e.transactionId, position: e.position, count: last.count + 1 });
        } else {
          runs.push({
            type: e.type,
            schemaVersion: e.schemaVersion,
            transactionId: e.transactionId,
            position: e.position,
            count: 1,
          });
        }
      }
      return runs;
    };
    const all = await expected(100_000);
    expect(all.length).toBeGreaterThan(4);
    const upTo = { transactionId: all[3].transactionId, position: all[3].position };
    for (const [limit, to] of [[100_000], [7], [1], [100_000, upTo]] as const) {
      const runs = await readEventRunsAfter(orm.em.fork(), ORIGIN, limit, { types, upTo: to });
      expect(runs).toEqual(await expected(limit, to));
    }
  });
});
