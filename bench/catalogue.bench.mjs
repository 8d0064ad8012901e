// npm run bench -- catalogue [--products N] [--connections C] [--duration-s S] [--no-record] [--reuse-db]
//
// --reuse-db keeps the database of an earlier run when it already holds N products (migrations are still
// applied, so a new index migration is measured too): a repeat run skips the ~20 s bulk load.
// BENCH_API_NODE_OPTIONS (env) is passed to the API process as NODE_OPTIONS; BENCH_API_NODE_ARGS (env, space
// separated) are Node flags of the API process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
//
// Browse read path under load: loads N products (default 100,000) into a fresh database with the
// catalogue's bulk loader (events + read model, see loadBulkCatalogue), starts the API, waits until
// every subscriber has caught up with the log, then drives GET /api/getProducts with mixed filters,
// searches and keyset pages at C connections for S seconds with autocannon — and, in the same run,
// the same URLs against a bare node:http + pg server running the same SQL with the same listing cache
// (CATALOGUE_LIST_CACHE_MS, default 2000; 0 turns it off on both). The two take turns (API, bare, API,
// bare; half of S each), so a drift of the host's speed lands on both. Prints both throughputs,
// their ratio and p50/p99 latencies (p99: the worst turn's), their response headers' count and bytes, the share of the API's requests answered with a kept page (front
// door / pipeline, from GET /api/metrics), the CPU seconds of the API, the bare server and
// the bench client itself (autocannon, in this process, on the same cores) in each run, and appends them
// to bench/RESULTS.md. Stops everything it started.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureDatabase, ensurePostgres, ensureRedis, stopAll, withDatabase } from '../scripts/lib/services.mjs';
import { backendDist, backendMain } from '../scripts/lib/paths.mjs';
import { apiNodeFlags } from '../scripts/lib/node-flags.mjs';
import {
  benchLog,
  loadDemoCatalogue,
  machine,
  markdownTable,
  parseOptions,
  recordResults,
  serverEnv,
  sleep,
  waitCaughtUp,
} from './lib/harness.mjs';
import { cpuSecondsOf, freePort, killAllChildrenNow, startNode, stopAllChildren } from './lib/processes.mjs';
import { fmt } from './lib/stats.mjs';
import { combineTurns } from './lib/turns.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = benchLog('catalogue');

const parseArgs = (argv) =>
  parseOptions(
    argv,
    { products: 100_000, connections: 200, durationS: 20, record: true, reuseDb: false },
    {
      numbers: { '--products': 'products', '--connections': 'connections', '--duration-s': 'durationS' },
      switches: { '--no-record': ['record', false], '--reuse-db': ['reuseDb', true] },
    },
  );

/** The URL mix: plain pages, each view order, facet filters, searches (typos, prefixes) and keyset pages. */
async function urlMix(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const ids = (await c.query('select id from product_card order by random() limit 60')).rows.map((r) => r.id);
    const urls = [
      '/api/getProducts',
      '/api/getProducts?limit=12',
      '/api/getProducts?sort=popular',
      '/api/getProducts?sort=top_rated&limit=48',
      '/api/getProducts?categories=music',
      '/api/getProducts?categories=dance,art&limit=12',
      '/api/getProducts?topics=piano,guitar',
      '/api/getProducts?topics=yoga&genres=beginner',
      '/api/getProducts?genres=jazz,blues&categories=music',
      '/api/getProducts?search=piano',
      '/api/getProducts?search=sourdo',
      '/api/getProducts?search=watercolour%20portrait',
      '/api/getProducts?search=machine%20learning&categories=technology',
      '/api/getProducts?search=salsa&limit=12',
      '/api/getProducts?title=mastering',
      '/api/getProducts?search=photgraphy',
    ];
    for (const id of ids.slice(0, 30)) urls.push(`/api/getProducts?lastProductId=${id}`);
    for (const id of ids.slice(30, 45)) urls.push(`/api/getProducts?sort=popular&limit=12&lastProductId=${id}`);
    for (const id of ids.slice(45, 60)) urls.push(`/api/getProducts?categories=cooking&lastProductId=${id}`);
    return urls;
  } finally {
    await c.end();
  }
}

/** Products in the read model of an existing bench database (0 when there is no such database yet). */
async function productCount(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  try {
    await c.connect();
    return (await c.query('select count(*)::int as n from product_card')).rows[0].n;
  } catch {
    return 0;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** No dead rows and fresh planner statistics (a new index migration may just have been applied). */
async function analyse(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('vacuum (analyze) product_card');
  } finally {
    await c.end();
  }
}

async function waitHttp(url, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer in time`);
}

/** The API's count of requests answered with a kept shared answer, by where (GET /api/metrics). */
async function sharedAnswerCounts(base) {
  const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`GET /api/metrics answered ${res.status}`);
  const text = await res.text();
  const count = (answered) =>
    Number(text.match(new RegExp(`^sparkhouse_shared_answers_total\\{answered="${answered}"[^}]*\\} (\\S+)$`, 'm'))?.[1] ?? 0);
  return { frontDoor: count('front-door'), pipeline: count('pipeline'), routedToRefresh: count('routed-to-refresh') };
}

const METRICS_TOKEN = 'bench-catalogue-metrics';
/** Turns each side takes (API, bare, API, bare, …), half the duration each. */
const ROUNDS = 2;

/** The response headers of a 200 for `url` (a caller with nothing of its own): how many, their bytes as sent, the body's bytes. */
async function headerBytes(base, url) {
  const res = await fetch(`${base}${url}`);
  const body = Buffer.from(await res.arrayBuffer());
  let count = 0;
  let bytes = 0;
  for (const [name, value] of res.headers) {
    count += 1;
    bytes += name.length + value.length + 4; // "name: value\r\n"
  }
  return { count, bytes, body: body.length };
}

/** Headers that belong to one answer or one request, not sent alike to every caller. */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'etag', 'date', 'connection', 'keep-alive', 'x-request-id']);

/** The headers the API's answer to `url` carries for every caller with nothing of its own, as [name, value, ...]. */
async function answerHeaders(base, url) {
  const res = await fetch(`${base}${url}`);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  await res.arrayBuffer();
  return [...res.headers].filter(([name]) => !OWN_HEADERS.has(name)).flat();
}

async function drive(base, urls, { connections, durationS }) {
  let i = 0;
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: urls[i++ % urls.length] }) }],
  });
  const used = process.cpuUsage(cpu);
  return {
    clientCpuS: (used.user + used.system) / 1e6,
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-bench-'));
  const handles = [];
  const require = createRequire(import.meta.url);
  let api = null;
  process.on('exit', killAllChildrenNow);
  process.on('SIGINT', () => stopAllChildren(3000).finally(() => process.exit(130)));
  try {
    const pgHandle = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse');
    handles.push(pgHandle);
    const redisHandle = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    handles.push(redisHandle);
    const databaseUrl = withDatabase(pgHandle.url, 'sparkhouse_bench_catalogue');
    const reused = opts.reuseDb && (await productCount(databaseUrl)) === opts.products;
    let loaded;
    if (reused) {
      await require(backendDist).migrateUp(databaseUrl);
      await analyse(databaseUrl);
      loaded = { products: opts.products, durationMs: NaN };
      log(`reusing the ${opts.products} products already loaded in ${databaseUrl}`);
    } else {
      await ensureDatabase(databaseUrl, { fresh: true });
      await require(backendDist).migrateUp(databaseUrl);
      loaded = await loadDemoCatalogue(databaseUrl, { products: opts.products, log });
      log(`loaded ${loaded.products} products and ${loaded.purchases} purchases in ${fmt(loaded.durationMs / 1000, 1)} s`);
    }

    const port = await freePort();
    const env = serverEnv({
      port,
      databaseUrl,
      redisUrl: redisHandle.url,
      prefix: `bench_catalogue_${Date.now().toString(36)}`,
      METRICS_TOKEN,
      ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
    });
    // as npm start runs it; BENCH_API_NODE_ARGS (space separated, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') adds flags
    const extraArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    api = startNode('api', backendMain, { env, logDir, nodeArgs: [...apiNodeFlags, ...extraArgs] });
    await waitHttp(`http://127.0.0.1:${port}/api/up`, Date.now() + 90_000);
    const caughtUpFrom = Date.now();
    await waitCaughtUp(databaseUrl, Date.now() + 180_000);
    log(`API ready (pid ${api.pid}); subscribers caught up with the log in ${fmt((Date.now() - caughtUpFrom) / 1000, 1)} s`);

    const cacheMs = Number(process.env.CATALOGUE_LIST_CACHE_MS ?? 2000);
    const barePort = await freePort();
    // the same answers on the wire: the bare server sends the headers the API's answers carry
    const headers = await answerHeaders(`http://127.0.0.1:${port}`, '/api/getProducts?limit=1');
    // stopped with the other children at the end
    const bare = startNode('bare', path.join(here, 'lib/bare-catalogue-server.mjs'), {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(barePort),
        POOL_MAX: '5',
        CACHE_MS: String(cacheMs),
        ANSWER_HEADERS: JSON.stringify(headers),
      },
      logDir,
    });
    await waitHttp(`http://127.0.0.1:${barePort}/api/getProducts?limit=1`, Date.now() + 30_000);

    const urls = await urlMix(databaseUrl);
    const check = await (await fetch(`http://127.0.0.1:${port}${urls[9]}`)).json();
    log(`${urls.length} URLs in the mix; e.g. ${urls[9]} -> ${check.products.length} products`);
    // warm both (plans, caches, JIT) before measuring
    await drive(`http://127.0.0.1:${port}`, urls, { connections: opts.connections, durationS: 3 });
    await drive(`http://127.0.0.1:${barePort}`, urls, { connections: opts.connections, durationS: 3 });

    // ABAB: the API and the bare server take turns (ROUNDS rounds of half the duration each), so a drift
    // of the host's speed during the run lands on both alike; their figures are the sums over the rounds
    const apiBase = `http://127.0.0.1:${port}`;
    const bareBase = `http://127.0.0.1:${barePort}`;
    const roundS = opts.durationS / ROUNDS;
    const aRuns = [];
    const bRuns = [];
    const cpuApi = { api: 0 };
    const cpuBare = { bare: 0 };
    const shared0 = await sharedAnswerCounts(apiBase);
    for (let round = 0; round < ROUNDS; round++) {
      const apiCpu0 = cpuSecondsOf(api.pid);
      aRuns.push(await drive(apiBase, urls, { ...opts, durationS: roundS }));
      cpuApi.api += cpuSecondsOf(api.pid) - apiCpu0;
      const bareCpu0 = cpuSecondsOf(bare.pid);
      bRuns.push(await drive(bareBase, urls, { ...opts, durationS: roundS }));
      cpuBare.bare += cpuSecondsOf(bare.pid) - bareCpu0;
    }
    const shared1 = await sharedAnswerCounts(apiBase);
    const a = combineTurns(aRuns, opts.durationS);
    const b = combineTurns(bRuns, opts.durationS);
    const sharedShare = (k) => (shared1[k] - shared0[k]) / a.total;
    const headBytes = { api: await headerBytes(apiBase, urls[0]), bare: await headerBytes(bareBase, urls[0]) };
    const ratio = a.rps / b.rps;
    const pct = (x) => `${fmt(x * 100, 1)} %`;
    const rows = [
      ['products', String(loaded.products)],
      ['bulk load (events + read model)', reused ? 'reused from an earlier run' : `${fmt(loaded.durationMs / 1000, 1)} s`],
      [
        'load',
        `${opts.connections} connections, ${opts.durationS} s each in ${ROUNDS} turns of ${fmt(roundS, 1)} s (API, bare, API, bare), ${urls.length} URLs in turn`,
      ],
      [
        'API listing cache (CATALOGUE_LIST_CACHE_MS)',
        cacheMs === 0 ? 'off on both' : `${cacheMs} ms, the bare server keeps its pages the same way`,
      ],
      ['API GET /api/getProducts req/s', `${fmt(a.rps, 0)} (${a.total} requests, ${a.errors} errors/non-2xx)`],
      [
        'API latency p50 / p99 (worst turn)',
        `${a.p50} ms / ${a.p99} ms (turns: ${aRuns.map((r) => `${fmt(r.rps, 0)}/s p99 ${r.p99}`).join(', ')})`,
      ],
      ['bare node:http + pg req/s', `${fmt(b.rps, 0)} (${b.total} requests, ${b.errors} errors/non-2xx)`],
      [
        'bare latency p50 / p99 (worst turn)',
        `${b.p50} ms / ${b.p99} ms (turns: ${bRuns.map((r) => `${fmt(r.rps, 0)}/s p99 ${r.p99}`).join(', ')})`,
      ],
      [
        'response headers of a 200 (API / bare)',
        `${headBytes.api.count} / ${headBytes.bare.count} headers, ${headBytes.api.bytes} / ${headBytes.bare.bytes} bytes; body ${headBytes.api.body} / ${headBytes.bare.body} bytes, no compression on either`,
      ],
      ['ratio API / bare', `${fmt(ratio, 3)}`],
      ['API CPU seconds during its run', fmt(cpuApi.api, 1)],
      ['API CPU per request', `${fmt((cpuApi.api * 1000) / a.total, 3)} ms`],
      [
        'API requests answered with a kept page',
        `${pct(sharedShare('frontDoor'))} at the front door, ${pct(sharedShare('pipeline'))} in the pipeline; ` +
          `${pct(sharedShare('routedToRefresh'))} routed to refresh a stale page`,
      ],
      ['bare CPU seconds during its run', `${fmt(cpuBare.bare, 1)} (${fmt((cpuBare.bare * 1000) / b.total, 3)} ms a request)`],
      ['bench client (autocannon) CPU seconds (API run / bare run)', `${fmt(a.clientCpuS, 1)} / ${fmt(b.clientCpuS, 1)}`],
      ['targets', `p99 <= 50 ms: ${a.p99 <= 50 ? 'met' : 'NOT met'}; ratio >= 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'}`],
    ];
    for (const [k, v] of rows) log(`${k.padEnd(34)} ${v}`);
    if (opts.record) {
      const m = machine();
      const lines = [
        '',
        `## catalogue — ${new Date().toISOString()}`,
        '',
        `Machine: ${m.cores} cores (${m.cpuModel}), Node ${m.node}.`,
        '',
        ...markdownTable(rows),
      ];
      recordResults(lines, log);
    }
  } catch (err) {
    console.error(`[bench:catalogue] ${err.stack ?? err}`);
    if (api) console.error(api.tail(40));
    process.exitCode = 1;
  } finally {
    await stopAllChildren(5000);
    await stopAll(handles).catch(() => undefined);
  }
}

await main();
