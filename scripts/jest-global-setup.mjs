// Jest global set-up: PostgreSQL and Redis answer (embedded ones started if needed), the server is
// compiled, and a freshly migrated template database exists. Each integration test file clones it
// into a database of its own (backend/src/test-support), so files run in parallel without sharing state.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

export default async function globalSetup(globalConfig) {
  const selected = globalConfig.selectProjects ?? [];
  if (selected.length > 0 && selected.every((p) => p === 'frontend' || p === 'contracts')) return;
  const { ensurePostgres, ensureRedis, ensureDatabase, withDatabase } = await import('./lib/services.mjs');
  const { buildServer } = await import('./lib/build.mjs');
  const { backendDist, dataDir } = await import('./lib/paths.mjs');
  const pg = await ensurePostgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse_test');
  const redis = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  globalThis.__sparkhouseServices = [pg, redis];
  if (process.env.SPARKHOUSE_SKIP_BUILD !== '1') buildServer();
  const template = 'sparkhouse_test_template';
  const templateUrl = withDatabase(pg.url, template);
  await ensureDatabase(templateUrl, { fresh: true });
  const { migrateUp } = createRequire(import.meta.url)(backendDist);
  await migrateUp(templateUrl);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, 'test-env.json'),
    JSON.stringify({ databaseUrl: pg.url, template, redisUrl: redis.url }, null, 2),
  );
}
