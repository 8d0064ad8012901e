// Jest global set-up: PostgreSQL and Redis answer (embedded ones started if needed), the server is
// compiled, and a freshly migrated template database exists. Each integration test file clones it
// into a database of its own (backend/src/test-support), so files run in parallel without sharing state.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export default async function globalSetup(globalConfig) {
  const selected = globalConfig.selectProjects ?? selectedProjectsFromArgv();
  if (selected.length > 0 && selected.every((p) => p === 'frontend' || p === 'contracts')) return;
  const { ensurePostgres, ensureRedis, ensureDatabase, withDatabase } = await import('./lib/services.mjs');
  const { buildServer } = await import('./lib/build.mjs');
  const { backendDist, dataDir } = await import('./lib/paths.mjs');
  const pg = await ensurePostgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse_test');
  const redis = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  globalThis.__sparkhouseServices = [pg, redis];
  globalThis.__sparkhouseTemplate = null;
  if (process.env.SPARKHOUSE_SKIP_BUILD !== '1') buildServer();
  // one template per run, so parallel runs (two checkouts, two terminals) never rebuild each other's
  const template = `sparkhouse_test_template_${process.pid}`;
  const templateUrl = withDatabase(pg.url, template);
  await ensureDatabase(templateUrl, { fresh: true });
  globalThis.__sparkhouseTemplate = templateUrl;
  const { migrateUp } = createRequire(import.meta.url)(backendDist);
  await migrateUp(templateUrl);
  // test files read this run's settings from the environment (inherited by jest's workers); the
  // file is for tools run outside jest
  const env = JSON.stringify({ databaseUrl: pg.url, template, redisUrl: redis.url });
  process.env.SPARKHOUSE_TEST_ENV = env;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'test-env.json'), env);
}

/** `--selectProjects a b` from the command line (older jest versions leave it out of globalConfig). */
function selectedProjectsFromArgv() {
  const i = process.argv.indexOf('--selectProjects');
  if (i < 0) return [];
  const names = [];
  for (const a of process.argv.slice(i + 1)) {
    if (a.startsWith('-')) break;
    names.push(a);
  }
  return names;
}
