import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { Database, type Db } from '../database/database';
import { Client } from 'pg';
import { eventCatalog, SERVER_EVENTS, type RebuildProgress } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { rows, run, textArray } from '../database/sql';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { compareLogPositions } from './log-position';
import {
  checkpointOf,
  ORIGIN,
  readableHead,
  readEventRunsAfter,
  readEventsAfter,
  type Checkpoint,
  type EventHead,
  type LoggedEvent,
} from './event-log-reader';
import { eventsInLog } from './event-rows';
import { project, type Projection } from './subscribers';
import { saveCheckpoint, subscriberLockKey, SubscriptionProcessor } from './subscription-processor';

export type RebuildPhase = RebuildProgress['phase'];

export interface RebuildOptions {
  /** The job run doing it, when it runs as a job (shown in the console). */
  runId?: string | null;
  /** Stops the rebuild between batches; the live read model stays as it was. */
  signal?: AbortSignal;
  /** Called with each progress report (at most every 250 ms, and at each phase). */
  onProgress?: (p: RebuildProgress) => void | Promise<void>;
  /** Events per replay transaction, instead of the usual (tests cross batch boundaries with small ones). */
  batchSize?: number;
}

export interface RebuildResult {
  durationMs: number;
  eventsReplayed: number;
}

/** Another rebuild of the same projection is running (on any process of the cluster). */
export class RebuildBusyError extends Error {
  constructor(readonly projection: string) {
    super(`A rebuild of ${projection} is already running.`);
  }
}

const PROGRESS_EVERY_MS = 250;
const REPLAY_BATCH_SIZE = 2000;
/**
 * Events per replay transaction of a projection with set-based statements: only where they are is read
 * here (no payloads), and a longer run folds more of its events into each row written (catalogue.learning's
 * 100,000 progress events of the bench: 1.34 s in five statements of 20,000, 0.93 s in one).
 */
const SET_BASED_BATCH_SIZE = 100_000;
/** Connections building a rebuild's deferred indexes at once. */
const INDEX_BUILDERS = 2;
const rebuildLockKey = (name: string) => `rebuild:${name}`;
/** An index's definition without its name, schema and table (the same for a live table's index and its copy's). */
const INDEX_SHAPE = `(select t.relname from pg_class t where t.oid = i.indrelid) || ' ' || regexp_replace(pg_get_indexdef(i.indexrelid), '^CREATE (UNIQUE ){0,1}INDEX \\S+ ON \\S+', '')`;
const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 10);
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Events read and handed over per statement, and events per replay transaction (their heads, when set-based). */
interface BatchSizes {
  events: number;
  heads: number;
}

/**
 * Rebuilds a projection blue-green: its tables are copied empty into a schema of their own, the log
 * is replayed into the copies from position 0 (the projection's SQL finds them first on the
 * search_path), and once the copies have caught up they take the live tables' place in one short
 * transaction, together with the checkpoint. Until then the live read model keeps answering and the
 * relay keeps it current; a rebuild that fails or is stopped drops its copies and changes nothing.
 * Runs of the types a projection applies set-based are not read here: its statements read them from
 * the log themselves (see event-rows.ts). `npm run replay` and the console's rebuild job both come here.
 */
@Injectable()
export class Rebuilder {
  private readonly logger = new Logger('Replay');

  private readonly orm: Database;

  /** Larger than the relay's (copies nobody reads yet; fewer round trips), unless the caller says otherwise. */
  private batchSizes(projection: Projection, options: RebuildOptions): BatchSizes {
    const events = options.batchSize ?? Math.max(this.config.EVENT_RELAY_BATCH_SIZE, REPLAY_BATCH_SIZE);
    return { events, heads: projection.setBased ? (options.batchSize ?? Math.max(events, SET_BASED_BATCH_SIZE)) : events };
  }

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly processor: SubscriptionProcessor,
    @Optional() orm?: Database,
    // without one (a bare test set-up) progress is stored but not pushed
    @Optional() private readonly publisher?: RealtimePublisher,
  ) {
    this.orm = orm ?? processor.orm;
  }

  async rebuild(projection: Projection, options: RebuildOptions = {}): Promise<RebuildResult> {
    const started = Date.now();
    const lock = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'sparkhouse-replay' });
    // the lock goes with its connection: once that is lost (a terminated backend, a failover) another
    // rebuild may start, so this one stops at its next batch (and the process carries on)
    let lockLost: Error | null = null;
    lock.on('error', (err) => {
      if (lockLost) return;
      lockLost = err;
      this.logger.warn({ err, projection: projection.name }, 'the rebuild lock connection was lost; stopping the rebuild');
    });
    const holdingLock = () => {
      if (lockLost)
        throw new Error(`the rebuild of ${projection.name} lost its lock connection (${lockLost.message}); try again`);
    };
    await lock.connect();
    const progress = new ProgressReporter(projection.name, options, started, (p) => this.report(p, options));
    const shadow = `rebuild_${shortHash(projection.name)}`;
    try {
      const { rows: got } = await lock.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
        [rebuildLockKey(projection.name)],
      );
      if (!got[0].locked) throw new RebuildBusyError(projection.name);
      await this.processor.ensureCheckpoint(projection);
      const toReplay = await this.countEvents(projection.handles);
      await progress.phase('copying', toReplay);
      if (toReplay === 0 && (await this.emptyInPlace(projection))) {
        const durationMs = Date.now() - started;
        await progress.finish('completed', null);
        this.logger.log(`rebuilt ${projection.name} (no events: emptied in place) in ${durationMs} ms`);
        return { durationMs, eventsReplayed: 0 };
      }

      const sizes = this.batchSizes(projection, options);
      const tables = await this.ownedTables(projection);
      await this.copyTables(shadow, tables);
      const deferred = await this.deferIndexes(shadow, tables, await this.queryIndexes(projection, tables));

      await progress.phase('replaying');
      let at: Checkpoint = ORIGIN;
      for (;;) {
        options.signal?.throwIfAborted();
        holdingLock();
        const batch = await this.orm.em.fork().transactional(async (tem) => {
          // the copies are thrown away if the machine dies before the switch, whose commit is durable
          // and makes every earlier one durable with it: a batch need not wait for its own disk flush
          await bulkSettings(tem);
          // up to the log's readable head as it is now: every event up to it is committed and visible to
          // the read below, so once a batch ends short of its limit the replay has seen all it handles up
          // to there, and goes on from the head (the switch then reads only what came after it)
          const head = await readableHead(tem);
          const read = await this.replayBatch(tem, projection, shadow, sizes, at, head ?? undefined);
          return { ...read, head };
        });
        if (batch.last) at = batch.last;
        await progress.advance(batch.count);
        if (!batch.full) {
          if (batch.head && compareLogPositions(batch.head, at) > 0) at = batch.head;
          break;
        }
      }
      await this.buildIndexes(deferred);

      await progress.phase('switching');
      holdingLock();
      const replayedAtSwitch = await this.orm.em.fork().transactional(async (tem) => {
        // the live relay applies its batch under this lock: once we hold it, the live tables stand still
        await run(tem, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [subscriberLockKey(projection.name)]);
        await run(tem, 'set local jit to off');
        // up to the log's readable head, which the checkpoint then names: the events of other types
        // before it need not be read again by the live relay
        const head = await readableHead(tem);
        let caughtUp = 0;
        for (;;) {
          const batch = await this.replayBatch(tem, projection, shadow, sizes, at, head ?? undefined);
          if (batch.last) at = batch.last;
          caughtUp += batch.count;
          if (!batch.full) break;
        }
        if (head && compareLogPositions(head, at) > 0) at = head;
        await this.swap(tem, shadow, tables);
        await saveCheckpoint(tem, projection.name, at);
        await run(tem, 'update event_checkpoint set version = ? where subscriber = ?', [projection.version, projection.name]);
        return caughtUp;
      });
      await progress.advance(replayedAtSwitch);
      const durationMs = Date.now() - started;
      await progress.finish('completed', null);
      this.logger.log(`rebuilt ${projection.name} (${progress.replayed} events) in ${durationMs} ms`);
      return { durationMs, eventsReplayed: progress.replayed };
    } catch (err) {
      if (!(err instanceof RebuildBusyError)) {
        await run(this.orm.em.fork(), `drop schema if exists ${quoted(shadow)} cascade`).catch(() => undefined);
        const message = err instanceof Error ? err.message : String(err);
        await progress.finish('failed', message).catch(() => undefined);
        this.logger.error({ err, projection: projection.name }, 'rebuild failed; the live read model is unchanged');
      }
      throw err;
    } finally {
      await lock.end().catch(() => undefined);
    }
  }

  /**
   * A projection with no event to replay: its read model is emptied in place (its own truncate) and its
   * checkpoint set at the log's readable head, in one transaction under its subscriber lock, as the switch
   * does, instead of building empty copies to swap in. The outcome is the blue-green one (empty tables of
   * the same definition, the checkpoint at the head, the projection's version); readers wait only for this
   * short transaction. Answers false, changing nothing, when an event of its types is in the log by then
   * (committed meanwhile, or not yet readable): the blue-green rebuild then replays it.
   */
  private async emptyInPlace(projection: Projection): Promise<boolean> {
    return this.orm.em.fork().transactional(async (tem) => {
      await run(tem, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [subscriberLockKey(projection.name)]);
      // by the type index: any event of its types at all, readable or not, sends it the long way
      const [any] = await rows<{ found: number }>(
        tem,
        'select 1 as found from domain_event where type = any(?::text[]) limit 1',
        [textArray(projection.handles)],
      );
      if (any) return false;
      const head = await readableHead(tem);
      await projection.truncate(tem);
      await saveCheckpoint(tem, projection.name, head ?? ORIGIN);
      await run(tem, 'update event_checkpoint set version = ? where subscriber = ?', [projection.version, projection.name]);
      return true;
    });
  }

  /** Replays the events it handles after `from` (up to `upTo`) into the copies (found first on the search path). */
  private async replayBatch(
    tem: Db,
    projection: Projection,
    shadow: string,
    sizes: BatchSizes,
    from: Checkpoint,
    upTo?: Checkpoint,
  ) {
    await run(tem, `set local search_path to ${quoted(shadow)}, public`);
    const batch = projection.setBased
      ? await this.replayStretches(tem, projection, sizes, from, upTo)
      : await this.replayEvents(tem, projection, from, sizes.events, upTo);
    // (a failure above aborts the transaction, and the setting goes with it)
    await run(tem, 'set local search_path to public');
    return batch;
  }

  private async replayEvents(tem: Db, projection: Projection, from: Checkpoint, limit: number, upTo?: Checkpoint) {
    const events = await readEventsAfter(tem, from, limit, { types: projection.handles, upTo });
    await project(tem, projection, events);
    const last: LoggedEvent | undefined = events[events.length - 1];
    return { count: events.length, last: last ? checkpointOf(last) : null, full: events.length === limit };
  }

  /**
   * A batch of a projection with set-based statements: where its events are is read first; runs it
   * applies set-based read their events from the log in its own statements, and the events between are
   * read here and handed over as usual (upcast when stored at an older schema version).
   */
  private async replayStretches(tem: Db, projection: Projection, sizes: BatchSizes, from: Checkpoint, upTo?: Checkpoint) {
    const setBased = projection.setBased!;
    const types = new Set(setBased.types);
    const runs = await readEventRunsAfter(tem, from, sizes.heads, { types: projection.handles, upTo });
    const isCurrent = (h: EventHead) => types.has(h.type) && eventCatalog.get(h.type)?.version === h.schemaVersion;
    const stretches = planStretches(runs, from, isCurrent);
    for (let i = 0; i < stretches.length; i++) {
      const { setBasedType: type, after, upTo: end } = stretches[i];
      const next = stretches[i + 1];
      // a run the projection applies together with the run right after it (both in this batch)
      if (type && setBased.followed?.first === type && next?.setBasedType === setBased.followed.then) {
        const then = eventsInLog({ type: next.setBasedType, after: next.after, upTo: next.upTo });
        await setBased.followed.apply(tem, eventsInLog({ type, after, upTo: end }), then);
        i += 1;
        continue;
      }
      if (type) {
        await setBased.apply(tem, type, eventsInLog({ type, after, upTo: end }));
        continue;
      }
      for (let at = after; ;) {
        const batch = await this.replayEvents(tem, projection, at, sizes.events, end);
        if (!batch.full) break;
        at = batch.last!;
      }
    }
    const last = runs[runs.length - 1];
    const count = runs.reduce((n, r) => n + r.count, 0);
    return {
      count,
      last: last ? { transactionId: last.transactionId, position: last.position } : null,
      full: count === sizes.heads,
    };
  }

  /** The tables a projection owns: as it declares them, or the ones its truncate empties (found in a rolled-back try). */
  private async ownedTables(projection: Projection): Promise<string[]> {
    if (projection.tables?.length) return [...projection.tables];
    const found: string[] = [];
    const rollback = new Error('rollback');
    await this.orm.em
      .fork()
      .transactional(async (tem) => {
        await run(tem, `set local lock_timeout = '10s'`);
        await projection.truncate(tem);
        const locked = await rows<{ name: string }>(
          tem,
          `select c.relname as name from pg_locks l
             join pg_class c on c.oid = l.relation
             join pg_namespace n on n.oid = c.relnamespace
            where l.pid = pg_backend_pid() and l.locktype = 'relation' and l.mode = 'AccessExclusiveLock'
              and c.relkind in ('r', 'p') and n.nspname = 'public'
            order by c.relname`,
        );
        found.push(...locked.map((r) => r.name));
        throw rollback;
      })
      .catch((err) => {
        if (err !== rollback) throw err;
      });
    if (found.length === 0) throw new Error(`${projection.name} owns no table that its truncate empties`);
    return found;
  }

  /** The query-only indexes a projection names, checked: non-unique indexes of its own live tables. */
  private async queryIndexes(projection: Projection, tables: string[]): Promise<string[]> {
    const named = [...(projection.queryIndexes ?? [])];
    if (named.length === 0) return named;
    const found = await rows<{ name: string }>(
      this.orm.em.fork(),
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = any(?::text[]::regclass[]) and c.relname = any(?::text[]) and not i.indisunique`,
      [textArray(tables.map((t) => `public.${quoted(t)}`)), textArray(named)],
    );
    const missing = named.filter((n) => !found.some((f) => f.name === n));
    if (missing.length > 0) {
      throw new Error(
        `${projection.name} names query indexes that are not non-unique indexes of its tables: ${missing.join(', ')}`,
      );
    }
    return named;
  }

  /** Empty copies of the live tables (columns, defaults, constraints, indexes, triggers) in the shadow schema. */
  private async copyTables(shadow: string, tables: string[]) {
    // one transaction (one commit), not waiting for its disk flush: copies lost with the machine are made again
    await this.orm.em.fork().transactional(async (em) => {
      await run(em, 'set local synchronous_commit to off');
      await run(em, `drop schema if exists ${quoted(shadow)} cascade`);
      await run(em, `create schema ${quoted(shadow)}`);
      for (const t of tables) {
        await run(em, `create table ${quoted(shadow)}.${quoted(t)} (like public.${quoted(t)} including all)`);
        const triggers = await rows<{ def: string }>(
          em,
          `select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = ?::regclass and not tgisinternal`,
          [`public.${quoted(t)}`],
        );
        for (const { def } of triggers) {
          await run(em, def.replace(/ ON (public\.)?("[^"]+"|\S+) /, ` ON ${quoted(shadow)}.${quoted(t)} `));
        }
      }
    });
  }

  /**
   * Drops the copies' non-unique indexes other than B-trees (full-text, trigram and array GIN ones), and
   * the B-trees the projection names as used by queries only: keeping them while thousands of rows
   * arrive costs far more than building them once afterwards, and no projection statement uses them
   * (upserts need the unique ones; lookups use the other B-trees). Answers their definitions, for
   * `buildIndexes`. A copy's index is found by its definition: the copies' indexes have names of their own.
   */
  private async deferIndexes(shadow: string, tables: string[], queryIndexes: readonly string[]): Promise<string[]> {
    const em = this.orm.em.fork();
    const deferred = await rows<{ name: string; def: string }>(
      em,
      `with named as (
         select ${INDEX_SHAPE} as shape
           from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relname = any(?::text[]) and not i.indisunique and not i.indisexclusion
       )
       select c.relname as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i
         join pg_class c on c.oid = i.indexrelid
         join pg_am am on am.oid = c.relam
        where i.indrelid = any(?::text[]::regclass[]) and not i.indisunique and not i.indisexclusion
          and (am.amname <> 'btree' or ${INDEX_SHAPE} in (select shape from named))`,
      [textArray(queryIndexes), textArray(tables.map((t) => `${quoted(shadow)}.${quoted(t)}`))],
    );
    if (deferred.length > 0) {
      await run(em, `drop index ${deferred.map(({ name }) => `${quoted(shadow)}.${quoted(name)}`).join(', ')}`);
    }
    return deferred.map((d) => d.def);
  }

  /**
   * The deferred indexes, built on the filled copies before they take the live tables' place: on two
   * connections at once, each taking the next definition (building indexes of one table at the same time is
   * allowed: each holds a share lock), so a projection with many, such as catalogue.browse's ten, spends
   * about half as long on them. Nobody reads the copies yet; a failure fails the rebuild, which drops them.
   */
  private async buildIndexes(definitions: string[]) {
    const queue = [...definitions];
    const builder = () =>
      this.orm.em.fork().transactional(async (tem) => {
        await bulkSettings(tem);
        // a GIN index of a few hundred thousand keys is built in one pass with room for them (the default is 64 MB)
        await run(tem, `set local maintenance_work_mem to '256MB'`);
        for (let def = queue.shift(); def; def = queue.shift()) await run(tem, def);
      });
    await Promise.all(Array.from({ length: Math.min(INDEX_BUILDERS, definitions.length) }, builder));
  }

  /**
   * The copies take the live tables' place: live tables move aside, copies move in under the same
   * names (their indexes renamed to the live ones' names, so later migrations find them), and the old
   * ones are dropped. Readers wait only for this statement list, then read the new tables.
   */
  private async swap(tem: Db, shadow: string, tables: string[]) {
    const old = `${shadow}_old`;
    await run(tem, `drop schema if exists ${quoted(old)} cascade`);
    await run(tem, `create schema ${quoted(old)}`);
    for (const t of tables) {
      const serials = await rows<{ col: string; seq: string }>(
        tem,
        `select a.attname as col, pg_get_serial_sequence(?, a.attname) as seq
           from pg_attribute a where a.attrelid = ?::regclass and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(?, a.attname) is not null and a.attidentity = ''`,
        [`public.${quoted(t)}`, `public.${quoted(t)}`, `public.${quoted(t)}`],
      );
      await run(tem, `alter table public.${quoted(t)} set schema ${quoted(old)}`);
      await run(tem, `alter table ${quoted(shadow)}.${quoted(t)} set schema public`);
      // a serial column's sequence stays with the table that now answers
      for (const s of serials) await run(tem, `alter sequence ${s.seq} owned by public.${quoted(t)}.${quoted(s.col)}`);
      await this.renameIndexesLike(tem, `${quoted(old)}.${quoted(t)}`, `public.${quoted(t)}`);
    }
    await run(tem, `drop schema ${quoted(old)} cascade`);
    await run(tem, `drop schema ${quoted(shadow)} cascade`);
  }

  private async renameIndexesLike(tem: Db, from: string, to: string) {
    const indexes = (table: string) =>
      rows<{ name: string; def: string }>(
        tem,
        `select c.relname as name, regexp_replace(pg_get_indexdef(i.indexrelid), '^CREATE (UNIQUE ){0,1}INDEX \\S+ ON \\S+', '') as def
           from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = ?::regclass`,
        [table],
      );
    const before = new Map((await indexes(from)).map((i) => [i.def, i.name]));
    const now = await indexes(to);
    const renames = now.filter((i) => before.has(i.def) && before.get(i.def) !== i.name);
    // two steps, so a new name never collides with one not yet moved out of its way
    for (const [n, i] of renames.entries())
      await run(tem, `alter index public.${quoted(i.name)} rename to ${quoted(`__rb_${n}`)}`);
    for (const [n, i] of renames.entries()) {
      await run(tem, `alter index public.${quoted(`__rb_${n}`)} rename to ${quoted(before.get(i.def)!)}`);
    }
  }

  /** How many events a rebuild of the projection replays now (those of the types it handles). */
  eventsToReplay(projection: Projection): Promise<number> {
    return this.countEvents(projection.handles);
  }

  /** The events of the types it handles: what the replay will read. */
  private async countEvents(types: readonly string[]): Promise<number> {
    const [{ n }] = await rows<{ n: string }>(
      this.orm.em.fork(),
      'select count(*)::bigint as n from domain_event where type = any(?::text[])',
      [textArray(types)],
    );
    return Number(n);
  }

  /** Stored for the console (survives the process) and pushed to connected operators. */
  private async report(p: RebuildProgress, options: RebuildOptions) {
    await run(
      this.orm.em.fork(),
      `insert into projection_rebuild (projection, run_id, status, phase, events_replayed, events_total, rate, eta_ms,
                                       started_at, finished_at, error, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (projection) do update set run_id = excluded.run_id, status = excluded.status, phase = excluded.phase,
         events_replayed = excluded.events_replayed, events_total = excluded.events_total, rate = excluded.rate,
         eta_ms = excluded.eta_ms, started_at = excluded.started_at, finished_at = excluded.finished_at,
         error = excluded.error, updated_at = now()`,
      [
        p.projection,
        p.runId,
        p.status,
        p.phase,
        p.eventsReplayed,
        p.eventsTotal,
        p.rate,
        p.etaMs,
        p.startedAt,
        p.finishedAt,
        p.error,
      ],
    );
    this.publisher?.toOperators(SERVER_EVENTS.opsRebuild, p);
    await options.onProgress?.(p);
  }
}

/**
 * A replay transaction's settings: no wait for its disk flush (the switch's commit is durable, and makes
 * every earlier one durable with it; copies lost with the machine are built again), no JIT compilation
 * (it costs more than it saves on statements run once), and room to sort and hash a batch in memory.
 */
async function bulkSettings(tem: Db) {
  await run(
    tem,
    `select set_config('synchronous_commit', 'off', true), set_config('jit', 'off', true),
                         set_config('work_mem', '64MB', true)`,
  );
}

/** Counts what was replayed and reports it, throttled, with the rate and an estimate of the time left. */
class ProgressReporter {
  replayed = 0;
  private total = 0;
  private current: RebuildPhase = 'copying';
  private lastReport = 0;

  constructor(
    private readonly projection: string,
    private readonly options: RebuildOptions,
    private readonly started: number,
    private readonly send: (p: RebuildProgress) => Promise<void>,
  ) {}

  async phase(phase: RebuildPhase, total?: number) {
    this.current = phase;
    if (total !== undefined) this.total = total;
    await this.emit('running', null);
  }

  async advance(count: number) {
    this.replayed += count;
    if (this.replayed > this.total) this.total = this.replayed;
    if (Date.now() - this.lastReport >= PROGRESS_EVERY_MS) await this.emit('running', null);
  }

  async finish(status: 'completed' | 'failed', error: string | null) {
    if (status === 'completed') this.current = 'done';
    await this.emit(status, error, new Date().toISOString());
  }

  private async emit(status: RebuildProgress['status'], error: string | null, finishedAt: string | null = null) {
    this.lastReport = Date.now();
    const seconds = Math.max(0.001, (Date.now() - this.started) / 1000);
    const rate = this.replayed / seconds;
    const left = Math.max(0, this.total - this.replayed);
    await this.send({
      projection: this.projection,
      status,
      phase: this.current,
      runId: this.options.runId ?? null,
      eventsReplayed: this.replayed,
      eventsTotal: this.total,
      rate: Math.round(rate * 10) / 10,
      etaMs: status !== 'running' ? 0 : rate > 0 ? Math.round((left / rate) * 1000) : null,
      startedAt: new Date(this.started).toISOString(),
      finishedAt,
      error,
    });
  }
}

/** A stretch of a replay batch: its bounds, and the type of a run applied set-based (null: events handed over). */
export interface ReplayStretch {
  setBasedType: string | null;
  after: Checkpoint;
  upTo: Checkpoint;
  count: number;
}

/**
 * Splits a batch's event heads (the events after `from`, in delivery order; or runs of them, each head then
 * the last of `count` events of its type) into stretches: each longest run of one type that `setBased`
 * accepts, and the events between those runs. A run's bounds hold no other event the projection handles,
 * so its statement may select its events by type and range.
 */
export function planStretches(
  heads: readonly (EventHead & { count?: number })[],
  from: Checkpoint,
  setBased: (head: EventHead) => boolean,
): ReplayStretch[] {
  const stretches: ReplayStretch[] = [];
  let after = from;
  for (const head of heads) {
    const at = { transactionId: head.transactionId, position: head.position };
    const setBasedType = setBased(head) ? head.type : null;
    const last = stretches[stretches.length - 1];
    const count = head.count ?? 1;
    if (last && last.setBasedType === setBasedType) {
      last.upTo = at;
      last.count += count;
    } else {
      stretches.push({ setBasedType, after, upTo: at, count });
    }
    after = at;
  }
  return stretches;
}
