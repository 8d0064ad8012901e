import { Injectable, Optional } from '@nestjs/common';
import { prepared, type Db } from '../database/database';
import type { EventMetadata, NewEvent, StoredEvent } from '@sparkhouse/contracts';
import { requestContext, type RequestContext } from '../context/request-context';
import { textArray } from '../database/sql';
import { AppendSignals } from './append-signals';
import { ConcurrencyError } from './errors';
import { currentMetadata, EVENT_COLUMNS, pendingEvent, toStoredEvent, validate, type EventRow } from './event-records';
import { compareLogPositions, laterOf, type LogPosition } from './log-position';

/** EVENT_COLUMNS qualified by the domain_event alias `d` (the stale tails' join), built once. */
const STALE_TAIL_COLUMNS = EVENT_COLUMNS.split(',')
  .map((c) => `d.${c.trim()}`)
  .join(', ');

/**
 * How many times a decision is taken again on the fresh stream when another writer appended to the
 * same stream between reading it and writing; after that the command answers 409.
 */
export const MAX_DECISION_ATTEMPTS = 5;

export interface AppendOptions<S = unknown> {
  /** The stream version the caller last saw (0 = the stream must be new). Omit to append after whatever is there. */
  expectedVersion?: number;
  /** Overrides for the metadata taken from the request context. */
  metadata?: Partial<EventMetadata>;
  /**
   * For a new stream (expectedVersion 0 only): the model whose state the first events fold into, saved
   * as the stream's snapshot in the same statement, so the stream's first decider reads one row.
   */
  model?: StreamModel<S>;
}

/**
 * How a stream's facts fold into the state a command decides from. The event store keeps the folded
 * state as a snapshot beside the stream's head, in the transaction that appends, so deciding reads one
 * row instead of the whole stream.
 */
export interface StreamModel<S> {
  /** Names the state's shape: change it (e.g. 'app@2') when `fold` changes, and old snapshots are folded again. */
  readonly name: string;
  /**
   * Folds events onto a state (null: nothing yet). Must not change `state` or depend on an event's global
   * position (events being appended have none yet).
   */
  fold(state: S | null, events: readonly StoredEvent[]): S | null;
  /** The state as JSON (default: as is). */
  toJson?(state: S): unknown;
  /** The state from its JSON (default: as is). */
  fromJson?(json: unknown): S;
}

export interface StreamState<S> {
  state: S | null;
  /** The stream's version the state was folded up to (0 for a stream with no events). */
  version: number;
}

export interface Decided<S> extends StreamState<S> {
  /** What was appended (empty when the decision was to append nothing). */
  appended: StoredEvent[];
}

/** One of decideMany's decisions. */
export interface ManyDecision<S> {
  streamId: string;
  decide: (state: S | null, version: number) => NewEvent[] | null;
  /** The metadata of this decision's events (default: the caller's request context, as for `decide`). */
  metadata?: EventMetadata;
}

/** What guards an append: nothing but the stream's own order (blind), or the version the writer decided at. */
type Guard = { expected?: number; snapshot?: { model: string; json: unknown } };

/**
 * The append-only domain event log. Appends run inside the transaction that changes the write model, so
 * the state change and its facts commit (or roll back) together. There is no cluster-wide lock: each
 * stream's head row (event_stream) is compare-and-set by the appending statement, so writers of
 * different streams never wait for each other, and two writers of one stream cannot both append after
 * the same version. Consumers order events by (transaction_id, position); see event-log-reader.ts.
 */
@Injectable()
export class EventStore {
  constructor(@Optional() private readonly signals?: AppendSignals) {}

  /**
   * Appends without reading the stream. With `expectedVersion`, a stream that moved on since the caller
   * read it refuses the append with a ConcurrencyError (409). Usually inside the command's transaction;
   * a command whose only write is this append may pass a session outside any transaction: the append is
   * one statement, committed on its own (one round trip instead of three).
   */
  async append<S>(em: Db, streamId: string, events: NewEvent[], options: AppendOptions<S> = {}): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    const { model } = options;
    if (model && options.expectedVersion !== 0)
      throw new Error('EventStore.append: a model is for a new stream (expectedVersion 0)');
    let written: StoredEvent[] | null;
    if (model) {
      const metadata = currentMetadata(options.metadata);
      const pending = validate(events).map((e, i) => pendingEvent(streamId, i + 1, e, metadata));
      const state = model.fold(null, pending);
      written = await this.insert(em, streamId, pending, {
        expected: 0,
        snapshot: { model: model.name, json: state === null ? null : toJson(model, state) },
      });
    } else written = await this.write(em, streamId, events, options.metadata, { expected: options.expectedVersion });
    if (!written) {
      const actual = await this.streamVersion(em, streamId);
      throw new ConcurrencyError(streamId, options.expectedVersion ?? actual, actual);
    }
    return written;
  }

  /**
   * Decides from the stream's current state (its snapshot plus any events after it) and appends what
   * `decide` answers (null or []: nothing). When another writer appended to the stream meanwhile, the
   * decision is taken again on the fresh state, up to MAX_DECISION_ATTEMPTS times, then ConcurrencyError.
   * The new state is saved as the stream's snapshot in the same statement as the events. The preferred
   * way for a command to decide.
   */
  async decide<S>(
    em: Db,
    streamId: string,
    model: StreamModel<S>,
    decide: (state: S | null, version: number) => NewEvent[] | null,
    metadataOverrides?: Partial<EventMetadata>,
  ): Promise<Decided<S>> {
    requireTransaction(em);
    for (let attempt = 1; ; attempt++) {
      const current = await this.load(em, streamId, model);
      const events = decide(current.state, current.version);
      if (!events || events.length === 0) return { ...current, appended: [] };
      const checked = validate(events);
      const metadata = currentMetadata(metadataOverrides);
      const pending = checked.map((e, i) => pendingEvent(streamId, current.version + i + 1, e, metadata));
      const next = model.fold(current.state, pending);
      const appended = await this.insert(em, streamId, pending, {
        expected: current.version,
        snapshot: { model: model.name, json: next === null ? null : toJson(model, next) },
      });
      if (appended) return { state: next, version: current.version + appended.length, appended };
      if (attempt >= MAX_DECISION_ATTEMPTS) {
        throw new ConcurrencyError(streamId, current.version, await this.streamVersion(em, streamId));
      }
    }
  }

  /**
   * `decide` for many streams in one round: their states read in one query, each decided (several
   * decisions on one stream are taken in turn, each on the state the one before left), and everything
   * appended in one statement, each stream compare-and-set from the version it was decided at. Streams
   * another writer moved meanwhile are decided again on their fresh state, up to MAX_DECISION_ATTEMPTS
   * times, then ConcurrencyError. Answers what each decision appended (in the order given).
   */
  async decideMany<S>(em: Db, model: StreamModel<S>, decisions: readonly ManyDecision<S>[]): Promise<StoredEvent[][]> {
    requireTransaction(em);
    const results: StoredEvent[][] = decisions.map(() => []);
    let todo = decisions.map((_, i) => i);
    for (let attempt = 1; todo.length > 0; attempt++) {
      const round = await this.decideRound(em, model, decisions, todo);
      for (const [i, events] of round.stored) results[i] = events;
      if (round.moved.length > 0 && attempt >= MAX_DECISION_ATTEMPTS) {
        const streamId = decisions[round.moved[0]].streamId;
        throw new ConcurrencyError(streamId, round.versions.get(streamId)!, await this.streamVersion(em, streamId));
      }
      todo = round.moved;
    }
    return results;
  }

  /**
   * One round of `decideMany` outside any transaction, for writers with many small decisions at once (a
   * worker recording the lifecycle of the runs it holds): the states read in one statement and the events
   * appended in another, each committed on its own — two round trips where a transaction takes four. The
   * compare-and-set on each stream's head keeps every decision exact, as in a transaction (read committed
   * gives each statement its own snapshot there too). A decision whose stream another writer moved in
   * between is not taken again: it answers null, for the caller to decide again (with `decide`). A failing
   * statement leaves nothing of the round written.
   */
  async decideManyAlone<S>(
    em: Db,
    model: StreamModel<S>,
    decisions: readonly ManyDecision<S>[],
  ): Promise<(StoredEvent[] | null)[]> {
    if (em.isInTransaction())
      throw new Error('EventStore.decideManyAlone commits on its own: pass a session outside a transaction');
    const all = decisions.map((_, i) => i);
    const round = await this.decideRound(em, model, decisions, all);
    const moved = new Set(round.moved);
    return decisions.map((_, i) => (moved.has(i) ? null : (round.stored.get(i) ?? [])));
  }

  /**
   * Decides the decisions `todo` (indexes into `decisions`) on their streams' current states and appends
   * in one statement. Answers what each appended, the decisions whose stream had moved (nothing of
   * theirs written) and the versions they were decided at.
   */
  private async decideRound<S>(
    em: Db,
    model: StreamModel<S>,
    decisions: readonly ManyDecision<S>[],
    todo: readonly number[],
  ): Promise<{ stored: Map<number, StoredEvent[]>; moved: number[]; versions: Map<string, number> }> {
    const current = await this.loadMany(em, [...new Set(todo.map((i) => decisions[i].streamId))], model);
    const contextual = currentMetadata();
    const streams = new Map<string, { expected: number; state: S | null; pending: StoredEvent[] }>();
    const decided = new Map<number, StoredEvent[]>();
    for (const i of todo) {
      const { streamId, decide } = decisions[i];
      let stream = streams.get(streamId);
      if (!stream) {
        const { state, version } = current.get(streamId)!;
        stream = { expected: version, state, pending: [] };
        streams.set(streamId, stream);
      }
      const version = stream.expected + stream.pending.length;
      const events = decide(stream.state, version);
      if (!events || events.length === 0) continue;
      const metadata = decisions[i].metadata ?? contextual;
      const pending = validate(events).map((e, k) => pendingEvent(streamId, version + k + 1, e, metadata));
      stream.state = model.fold(stream.state, pending);
      stream.pending.push(...pending);
      decided.set(i, pending);
    }
    const written = await this.insertMany(em, model, streams);
    const stored = new Map<number, StoredEvent[]>();
    const moved: number[] = [];
    for (const [i, pending] of decided) {
      const assigned = written.get(decisions[i].streamId);
      if (!assigned) {
        moved.push(i);
        continue;
      }
      const events = pending.map((p) => assigned.get(p.eventId)!);
      stored.set(i, events);
    }
    const versions = new Map([...streams].map(([id, s]) => [id, s.expected]));
    return { stored, moved, versions };
  }

  /** The states of many streams (each from its snapshot when current; a stale one is folded on). */
  private async loadMany<S>(em: Db, streamIds: string[], model: StreamModel<S>): Promise<Map<string, StreamState<S>>> {
    const heads = await query<{
      stream_id: string;
      version: number;
      snapshot: unknown;
      snapshot_model: string | null;
      snapshot_version: number;
    }>(
      em,
      'select stream_id, version, snapshot, snapshot_model, snapshot_version from event_stream where stream_id = any(?::text[])',
      [textArray(streamIds)],
    );
    const found = new Map(heads.map((h) => [h.stream_id, h]));
    const out = new Map<string, StreamState<S>>();
    // the streams whose snapshot is not current: their base and the events after it, read in one query
    const stale = new Map<string, { base: S | null; from: number }>();
    for (const id of streamIds) {
      const head = found.get(id);
      if (!head) out.set(id, { state: null, version: 0 });
      else if (head.snapshot_model === model.name && head.snapshot_version === head.version) {
        out.set(id, { state: head.snapshot === null ? null : fromJson(model, head.snapshot), version: head.version });
      } else {
        const usable = head.snapshot_model === model.name;
        stale.set(id, {
          base: usable && head.snapshot !== null ? fromJson(model, head.snapshot) : null,
          from: usable ? head.snapshot_version : 0,
        });
      }
    }
    if (stale.size > 0) {
      const ids = [...stale.keys()];
      const tails = await query<EventRow>(
        em,
        `select ${STALE_TAIL_COLUMNS}
           from unnest(?::text[], ?::int[]) as s(stream_id, after)
           join domain_event d on d.stream_id = s.stream_id and d.stream_version > s.after
          order by d.stream_id, d.stream_version`,
        [textArray(ids), `{${ids.map((id) => stale.get(id)!.from).join(',')}}`],
      );
      const byStream = new Map<string, StoredEvent[]>();
      for (const row of tails) {
        const e = toStoredEvent(row);
        let list = byStream.get(e.streamId);
        if (!list) byStream.set(e.streamId, (list = []));
        list.push(e);
      }
      // no snapshot is saved here: the decision's append saves the new one in its own statement
      for (const [id, { base, from }] of stale) {
        const tail = byStream.get(id) ?? [];
        out.set(id, { state: model.fold(base, tail), version: tail.length > 0 ? tail[tail.length - 1].streamVersion : from });
      }
    }
    return out;
  }

  /**
   * One statement for many streams: each head compare-and-set from its expected version (with its new
   * snapshot), and the events of the streams whose head moved inserted after it, in order. Answers the
   * stored events of each stream that was written (a stream another writer moved is left out).
   */
  private async insertMany<S>(
    em: Db,
    model: StreamModel<S>,
    streams: Map<string, { expected: number; state: S | null; pending: StoredEvent[] }>,
    forCaller = true,
  ): Promise<Map<string, Map<string, StoredEvent>>> {
    const written = [...streams].filter(([, s]) => s.pending.length > 0);
    const out = new Map<string, Map<string, StoredEvent>>();
    if (written.length === 0) return out;
    const heads = written.map(([streamId, s]) => ({
      stream_id: streamId,
      version: s.expected + s.pending.length,
      n: s.pending.length,
      snapshot: s.state === null ? null : toJson(model, s.state),
    }));
    let ord = 0;
    const rows = written.flatMap(([streamId, s]) =>
      s.pending.map((e, i) => ({
        ord: ord++,
        event_id: e.eventId,
        stream_id: streamId,
        offset: i + 1 - s.pending.length,
        type: e.type,
        schema_version: e.schemaVersion,
        payload: e.payload,
        metadata: e.metadata,
      })),
    );
    const inserted = await query<AssignedRow>(
      em,
      `with input as (
         select * from jsonb_to_recordset(?::jsonb) as i(stream_id text, version int, n int, snapshot jsonb)
       ), heads as (
         insert into event_stream as s (stream_id, version, snapshot, snapshot_model, snapshot_version)
         select stream_id, version, snapshot, ?, version from input
         on conflict (stream_id) do update
           set version = excluded.version, snapshot = excluded.snapshot,
               snapshot_model = excluded.snapshot_model, snapshot_version = excluded.snapshot_version
           where s.version = excluded.version - (select i.n from input i where i.stream_id = excluded.stream_id)
         returning s.stream_id, s.version
       )
       insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
       select r.event_id, r.stream_id, heads.version + r."offset", r.type, r.schema_version, r.payload, r.metadata
         from heads
         join jsonb_to_recordset(?::jsonb) as r(ord int, event_id uuid, stream_id text, "offset" int, type text,
                                                 schema_version int, payload jsonb, metadata jsonb)
           on r.stream_id = heads.stream_id
        order by r.ord
       returning position::text, transaction_id::text, event_id, stream_version`,
      [JSON.stringify(heads), model.name, JSON.stringify(rows)],
    );
    if (inserted.length === 0) return out;
    // only what the database assigned comes back: the rest is the pending event as it was sent
    const sent = new Map<string, StoredEvent>();
    for (const [, s] of written) for (const e of s.pending) sent.set(e.eventId, e);
    let last: StoredEvent | undefined;
    for (const row of inserted) {
      const stored = assigned(sent.get(row.event_id)!, row);
      let stream = out.get(stored.streamId);
      if (!stream) out.set(stored.streamId, (stream = new Map()));
      stream.set(stored.eventId, stored);
      if (!last || compareLogPositions(stored as LogPosition, last as LogPosition) > 0) last = stored;
    }
    if (forCaller) this.appended(em, last!);
    else this.signal(em);
    return out;
  }

  /**
   * Appends what `decide` answers for the whole stream as it is now (null: append nothing), retried on a
   * concurrent append like `decide`. Reads every event of the stream: for short streams only (a
   * checkout, a purchase); a stream that grows wants a StreamModel and `decide`.
   */
  async appendIf(
    em: Db,
    streamId: string,
    decide: (stream: StoredEvent[]) => NewEvent[] | null,
    metadataOverrides?: Partial<EventMetadata>,
  ): Promise<StoredEvent[] | null> {
    requireTransaction(em);
    for (let attempt = 1; ; attempt++) {
      const stream = await this.readStream(em, streamId);
      const events = decide(stream);
      if (!events || events.length === 0) return null;
      const appended = await this.write(em, streamId, events, metadataOverrides, { expected: stream.length });
      if (appended) return appended;
      if (attempt >= MAX_DECISION_ATTEMPTS) {
        throw new ConcurrencyError(streamId, stream.length, await this.streamVersion(em, streamId));
      }
    }
  }

  /**
   * The stream's state as `model` folds it: its snapshot when it is the model's and current, else the
   * snapshot (or nothing) plus the events after it, saved as the new snapshot for the next reader.
   */
  async load<S>(em: Db, streamId: string, model: StreamModel<S>): Promise<StreamState<S>> {
    return (await this.loadWith(em, streamId, model, null)).stream;
  }

  /**
   * `load`, and in the same round trip the first row `alongside` answers (as JSON; undefined when it
   * answers none): for a command that decides from a stream and one row of something else.
   */
  async loadWith<S, R>(
    em: Db,
    streamId: string,
    model: StreamModel<S>,
    alongside: { sql: string; params: unknown[] } | null,
  ): Promise<{ stream: StreamState<S>; alongside: R | undefined }> {
    type Head = {
      version: number | null;
      snapshot: unknown;
      snapshot_model: string | null;
      snapshot_version: number;
      alongside?: R | null;
    };
    const [head] = alongside
      ? await query<Head>(
          em,
          `select h.version, h.snapshot, h.snapshot_model, h.snapshot_version, a.alongside
             from (select 1) one
             left join event_stream h on h.stream_id = ?
             left join lateral (select to_jsonb(x) as alongside from (${alongside.sql}) x limit 1) a on true`,
          [streamId, ...alongside.params],
        )
      : await query<Head>(
          em,
          'select version, snapshot, snapshot_model, snapshot_version from event_stream where stream_id = ?',
          [streamId],
        );
    const other = head?.alongside ?? undefined;
    if (!head || head.version === null) return { stream: { state: null, version: 0 }, alongside: other };
    const usable = head.snapshot_model === model.name;
    const base = usable && head.snapshot !== null ? fromJson(model, head.snapshot) : null;
    const from = usable ? head.snapshot_version : 0;
    if (from === head.version) return { stream: { state: base, version: head.version }, alongside: other };
    const tail = await this.readStream(em, streamId, { afterVersion: from });
    const state = model.fold(base, tail);
    const version = tail.length > 0 ? tail[tail.length - 1].streamVersion : from;
    if (tail.length > 0) await this.saveSnapshot(em, streamId, model, state, version);
    return { stream: { state, version }, alongside: other };
  }

  /** The stream's events in order; `afterVersion` reads only the ones after it, `limit` at most that many. */
  async readStream(em: Db, streamId: string, opts: { afterVersion?: number; limit?: number } = {}): Promise<StoredEvent[]> {
    const rows = await query<EventRow>(
      em,
      `select ${EVENT_COLUMNS} from domain_event where stream_id = ? and stream_version > ? order by stream_version${opts.limit ? ' limit ?' : ''}`,
      [streamId, opts.afterVersion ?? 0, ...(opts.limit ? [opts.limit] : [])],
    );
    return rows.map(toStoredEvent);
  }

  /** The stream's version: how many events it holds (0 for none). */
  async streamVersion(em: Db, streamId: string): Promise<number> {
    const [row] = await query<{ version: number }>(em, 'select version from event_stream where stream_id = ?', [streamId]);
    return row?.version ?? 0;
  }

  /** Which of these streams hold any event (one query, for a consumer sorting a batch). */
  async existingStreams(em: Db, streamIds: readonly string[]): Promise<Set<string>> {
    if (streamIds.length === 0) return new Set();
    const found = await query<{ stream_id: string }>(em, 'select stream_id from event_stream where stream_id = any(?::text[])', [
      textArray(streamIds),
    ]);
    return new Set(found.map((r) => r.stream_id));
  }

  private async saveSnapshot<S>(em: Db, streamId: string, model: StreamModel<S>, state: S | null, version: number) {
    // a cache of facts already committed, written only while the head is still where it was read, and
    // never waited for: a head row another transaction holds is skipped (it may be appending right now)
    await query(
      em,
      `update event_stream set snapshot = ?::jsonb, snapshot_model = ?, snapshot_version = ?
        where stream_id = (select stream_id from event_stream
                            where stream_id = ? and version = ? and (snapshot_version < ? or snapshot_model is distinct from ?)
                            for update skip locked)`,
      [JSON.stringify(state === null ? null : toJson(model, state)), model.name, version, streamId, version, version, model.name],
    );
  }

  private async write(
    em: Db,
    streamId: string,
    events: NewEvent[],
    metadataOverrides: Partial<EventMetadata> | undefined,
    guard: Guard,
  ): Promise<StoredEvent[] | null> {
    const metadata = currentMetadata(metadataOverrides);
    // stream versions are filled in by the statement for a blind append
    const pending = validate(events).map((e, i) => pendingEvent(streamId, i + 1, e, metadata));
    return this.insert(em, streamId, pending, guard);
  }

  /**
   * One statement: moves the stream's head (compare-and-set on `expected` when given, else by the
   * number of events) and inserts the events after it. Answers null when the head had moved on: no
   * error is raised, so the transaction stays usable for a second decision. A writer of the same stream
   * that has not committed yet makes this wait for it (a row lock), never for anyone else.
   */
  private async insert(em: Db, streamId: string, pending: StoredEvent[], guard: Guard): Promise<StoredEvent[] | null> {
    const n = pending.length;
    const rows = pending.map((e, i) => ({
      event_id: e.eventId,
      stream_id: streamId,
      offset: i + 1 - n, // from the new head: -n+1 .. 0
      type: e.type,
      schema_version: e.schemaVersion,
      payload: e.payload,
      metadata: e.metadata,
    }));
    const blind = guard.expected === undefined;
    const head = blind
      ? `insert into event_stream as s (stream_id, version) values (?, ?)
           on conflict (stream_id) do update set version = s.version + excluded.version
           returning s.version`
      : `insert into event_stream as s (stream_id, version, snapshot, snapshot_model, snapshot_version)
           values (?, ?, ?::jsonb, ?, ?)
           on conflict (stream_id) do update
             set version = excluded.version, snapshot = coalesce(excluded.snapshot, s.snapshot),
                 snapshot_model = coalesce(excluded.snapshot_model, s.snapshot_model),
                 snapshot_version = case when excluded.snapshot_model is null then s.snapshot_version else excluded.snapshot_version end
             where s.version = ?
           returning s.version`;
    const headParams = blind
      ? [streamId, n]
      : guard.snapshot
        ? [
            streamId,
            guard.expected! + n,
            JSON.stringify(guard.snapshot.json),
            guard.snapshot.model,
            guard.expected! + n,
            guard.expected,
          ]
        : [streamId, guard.expected! + n, null, null, 0, guard.expected];
    const inserted = await query<EventRow>(
      em,
      `with head as (${head})
       insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
       select r.event_id, r.stream_id, head.version + r."offset", r.type, r.schema_version, r.payload, r.metadata
         from head, jsonb_to_recordset(?::jsonb) as r(event_id uuid, stream_id text, "offset" int, type text,
                                                      schema_version int, payload jsonb, metadata jsonb)
       returning ${EVENT_COLUMNS}`,
      [...headParams, JSON.stringify(rows)],
    );
    if (inserted.length === 0) return null;
    const stored = inserted.sort((a, b) => a.stream_version - b.stream_version).map(toStoredEvent);
    this.appended(em, stored[stored.length - 1]);
    return stored;
  }

  /**
   * After an append: the relay is told (when the transaction commits, or now for an append that was a
   * statement of its own), and the caller's next read waits for the read models to reach `last`, the
   * latest event written (read-your-writes).
   */
  private appended(em: Db, last: StoredEvent) {
    this.signal(em);
    recordWritten(requestContext.current(), last);
  }

  private signal(em: Db) {
    if (em.isInTransaction()) this.signals?.appendingIn(em.getTransactionContext());
    else this.signals?.committedAlone();
  }

  /**
   * The first events of many new streams (expected version 0 each), each stream's `model` snapshot
   * written with them: one statement, committed on its own (`em` outside any transaction). For callers
   * whose only write is starting a stream, grouped as they arrive together (see JobRequests). Each
   * stream's metadata and request context are its caller's: the context's `written` is set to that
   * caller's own last event (read-your-writes). Answers, in order, each stream's stored events, or null
   * for a stream that already existed (nothing written for it). Stream ids must be distinct.
   */
  async appendNewStreams<S>(
    em: Db,
    model: StreamModel<S>,
    streams: readonly { streamId: string; events: NewEvent[]; metadata: EventMetadata; context?: RequestContext }[],
  ): Promise<(StoredEvent[] | null)[]> {
    if (em.isInTransaction())
      throw new Error('EventStore.appendNewStreams commits on its own: pass a session outside a transaction');
    const input = new Map<string, { expected: number; state: S | null; pending: StoredEvent[] }>();
    for (const { streamId, events, metadata } of streams) {
      if (input.has(streamId)) throw new Error(`EventStore.appendNewStreams: ${streamId} given twice`);
      const pending = validate(events).map((e, i) => pendingEvent(streamId, i + 1, e, metadata));
      input.set(streamId, { expected: 0, state: model.fold(null, pending), pending });
    }
    const moved = await this.insertMany(em, model, input, false);
    return streams.map(({ streamId, context }) => {
      const stored = moved.get(streamId);
      if (!stored) return null;
      const events = input.get(streamId)!.pending.map((p) => stored.get(p.eventId)!);
      recordWritten(context, events[events.length - 1]);
      return events;
    });
  }
}

/** The caller's next read waits for the read models to reach `last` (read-your-writes). */
function recordWritten(ctx: RequestContext | undefined, last: StoredEvent) {
  if (ctx && last.transactionId)
    ctx.written = laterOf(ctx.written, { transactionId: last.transactionId, position: last.position });
}

function requireTransaction(em: Db) {
  if (!em.isInTransaction()) throw new Error('EventStore.append must run inside a transaction');
}

/** The event store's statements: a few fixed texts, each prepared once per connection. */
function query<T>(em: Db, sql: string, params: unknown[]): Promise<T[]> {
  return em
    .getConnection()
    .execute<T[]>(prepared(sql), params, 'all', em.isInTransaction() ? em.getTransactionContext() : undefined);
}

/** The columns the database assigns an appended event. */
type AssignedRow = { position: string; transaction_id: string; event_id: string; stream_version: number };

/**
 * A pending event as stored: its payload and metadata as JSON keeps them (undefined left out, as when
 * read back), with the position, transaction and stream version the database gave it.
 */
function assigned(pending: StoredEvent, row: AssignedRow): StoredEvent {
  return {
    ...pending,
    position: row.position,
    transactionId: row.transaction_id,
    streamVersion: row.stream_version,
    payload: asStored(pending.payload),
    metadata: asStored(pending.metadata),
  };
}

/** A value as it reads back from a jsonb column (only a value with an undefined or non-JSON member is copied). */
function asStored<T>(value: T): T {
  return plainJson(value) ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function plainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(plainJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const k in value) if (!plainJson((value as Record<string, unknown>)[k])) return false;
  return true;
}

const toJson = <S>(model: StreamModel<S>, state: S): unknown => (model.toJson ? model.toJson(state) : state);
const fromJson = <S>(model: StreamModel<S>, json: unknown): S => (model.fromJson ? model.fromJson(json) : (json as S));
