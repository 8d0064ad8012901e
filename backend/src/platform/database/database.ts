import { Pool, TypeOverrides, types, type PoolClient, type QueryConfig, type QueryResult } from 'pg';
import { isConnectionLost } from './connection-errors';

/**
 * Every run of a prepared statement planned for its own values and the tables as they are then. In its
 * default mode PostgreSQL's plan cache settles, after five runs, on a generic plan made for the tables
 * as they were at that moment, and keeps it for the connection's life; a connection that ran the event
 * store's load of a batch of streams while event_stream was nearly empty kept scanning the whole table
 * once it held tens of thousands of rows (seen in the jobs bench: PostgreSQL's CPU tripled and the
 * pipeline slowed with every round). Statements keep being parsed once per connection; planning one
 * of these costs tens of microseconds. Set when the connection starts (pg's `options`); the catalogue's
 * pool starts its connections with it too.
 */
export const PLAN_EACH_RUN = '-c plan_cache_mode=force_custom_plan';

/**
 * PostgreSQL access for every module: a pool of the driver's connections, sessions that run plain
 * SQL, and transactions with savepoints. Nothing else sits between a query and the driver: no query
 * builder, no identity map, no unit of work (the write side is the event log and plain tables, the
 * read side plain tables), so a request spends its time in its own statements. Migrations still run
 * through MikroORM's migrator (database/migrate.ts).
 *
 * Queries are written with `?` placeholders (`\?` for a literal question mark); they are sent with
 * their parameters (the extended protocol), never with values spliced into the text.
 */
export class Database {
  readonly pool: Pool;
  /** The root session (outside any transaction); `em.fork()` gives a session of one's own. */
  readonly em: Db;
  private readonly commitListeners = new Set<(tx: Transaction) => void>();
  /**
   * How many times a read or a `begin` that met a lost connection is sent again: each try drops one dead
   * connection, and after a restart every idle one of the pool may be dead.
   */
  readonly lostConnectionRetries: number;

  constructor(url: string, options: { max?: number; applicationName?: string } = {}) {
    const max = options.max ?? 10;
    this.lostConnectionRetries = max;
    this.pool = new Pool({
      connectionString: url,
      max,
      idleTimeoutMillis: 30_000,
      application_name: options.applicationName ?? 'sparkhouse',
      types: resultTypes,
      options: PLAN_EACH_RUN,
    });
    // a pooled connection that dies while idle (a restarted server, a terminated backend) is replaced;
    // one that dies while checked out is watched by whoever holds it (see `checkout`)
    this.pool.on('error', () => undefined);
    // ...and one can also die in the moment between the pool handing it over and its holder watching it
    // (the server's termination read in the same packet as the new connection's ready message, before
    // `checkout` resumes): its 'error' with no listener would crash the process. Every connection keeps
    // this listener for life; its holder learns of the loss at its next statement (not queryable: lost).
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.em = new Db(this, null);
  }

  static connect(url: string, options?: { max?: number; applicationName?: string }): Database {
    return new Database(url, options);
  }

  /** Called after every top-level transaction commits (with that transaction). */
  onCommit(listener: (tx: Transaction) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  /** Closes the pool (the argument is accepted for the callers written against MikroORM's `close(force)`). */
  async close(_force?: boolean): Promise<void> {
    await this.pool.end();
  }

  /**
   * A connection of the pool for statements of one's own, with an 'error' listener for as long as it is
   * held: a connection lost between two statements (a terminated backend, a failover) must not crash
   * the process. `release` hands it back, or closes it when it broke (it is never reused then).
   */
  async checkout(): Promise<{ client: PoolClient; lost: () => Error | undefined; release: (err?: Error) => void }> {
    const client = await this.pool.connect();
    let lost: Error | undefined;
    const onError = (err: Error) => (lost ??= err);
    client.on('error', onError);
    let released = false;
    return {
      client,
      lost: () => lost,
      release: (err?: Error) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        client.release(err ?? lost);
      },
    };
  }

  /**
   * One statement on any pooled connection. A read that met a lost connection (a backend terminated
   * while the pool still held it) is sent again on another connection: a read changes nothing.
   */
  async query(query: QueryConfig | string, retries = this.lostConnectionRetries): Promise<QueryResult> {
    try {
      return await this.pool.query(query as QueryConfig);
    } catch (err) {
      const text = typeof query === 'string' ? query : query.text;
      if (retries <= 0 || !isConnectionLost(err) || !/^\s*select\b/i.test(text)) throw err;
      return this.query(query, retries - 1);
    }
  }

  /** @internal */
  committed(tx: Transaction) {
    for (const l of this.commitListeners) l(tx);
  }
}

/** A transaction (or a savepoint inside one) on one pooled connection. */
export class Transaction {
  readonly root: Transaction;
  ended = false;
  private savepoints = 0;

  constructor(
    readonly client: PoolClient,
    readonly parent: Transaction | null,
  ) {
    this.root = parent?.root ?? this;
  }

  nextSavepoint(): string {
    return `sp_${++this.root.savepoints}`;
  }
}

export type ExecuteMethod = 'all' | 'get' | 'run';

/** What a statement run with 'run' answers. */
export interface RunResult<T = Record<string, unknown>> {
  affectedRows: number;
  row: T | undefined;
  rows: T[];
}

/**
 * A database session: outside a transaction (each statement on its own, on any pooled connection) or
 * inside one (every statement on the transaction's connection). Its methods keep the names of
 * MikroORM's EntityManager that the modules were written against: `getConnection().execute(sql,
 * params, method, ctx)`, `transactional(fn)` (a savepoint when already in a transaction), `fork()`
 * (a new session outside any transaction), `isInTransaction()`, `getTransactionContext()`.
 */
export class Db {
  constructor(
    private readonly db: Database,
    private readonly tx: Transaction | null,
  ) {}

  /** This session (statements are run on it directly). */
  getConnection(): Db {
    return this;
  }

  /**
   * Runs one statement: 'all' answers its rows, 'get' the first row, 'run' the count of rows it
   * changed with the rows it returned. `ctx` is a transaction of this database to run it in (by
   * default this session's own, if any).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async execute<T = any>(sql: string, params: readonly unknown[] = [], method: ExecuteMethod = 'all', ctx?: unknown): Promise<T> {
    const tx = (ctx as Transaction | undefined) ?? this.tx;
    const text = numbered(sql);
    const name = preparedNames.get(sql);
    const query = name ? { name, text, values: params as unknown[] } : { text, values: params as unknown[] };
    let result: QueryResult;
    if (tx) {
      if (tx.ended) throw new Error('a statement was run in a transaction that has already ended');
      result = await tx.client.query(query);
    } else {
      result = await this.db.query(query);
    }
    if (method === 'all') return result.rows as T;
    if (method === 'get') return result.rows[0] as T;
    return { affectedRows: result.rowCount ?? 0, row: result.rows[0], rows: result.rows } as T;
  }

  /**
   * Runs several statements in one round trip (values written into the text as literals, escaped by
   * the driver; PostgreSQL's simple protocol takes many statements at once). For a batch of small
   * writes, e.g. a projection applying a batch of events. Nothing is answered; a failing statement fails
   * them all (run it in a transaction to undo the ones before it).
   */
  async executeBatch(statements: readonly { sql: string; params?: readonly unknown[] }[]): Promise<void> {
    if (statements.length === 0) return;
    const text = statements.map((s) => withLiterals(s.sql, s.params ?? [])).join(';\n');
    const tx = this.tx;
    if (tx) {
      if (tx.ended) throw new Error('a statement was run in a transaction that has already ended');
      await tx.client.query(text);
    } else await this.db.query(text);
  }

  isInTransaction(): boolean {
    return this.tx !== null;
  }

  getTransactionContext(): Transaction | undefined {
    return this.tx ?? undefined;
  }

  /** A new session outside any transaction. */
  fork(): Db {
    return new Db(this.db, null);
  }

  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (and the
   * error rethrown). Inside a transaction already, a savepoint: only its own work is undone.
   */
  async transactional<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.tx ? this.nested(this.tx, fn) : this.topLevel(fn);
  }

  /**
   * Runs `fn` over one consistent snapshot of the database (a read-only repeatable-read transaction):
   * reads of several streams see another transaction's commit whole or not at all.
   */
  async snapshot<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.tx) throw new Error('a snapshot is its own transaction; it cannot run inside another');
    return this.topLevel(fn, 'begin isolation level repeatable read read only');
  }

  private async topLevel<T>(fn: (tx: Db) => Promise<T>, beginWith = 'begin'): Promise<T> {
    const held = await this.begin(beginWith);
    const { client } = held;
    const tx = new Transaction(client, null);
    // a connection whose begin, commit or rollback failed, or that was lost meanwhile, is closed rather
    // than handed to someone else
    let broken: Error | undefined;
    try {
      let result: T;
      try {
        result = await fn(new Db(this.db, tx));
      } catch (err) {
        tx.ended = true;
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      }
      tx.ended = true;
      await client.query('commit').catch((err: Error) => {
        broken = err;
        throw err;
      });
      this.db.committed(tx);
      return result;
    } finally {
      tx.ended = true;
      held.release(broken);
    }
  }

  /**
   * A connection with its transaction begun. A connection lost before `begin` answered (the pool still
   * held a backend that was just terminated) is replaced: nothing was done on it yet.
   */
  private async begin(statement: string, retries = this.db.lostConnectionRetries): ReturnType<Database['checkout']> {
    const held = await this.db.checkout();
    try {
      await held.client.query(statement);
      return held;
    } catch (err) {
      held.release(err as Error);
      if (retries > 0 && isConnectionLost(err)) return this.begin(statement, retries - 1);
      throw err;
    }
  }

  private async nested<T>(parent: Transaction, fn: (tx: Db) => Promise<T>): Promise<T> {
    const name = parent.nextSavepoint();
    const tx = new Transaction(parent.client, parent);
    await parent.client.query(`savepoint ${name}`);
    try {
      const result = await fn(new Db(this.db, tx));
      tx.ended = true;
      await parent.client.query(`release savepoint ${name}`);
      return result;
    } catch (err) {
      tx.ended = true;
      await parent.client.query(`rollback to savepoint ${name}`).catch(() => undefined);
      throw err;
    }
  }
}

/** Dates, times and intervals come back as the server wrote them (as MikroORM answered them), not as JS Dates. */
const resultTypes = new TypeOverrides();
// the driver's parser of text[] (oid 1009): an array of them as an array of strings
const textArray = types.getTypeParser(1009 as never, 'text') as (text: string) => string[];
for (const oid of [1082, 1114, 1184, 1186]) resultTypes.setTypeParser(oid, (text: string) => text);
for (const oid of [1182, 1115, 1185, 1187]) resultTypes.setTypeParser(oid, textArray);

/**
 * A string as an SQL literal: quotes doubled, and backslashes doubled in an E'' literal when it has any
 * (what the driver's escapeLiteral writes). Two native replaces instead of escapeLiteral's loop, which
 * adds one character at a time: over a batch's JSON that allocated some 30 KB a job in the API, about
 * a seventh of everything it allocated in the jobs bench.
 */
export function quoteLiteral(text: string): string {
  const quoted = text.replace(/'/g, "''");
  return text.includes('\\') ? ` E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

/** A value as an SQL literal, as the driver would send it as a parameter (text the server casts as needed). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `'${value}'`;
  }
  if (typeof value === 'bigint') return `'${value}'`;
  if (typeof value === 'boolean') return value ? "'true'" : "'false'";
  if (typeof value === 'string') return quoteLiteral(value);
  if (value instanceof Date) return quoteLiteral(value.toISOString());
  if (Buffer.isBuffer(value)) throw new Error('binary values are sent as parameters, not in a batch');
  return quoteLiteral(JSON.stringify(value));
}

/** `?` placeholders replaced by the values as literals (`\\?` for a literal question mark). */
function withLiterals(sql: string, params: readonly unknown[]): string {
  let count = 0;
  const text = replacePlaceholders(sql, (n) => {
    if (n > params.length) throw new Error('fewer values than placeholders');
    count = n;
    return sqlLiteral(params[n - 1]);
  });
  // counted in the same pass (a batch's text is walked once, not twice)
  if (count !== params.length) throw new Error('more values than placeholders');
  return text;
}

/** Each `?` placeholder replaced by what `by` answers for its number (1, 2, …); `\\?` is a literal question mark. */
function replacePlaceholders(sql: string, by: (n: number) => string): string {
  let n = 0;
  // one native scan from placeholder to placeholder, not a string built character by character
  return sql.replace(/\\\?|\?\??/g, (found) => {
    if (found === '\\?') return '?';
    if (found === '??') throw new Error('?? (an identifier placeholder) is not supported: write the identifier');
    return by(++n);
  });
}

const preparedNames = new Map<string, string>();

/**
 * Marks a statement as one each connection prepares once (parsed once, then planned for each run: see
 * PLAN_EACH_RUN): for the hottest statements, whose text is one of a few fixed variants (the event
 * store's). Answers the statement itself. Not for text that embeds values (every variant would stay
 * prepared).
 */
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `sparkhouse_${preparedNames.size + 1}`);
  return sql;
}

const numberedCache = new Map<string, string>();
const NUMBERED_CACHE_MAX = 2000;

/** `?` placeholders as `$1, $2, …` (`\\?` stands for a literal question mark). Converted once per text. */
export function numbered(sql: string): string {
  const known = numberedCache.get(sql);
  if (known !== undefined) return known;
  const out = replacePlaceholders(sql, (n) => `$${n}`);
  if (numberedCache.size >= NUMBERED_CACHE_MAX) numberedCache.clear();
  numberedCache.set(sql, out);
  return out;
}
