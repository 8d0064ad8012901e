// npm run bench -- writes [--users N] [--connections C] [--duration-s S] [--stream-saves K] [--no-record]
//
// The write path of signed-in members, against a bare baseline in the same run:
//   1. one stream growing: one member saves progress K times (400) in a row to one lesson; the first
//      20 saves and the last 20 are compared (the K-th save must cost what the 1st does);
//   2. N members (40) signed in through the identity protocol save progress as fast as they can
//      (POST /api/updateProductProgress) at C connections (40, one member each) for S seconds;
//   3. the same members read their carts (GET /api/getCart, one product in each) at C connections.
// The bare server (bench/lib/bare-writes-server.mjs) is node:http + pg: the same token check, the save
// as "append a row and upsert the read model in one transaction", the cart as the API's two queries.
// After the API's save phase the bench also waits for the relay to apply every save to the read
// models and reports how long that took (work the bare server did inline).
//   4. the same saves through `npm start` itself (scripts/start.mjs with a user's defaults: development
//      mode, LOG_LEVEL info, the logs copied to rotated files), on the same database and port, against
//      the production configuration of phase 2, in turns (production, npm start, production, npm start;
//      S/2 each, the same warm-up before each), the saves summed over the turns (target >= 0.8x).
// BENCH_API_NODE_ARGS (env, space separated) go to the API's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof';
// BENCH_START_API_NODE_ARGS (env, space separated) go to the node of npm start's API (SPARKHOUSE_API_NODE_ARGS).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, parseOptions, waitCaughtUp, waitReady } from './lib/harness.mjs';
import { adminToken, signedInMember } from './lib/members.mjs';
import { CELLO_LESSON, publishProduct } from './lib/products.mjs';
import { cpuSecondsByName, cpuSecondsOf, freePort, startNode } from './lib/processes.mjs';
import { fmt, percentile } from './lib/stats.mjs';
import { combineTurns } from './lib/turns.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = benchLog('writes');

const opts = parseOptions(
  process.argv.slice(2),
  { users: 40, connections: 40, durationS: 15, streamSaves: 400, record: true },
  {
    numbers: { '--users': 'users', '--connections': 'connections', '--duration-s': 'durationS', '--stream-saves': 'streamSaves' },
    switches: { '--no-record': ['record', false] },
  },
);

const progressBody = (productId, seconds = 1) =>
  JSON.stringify({
    product_id: productId,
    content_id: 'c1',
    percent_complete: 42,
    additional_seconds_watched: seconds,
    position_in_seconds: 120,
  });

/** C connections, each one member's token (round robin), as fast as they can for `durationS`. */
async function drive(base, { method, path: urlPath, body, tokens, connections, durationS }) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    requests: [
      {
        method,
        path: urlPath,
        body,
        // one member per connection (autocannon's context is per connection)
        setupRequest: (req, context) => {
          context.token ??= tokens[next++ % tokens.length];
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
  };
}

/** K saves in a row to one stream: latencies of each, in order. */
async function growOneStream(base, token, productId, k) {
  const latencies = [];
  for (let i = 0; i < k; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/updateProductProgress`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: progressBody(productId),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`save ${i + 1} answered ${res.status}`);
    latencies.push(performance.now() - t);
  }
  const first = percentile(latencies.slice(0, 20), 50);
  const last = percentile(latencies.slice(-20), 50);
  return { first, last, ratio: last / first };
}

/**
 * `npm start`'s environment for the bench's database, Redis prefix and port: what a user's shell has,
 * without the bench's production settings (NODE_ENV, LOG_LEVEL stay at their defaults); no build or
 * install (done), its logs in the bench's folder, a small demo catalogue to seed.
 */
function npmStartEnv(apiEnv, { port, databaseUrl, redisUrl, prefix, logDir }) {
  const env = { ...process.env };
  delete env.NODE_ENV;
  delete env.LOG_LEVEL;
  return {
    ...env,
    PORT: String(port),
    PUBLIC_URL: apiEnv.PUBLIC_URL,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    SPARKHOUSE_SKIP_BUILD: '1',
    SPARKHOUSE_SKIP_INSTALL: '1',
    SPARKHOUSE_LOG_DIR: logDir,
    CATALOGUE_DEMO_PRODUCTS: '20',
    ...(process.env.BENCH_START_API_NODE_ARGS ? { SPARKHOUSE_API_NODE_ARGS: process.env.BENCH_START_API_NODE_ARGS } : {}),
  };
}

/** Turns each configuration takes in phase 4 (production, npm start, production, npm start). */
const START_ROUNDS = 2;

benchRun('writes', { timeoutS: 900 }, async ({ databaseUrl, redisUrl, prefix, logDir, db, startApi, failed, recordRows }) => {
  let status = 'ok';
  const rows = [];
  try {
    const { api, env, port, baseUrl: base } = await startApi();
    const issuer = base;
    const c = await db();

    log(`signing up and signing in ${opts.users + 1} members`);
    const members = [];
    for (let i = 0; i <= opts.users; i++) members.push(await signedInMember(base, c, `member-${i}@bench.local`));
    const admin = await adminToken(c, issuer);
    const productId = await publishProduct(base, admin, {
      title: 'Write Path Cello',
      classSlug: `write-path-cello-${Date.now()}`,
      description: 'The lesson every bench member watches.',
      topic: 'cello',
      contents: CELLO_LESSON,
      readableWithinMs: 30_000,
    });
    for (const m of members) {
      const res = await fetch(`${base}/api/updateCart`, {
        method: 'POST',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ product_ids: [productId] }),
      });
      if (res.status !== 200) throw new Error(`updateCart answered ${res.status}`);
    }
    await waitCaughtUp(databaseUrl, Date.now() + 60_000);

    const barePort = await freePort();
    const bare = startNode('bare', path.join(here, 'lib/bare-writes-server.mjs'), {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(barePort), POOL_MAX: '10', ISSUER: issuer },
      logDir,
    });
    const bareBase = `http://127.0.0.1:${barePort}`;
    for (let deadline = Date.now() + 30_000; ;) {
      if (!bare.running) throw new Error(`the bare server exited:\n${bare.tail()}`);
      try {
        if ((await fetch(`${bareBase}/api/getCart`)).status === 401) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the bare server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    log(`API (pid ${api.pid}) and bare server (pid ${bare.pid}) ready; ${members.length} members signed in`);

    // 1. one stream growing
    const grower = members[opts.users];
    const apiGrowth = await growOneStream(base, grower.token, productId, opts.streamSaves);
    const bareGrowth = await growOneStream(bareBase, grower.token, productId, opts.streamSaves);
    log(
      `one stream, ${opts.streamSaves} saves: API median first 20 ${fmt(apiGrowth.first, 2)} ms, last 20 ${fmt(apiGrowth.last, 2)} ms`,
    );
    await waitCaughtUp(databaseUrl, Date.now() + 60_000);

    // 2. saves at C connections
    const tokens = members.slice(0, opts.users).map((m) => m.token);
    const save = {
      method: 'POST',
      path: '/api/updateProductProgress',
      body: progressBody(productId),
      tokens,
      connections: opts.connections,
    };
    await drive(base, { ...save, durationS: 3 }); // warm-up
    await waitCaughtUp(databaseUrl, Date.now() + 120_000);
    await drive(bareBase, { ...save, durationS: 3 });
    const cpu0 = { api: cpuSecondsOf(api.pid), pg: cpuSecondsByName(['postgres'])?.postgres };
    const apiSaves = await drive(base, { ...save, durationS: opts.durationS });
    const savesEnded = Date.now();
    await waitCaughtUp(databaseUrl, Date.now() + 300_000);
    const relayLagMs = Date.now() - savesEnded;
    const cpuApiSaves = cpuSecondsOf(api.pid) - cpu0.api;
    const cpuPgSaves = (cpuSecondsByName(['postgres'])?.postgres ?? 0) - (cpu0.pg ?? 0);
    const bareSaves = await drive(bareBase, { ...save, durationS: opts.durationS });
    const { rows: delivered } = await c.query(
      `select count(*)::int as n from domain_event where type = 'ProductProgressRecorded'`,
    );

    // 3. signed-in reads
    const read = { method: 'GET', path: '/api/getCart', tokens, connections: opts.connections };
    await drive(base, { ...read, durationS: 3 });
    await drive(bareBase, { ...read, durationS: 3 });
    const apiReads = await drive(base, { ...read, durationS: opts.durationS });
    const bareReads = await drive(bareBase, { ...read, durationS: opts.durationS });

    // 4. the same saves through `npm start` as a user runs it (default settings: development mode, logs
    // at info copied to rotated files by the start script) against the production configuration above,
    // in turns on the same port (production, npm start, production, npm start; half the duration each,
    // each after the same warm-up), so a drift of the host's speed lands on both alike
    const turnS = opts.durationS / START_ROUNDS;
    const prodTurns = [];
    const startTurns = [];
    let prod = api;
    const startLogDir = path.join(logDir, 'npm-start');
    const turn = async () => {
      await drive(base, { ...save, durationS: 3 }); // warm-up
      await waitCaughtUp(databaseUrl, Date.now() + 120_000);
      const saves = await drive(base, { ...save, durationS: turnS });
      await waitCaughtUp(databaseUrl, Date.now() + 300_000);
      return saves;
    };
    for (let round = 0; round < START_ROUNDS; round++) {
      if (round > 0) prod = (await startApi({ port })).api;
      prodTurns.push(await turn());
      await prod.stop();
      const npmStart = startNode('npm-start', path.join(here, '../scripts/start.mjs'), {
        env: npmStartEnv(env, { port, databaseUrl, redisUrl, prefix, logDir: startLogDir }),
        logDir,
      });
      await waitReady(npmStart, port, Date.now() + 180_000);
      log(`npm start (pid ${npmStart.pid}) ready on port ${port}, turn ${round + 1} of ${START_ROUNDS}`);
      startTurns.push(await turn());
      await npmStart.stop(30_000);
    }
    const apiLog = fs
      .readdirSync(startLogDir)
      .filter((f) => f.startsWith('api.log'))
      .reduce((n, f) => n + fs.statSync(path.join(startLogDir, f)).size, 0);
    const prodSaves = combineTurns(prodTurns, opts.durationS);
    const startSaves = combineTurns(startTurns, opts.durationS);
    const startRatio = startSaves.total / prodSaves.total;

    const saveRatio = apiSaves.rps / bareSaves.rps;
    const readRatio = apiReads.rps / bareReads.rps;
    const met = (ok) => (ok ? 'met' : 'NOT met');
    rows.push(
      [
        'members',
        `${opts.users} signed in through the identity protocol (real sessions), ${opts.connections} connections, ${opts.durationS} s per phase`,
      ],
      [
        'API saves/s (POST /api/updateProductProgress)',
        `${fmt(apiSaves.rps)} (${apiSaves.total} saves, ${apiSaves.errors} errors/non-2xx)`,
      ],
      ['API save latency p50 / p99', `${apiSaves.p50} ms / ${apiSaves.p99} ms`],
      ['bare node:http + pg saves/s', `${fmt(bareSaves.rps)} (${bareSaves.total} saves, ${bareSaves.errors} errors/non-2xx)`],
      ['bare save latency p50 / p99', `${bareSaves.p50} ms / ${bareSaves.p99} ms`],
      ['ratio API / bare (saves)', fmt(saveRatio, 3)],
      [
        'relay: every save in the read models',
        `${fmt(relayLagMs)} ms after the API phase ended (${delivered[0].n} progress events in the log)`,
      ],
      [
        'API CPU / PostgreSQL CPU per save',
        `${fmt((cpuApiSaves * 1000) / apiSaves.total, 3)} ms / ${fmt((cpuPgSaves * 1000) / apiSaves.total, 3)} ms (relay included)`,
      ],
      [
        `one stream, ${opts.streamSaves} saves in a row: median of the first 20 / last 20`,
        `API ${fmt(apiGrowth.first, 2)} / ${fmt(apiGrowth.last, 2)} ms (x${fmt(apiGrowth.ratio, 2)}); bare ${fmt(bareGrowth.first, 2)} / ${fmt(bareGrowth.last, 2)} ms (x${fmt(bareGrowth.ratio, 2)})`,
      ],
      [
        `production configuration saves/s, in ${START_ROUNDS} turns of ${fmt(turnS, 1)} s taken with npm start's`,
        `${fmt(prodSaves.rps)} (${prodSaves.total} saves, ${prodSaves.errors} errors/non-2xx), p50 / p99 ${prodSaves.p50} / ${prodSaves.p99} ms (turns: ${prodTurns.map((t) => fmt(t.rps)).join(', ')}/s)`,
      ],
      [
        'npm start saves/s (defaults: development, LOG_LEVEL info, logs copied and rotated)',
        `${fmt(startSaves.rps)} (${startSaves.total} saves, ${startSaves.errors} errors/non-2xx), p50 / p99 ${startSaves.p50} / ${startSaves.p99} ms (turns: ${startTurns.map((t) => fmt(t.rps)).join(', ')}/s); api.log grew to ${fmt(apiLog / 1024, 0)} KiB`,
      ],
      ['ratio npm start / production configuration (saves, summed over the turns)', fmt(startRatio, 3)],
      ['API getCart req/s', `${fmt(apiReads.rps)} (${apiReads.total} requests, ${apiReads.errors} errors/non-2xx)`],
      ['API getCart latency p50 / p99', `${apiReads.p50} ms / ${apiReads.p99} ms`],
      [
        'bare getCart req/s (same two queries, same token check)',
        `${fmt(bareReads.rps)} (${bareReads.total} requests, ${bareReads.errors} errors/non-2xx)`,
      ],
      ['bare getCart latency p50 / p99', `${bareReads.p50} ms / ${bareReads.p99} ms`],
      ['ratio API / bare (getCart)', fmt(readRatio, 3)],
      [
        'targets',
        `saves >= 0.5x bare: ${met(saveRatio >= 0.5)}; save p99 <= 100 ms: ${met(apiSaves.p99 <= 100)}; ` +
          `400th save ~ 1st (<= 1.5x): ${met(apiGrowth.ratio <= 1.5)}; getCart >= 0.5x bare: ${met(readRatio >= 0.5)}; ` +
          `npm start >= 0.8x production: ${met(startRatio >= 0.8)}`,
      ],
    );
    if (apiSaves.errors || bareSaves.errors || apiReads.errors || bareReads.errors || startSaves.errors || prodSaves.errors) {
      status = 'errors during the run';
    }
  } catch (err) {
    failed(err);
    status = `failed: ${err.message}`;
  }
  recordRows({
    status,
    rows,
    record: opts.record,
    note:
      'API: one process with the production configuration (NODE_ENV=production, LOG_LEVEL=warn, the node flags npm start ' +
      'gives it); phase 4: npm start itself with its defaults, in turns with a production-configuration API on the same port.',
  });
  return status;
});
