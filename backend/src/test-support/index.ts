import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Database, type Db } from '../platform/database/database';
import { Client } from 'pg';
import type { StoredEvent } from '@sparkhouse/contracts';
import { loadConfig, repoRoot, type AppConfig } from '../platform/config/config';
import { wants, type Projection } from '../platform/events/subscribers';
import { createApiApp } from '../apps/api';

export { grantCreatorPlan } from './creator-plans';
export { fixtureDir, mp3File, mp4File } from './media-fixtures';
export { ONE_QUESTION_FLOW, planResultFixture, runningFlow } from './app-fixtures';
export { countingModel, jobRequested, jobStarted } from './job-facts';

interface TestEnv {
  databaseUrl: string;
  template: string;
  redisUrl: string;
}

function testEnv(): TestEnv {
  if (process.env.SPARKHOUSE_TEST_ENV) return JSON.parse(process.env.SPARKHOUSE_TEST_ENV) as TestEnv;
  const file = path.join(repoRoot, '.data/test-env.json');
  if (!fs.existsSync(file)) throw new Error('Run tests through jest (its global set-up prepares the test database).');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as TestEnv;
}

const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/** A database of the test file's own, cloned from the migrated template; drop() removes it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const env = testEnv();
  const name = `sparkhouse_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: withDatabase(env.databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${env.template}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(env.databaseUrl, name),
    drop: async () => {
      const c = new Client({ connectionString: withDatabase(env.databaseUrl, 'postgres') });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A database of the file's own and a Database on it for the file's tests (created before them,
 * dropped after them). Read `.orm` inside tests or hooks, not at module load.
 */
export function useTestOrm(): { readonly orm: Database; readonly url: string } {
  const state: { orm?: Database; db?: Awaited<ReturnType<typeof createTestDatabase>> } = {};
  beforeAll(async () => {
    state.db = await createTestDatabase();
    state.orm = await Database.connect(state.db.url);
  });
  afterAll(async () => {
    await state.orm?.close(true);
    await state.db?.drop();
  });
  return {
    get orm() {
      if (!state.orm) throw new Error('the test database is not ready yet');
      return state.orm;
    },
    get url() {
      return state.db!.url;
    },
  };
}

/**
 * The API process on a database of the file's own for the file's tests (started before them, closed
 * and dropped after them). Read `.app` and `.base` inside tests or hooks, not at module load.
 */
export function useTestApi(overrides: Record<string, string> = {}): {
  readonly app: NestExpressApplication;
  readonly base: string;
  readonly databaseUrl: string;
} {
  const state: { app?: NestExpressApplication; base?: string; db?: Awaited<ReturnType<typeof createTestDatabase>> } = {};
  beforeAll(async () => {
    state.db = await createTestDatabase();
    ({ app: state.app, baseUrl: state.base } = await startApi(testConfig(state.db.url, overrides)));
  });
  afterAll(async () => {
    await state.app?.close();
    await state.db?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test API is not started yet');
    return value;
  };
  return {
    get app() {
      return ready(state.app);
    },
    get base() {
      return ready(state.base);
    },
    get databaseUrl() {
      return ready(state.db).url;
    },
  };
}

/** Configuration for a test: its own database and its own Redis key prefix. */
export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: testEnv().redisUrl,
    REDIS_PREFIX: `t${process.pid}${randomBytes(3).toString('hex')}`,
    EVENT_RELAY_POLL_MS: '200',
    // tests read their own writes at once; the cache has its own tests
    CATALOGUE_LIST_CACHE_MS: '0',
    // sign-in's timing floor has its own test (identity-enumeration.int.spec.ts)
    IDENTITY_UNIFORM_ANSWER_MS: '0',
    PUBLIC_URL: 'http://localhost:3000',
    // the pipeline harness tests push synthetic jobs as anonymous owners; the console's own tests turn this off
    OPERATIONS_OPEN_PIPELINE_CHECKS: 'true',
    ...overrides,
  });
}

/** Starts the API process in-process on a free port. */
export async function startApi(config: AppConfig): Promise<{ app: NestExpressApplication; baseUrl: string }> {
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

export type { INestApplicationContext };

/**
 * Polls until the probe stops throwing (or returns a truthy value), or fails with its last error. It
 * returns as soon as the outcome is there; the deadline only ends a wait for something that will not
 * come, so it is generous: tests also run on busy 2-core machines.
 */
export async function eventually<T>(
  probe: () => Promise<T> | T,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = new Error('never ran');
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== false && value !== undefined && value !== null) return value as Exclude<T, false | null | undefined>;
      lastError = new Error(`probe answered ${String(value)}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw lastError;
}

/**
 * The rows of `table` this transaction's statements have read by scanning the table itself (not through an
 * index) so far (pg_stat_xact_user_tables): a statement that must find its rows by key leaves it unchanged.
 */
export async function rowsScannedIn(tx: Db, table: string): Promise<number> {
  const [row] = await tx
    .getConnection()
    .execute<{ n: number }[]>(
      'select seq_tup_read::int as n from pg_stat_xact_user_tables where relname = ?',
      [table],
      'all',
      tx.getTransactionContext(),
    );
  return row.n;
}

/**
 * Another writer's change, made and not committed: `write` runs in a transaction left open until
 * `commit()` (which a test must call, also when it fails). For races on one row: a second writer's
 * statement on it waits for this one (see waitingOnLock).
 */
export async function uncommitted(orm: Database, write: (tx: Db) => Promise<unknown>): Promise<{ commit: () => Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const transaction = orm.em.fork().transactional(async (tx) => {
    await write(tx);
    written();
    await held;
  });
  // a write that fails ends the transaction: its error, not a wait for ever
  await Promise.race([wrote, transaction]);
  return {
    commit: async () => {
      release();
      await transaction;
    },
  };
}

/** Resolves once some statement of this database matching `statementLike` (SQL LIKE) waits for a row lock. */
export async function waitingOnLock(orm: Database, statementLike = '%insert into event_stream as s%'): Promise<void> {
  await eventually(async () => {
    const [{ n }] = await orm.em.fork().execute<{ n: number }[]>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like ?`,
      [statementLike],
    );
    return n > 0;
  });
}

let fakePosition = 0;

/** A stored event for projection tests, as if read from the log. */
export function storedEvent<P>(streamId: string, type: string, payload: P, at = new Date()): StoredEvent<P> {
  fakePosition += 1;
  return {
    position: String(fakePosition),
    eventId: `00000000-0000-4000-8000-${String(fakePosition).padStart(12, '0')}`,
    streamId,
    streamVersion: 1,
    type,
    schemaVersion: 1,
    payload,
    metadata: { actor: 'test', correlationId: 'test', causationId: null, occurredAt: at.toISOString() },
  };
}

/**
 * given(events) -> project -> expect(read model): feeds events to a projection inside a transaction
 * on the real database, then hands an Db to the assertions.
 *
 *   await projectionSpec(orm, projection).given([...events]).expectReadModel(async (em) => { ... });
 */
export function projectionSpec(orm: Database, projection: Projection) {
  return {
    given(events: StoredEvent[]) {
      return {
        async expectReadModel<T>(assert: (em: Db) => Promise<T>): Promise<T> {
          await orm.em.fork().transactional(async (tem) => {
            for (const e of events) if (wants(projection, e)) await projection.handle(tem, e);
          });
          return assert(orm.em.fork());
        },
      };
    },
  };
}
export { deciderSpec } from './decider-spec';
