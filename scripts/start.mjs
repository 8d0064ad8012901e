// npm start: installs what is missing, finds or starts PostgreSQL and Redis, creates and migrates the
// database, seeds demo data on the first run, builds, and serves the product at http://localhost:3000.
// Only Node built-ins are imported until dependencies are known to be installed.
import { ensureDependencies } from './lib/deps.mjs';

const flag = (name) => process.env[name] === '1' || process.env[name] === 'true';

if (!flag('SPARKHOUSE_SKIP_INSTALL')) ensureDependencies();

const { log, fail } = await import('./lib/log.mjs');
const { ensurePostgres, ensureRedis, ensureDatabase, portAnswers, stopAll } = await import('./lib/services.mjs');
const { buildFrontend, buildServer } = await import('./lib/build.mjs');
const { migrate, seed, runStack } = await import('./lib/stack.mjs');

const port = Number(process.env.PORT ?? 3000);
const services = [];
try {
  if (await portAnswers('127.0.0.1', port, 500)) {
    fail(`port ${port} is already in use. Stop what runs there, or start on another port: PORT=3001 npm start`);
  }
  const pg = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse');
  services.push(pg);
  const redis = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  services.push(redis);
  if (await ensureDatabase(pg.url, { fresh: flag('SPARKHOUSE_FRESH_DB') })) log('database created');
  if (!flag('SPARKHOUSE_SKIP_BUILD')) {
    buildServer();
    buildFrontend();
  }
  await migrate(pg.url);
  await seed(pg.url);
  const env = {
    ...process.env,
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  };
  const { baseUrl } = await runStack({ env, port, onStop: () => stopAll(services) });
  log(`Sparkhouse is running at ${baseUrl}  (API docs: ${baseUrl}/api/docs; Ctrl-C stops it)`);
} catch (err) {
  await stopAll(services);
  fail(err.message);
}
