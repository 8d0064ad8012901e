// npm run dev: PostgreSQL and Redis as for `npm start`, then the TypeScript compiler in watch mode,
// the API (port 3001) and the worker restarted on every rebuild, and Vite with hot reload on
// http://localhost:3000 proxying /api and /socket.io to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies } from './lib/deps.mjs';

ensureDependencies();
const { log, fail } = await import('./lib/log.mjs');
const { ensurePostgres, ensureRedis, ensureDatabase, stopAll } = await import('./lib/services.mjs');
const { buildServer } = await import('./lib/build.mjs');
const { migrate, seed } = await import('./lib/stack.mjs');
const { root, backendMain, workerMain } = await import('./lib/paths.mjs');

const webPort = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 3001);
const services = [];
const children = [];

async function shutdown(code) {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await stopAll(services);
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  const pg = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse');
  services.push(pg);
  const redis = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  services.push(redis);
  await ensureDatabase(pg.url);
  buildServer();
  await migrate(pg.url);
  await seed(pg.url);
  const env = {
    ...process.env,
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    PORT: String(apiPort),
    PUBLIC_URL: `http://localhost:${webPort}`,
    API_PORT: String(apiPort),
  };
  const run = (name, cmd, args, cwd = root) => {
    const c = spawn(cmd, args, { cwd, env, stdio: 'inherit' });
    c.once('exit', (code) => log(`${name} exited (${code})`));
    children.push(c);
  };
  run('tsc', process.execPath, [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-b',
    '-w',
    '--preserveWatchOutput',
    'tsconfig.json',
  ]);
  run('api', process.execPath, ['--watch', '--enable-source-maps', backendMain]);
  run('worker', process.execPath, ['--watch', '--enable-source-maps', workerMain]);
  run(
    'vite',
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(webPort), '--strictPort'],
    path.join(root, 'frontend'),
  );
  log(`dev servers starting: app http://localhost:${webPort} (hot reload), API http://localhost:${apiPort}`);
} catch (err) {
  await stopAll(services);
  fail(err.message);
}
