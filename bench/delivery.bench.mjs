// npm run bench -- delivery [--probes N] [--users U] [--connections C] [--no-record]
//
// Delivery latency: how long after a command commits every read model has applied it (what a read that
// must see the write waits for). A probe member saves their cart (POST /api/updateCart) N times (300),
// one at a time; each save's consistency token names its event, and the bench listens to the relay's
// checkpoint announcements (NOTIFY sparkhouse_checkpoints, sent as each projection's checkpoint commits)
// until every projection has reached it. Latency = from the save's answer arriving (the commit happened
// before it) to the last projection's announcement arriving (clamped at 0 when it came first).
//
// Measured for two set-ups, each at idle and under the writes bench's load (U members (40) saving
// progress as fast as they can at C connections (40)):
//   - npm start: one API and one worker as `npm start` runs them (NODE_ENV unset = development, logs at info);
//   - production: the reference deployment's shape (docker-compose.yml): NODE_ENV=production, two API
//     nodes and two workers; probes and load alternate between the nodes, so half the commits are made on
//     the node whose relay does not deliver and wake it through PostgreSQL.
// Targets: p50 <= 10 ms and p99 <= 50 ms at idle, p99 <= 250 ms under load.
import autocannon from 'autocannon';
import pg from 'pg';
import { backendMain, workerMain } from '../scripts/lib/paths.mjs';
import { apiNodeFlags } from '../scripts/lib/node-flags.mjs';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, parseOptions, sleep, waitCaughtUp, waitReady } from './lib/harness.mjs';
import { adminToken, signedInMember } from './lib/members.mjs';
import { CELLO_LESSON, publishProduct } from './lib/products.mjs';
import { freePort, startNode, stopAllChildren } from './lib/processes.mjs';
import { fmt, summary } from './lib/stats.mjs';

const log = benchLog('delivery');

const opts = parseOptions(
  process.argv.slice(2),
  { probes: 300, users: 40, connections: 40, record: true },
  {
    numbers: { '--probes': 'probes', '--users': 'users', '--connections': 'connections' },
    switches: { '--no-record': ['record', false] },
  },
);

const CHECKPOINTS_CHANNEL = 'sparkhouse_checkpoints';

/** (transaction id, position) as decimal strings, compared as numbers. */
const compare = (a, b) => {
  const dec = (x, y) => (x.length !== y.length ? (x.length < y.length ? -1 : 1) : x < y ? -1 : x > y ? 1 : 0);
  return dec(a.tx, b.tx) || dec(a.pos, b.pos);
};

/**
 * What every projection has reached, as announced: `waitAll(at)` resolves (with the time it got there)
 * once each has announced a checkpoint at or after `at`.
 */
async function watchCheckpoints(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select subscriber, transaction_id::text as tx, position::text as pos from event_checkpoint where kind = 'projection'`,
  );
  const reached = new Map(rows.map((r) => [r.subscriber, { tx: r.tx, pos: r.pos }]));
  const waiters = new Set();
  const allReach = (at) => [...reached.values()].every((cp) => compare(cp, at) >= 0);
  client.on('notification', (n) => {
    const now = performance.now();
    for (const line of (n.payload ?? '').split('\n')) {
      const [name, tx, pos] = line.split(' ');
      if (name && tx && pos && reached.has(name) && compare({ tx, pos }, reached.get(name)) > 0) reached.set(name, { tx, pos });
    }
    for (const w of waiters) if (allReach(w.at)) w.done(now);
  });
  await client.query(`listen ${CHECKPOINTS_CHANNEL}`);
  return {
    projections: reached.size,
    waitAll(at, timeoutMs = 30_000) {
      if (allReach(at)) return Promise.resolve(performance.now());
      return new Promise((resolve, reject) => {
        const w = {
          at,
          done: (t) => {
            clearTimeout(timer);
            waiters.delete(w);
            resolve(t);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`not every projection reached ${at.tx}.${at.pos} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(w);
      });
    },
    close: () => client.end(),
  };
}

/** N cart saves one after another, alternating between `bases`: commit -> every read model, in ms. */
async function probe(bases, token, watcher, n) {
  const latencies = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${bases[i % bases.length]}/api/updateCart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ product_ids: [], offer_valid: i % 2 === 0 }),
    });
    const answered = performance.now();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`updateCart answered ${res.status}`);
    const [tx, pos] = (res.headers.get('x-consistency-token') ?? '').split('.');
    if (!tx || !pos) throw new Error('updateCart answered without a consistency token');
    const applied = await watcher.waitAll({ tx, pos });
    latencies.push(Math.max(0, applied - answered));
    await sleep(5 + (i % 10)); // a caller's pace, not a tight loop
  }
  return summary(latencies);
}

/** The writes bench's load: C connections saving progress, one member each, spread over `bases`, until stopped. */
function load(bases, tokens, productId, connections) {
  const body = JSON.stringify({
    product_id: productId,
    content_id: 'c1',
    percent_complete: 42,
    additional_seconds_watched: 1,
    position_in_seconds: 120,
  });
  const runs = bases.map((base, b) => {
    let next = b;
    return autocannon({
      url: base,
      connections: Math.ceil(connections / bases.length),
      duration: 3600,
      requests: [
        {
          method: 'POST',
          path: '/api/updateProductProgress',
          body,
          setupRequest: (req, context) => {
            context.token ??= tokens[(next += bases.length) % tokens.length];
            return {
              ...req,
              headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
            };
          },
        },
      ],
    });
  });
  return {
    async stop() {
      for (const r of runs) r.stop();
      const results = await Promise.all(runs);
      return {
        rps: results.reduce((s, r) => s + r.requests.average, 0),
        p99: Math.max(...results.map((r) => r.latency.p99)),
        errors: results.reduce((s, r) => s + r.errors + r.timeouts + (r.non2xx ?? 0), 0),
      };
    },
  };
}

/** One set-up: its processes started, members signed in, probes at idle and under load, processes stopped. */
async function measure(setup, { databaseUrl, redisUrl, prefix, logDir }) {
  const production = setup === 'production';
  const nodes = production ? 2 : 1;
  const ports = [];
  for (let i = 0; i < nodes; i++) ports.push(await freePort());
  const issuer = `http://127.0.0.1:${ports[0]}`;
  const common = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    PUBLIC_URL: issuer,
    HOST: '127.0.0.1',
    ...(production ? { NODE_ENV: 'production' } : {}),
  };
  if (!production) delete common.NODE_ENV;
  const apis = ports.map((port, i) =>
    startNode(`${setup}-api${i + 1}`, backendMain, { env: { ...common, PORT: String(port) }, logDir, nodeArgs: apiNodeFlags }),
  );
  for (let i = 0; i < nodes; i++) startNode(`${setup}-worker${i + 1}`, workerMain, { env: common, logDir });
  for (let i = 0; i < nodes; i++) await waitReady(apis[i], ports[i], Date.now() + 120_000);
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  log(`${setup}: ${nodes} API node(s) and ${nodes} worker(s) ready`);

  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  let watcher = null;
  try {
    const members = [];
    for (let i = 0; i <= opts.users; i++) members.push(await signedInMember(bases[i % nodes], c, `${setup}-${i}@bench.local`));
    const admin = await adminToken(c, issuer);
    const productId = await publishProduct(bases[0], admin, {
      title: 'Delivery Cello',
      classSlug: `delivery-cello-${setup}-${Date.now()}`,
      description: 'The lesson every bench member watches.',
      topic: 'cello',
      contents: CELLO_LESSON,
    });
    await waitCaughtUp(databaseUrl, Date.now() + 60_000);
    watcher = await watchCheckpoints(databaseUrl);
    const prober = members[opts.users].token;

    await probe(bases, prober, watcher, 20); // warm-up
    const idle = await probe(bases, prober, watcher, opts.probes);
    log(`${setup} idle: p50 ${fmt(idle.p50, 1)} ms, p99 ${fmt(idle.p99, 1)} ms, max ${fmt(idle.max, 1)} ms`);

    const tokens = members.slice(0, opts.users).map((m) => m.token);
    const running = load(bases, tokens, productId, opts.connections);
    await sleep(2000); // the load reaches its pace
    const loaded = await probe(bases, prober, watcher, opts.probes);
    const writes = await running.stop();
    log(
      `${setup} under load (${fmt(writes.rps)} saves/s): p50 ${fmt(loaded.p50, 1)} ms, p99 ${fmt(loaded.p99, 1)} ms, max ${fmt(loaded.max, 1)} ms`,
    );
    await waitCaughtUp(databaseUrl, Date.now() + 300_000);
    return { setup, nodes, projections: watcher.projections, idle, loaded, writes };
  } finally {
    await watcher?.close().catch(() => undefined);
    await c.end().catch(() => undefined);
    await stopAllChildren(15_000);
  }
}

benchRun('delivery', { timeoutS: 1200 }, async ({ databaseUrl, redisUrl, prefix, logDir, failed, recordRows }) => {
  let status = 'ok';
  const rows = [];
  try {
    const met = (ok) => (ok ? 'met' : 'NOT met');
    for (const setup of ['npm-start', 'production']) {
      const r = await measure(setup, { databaseUrl, redisUrl, prefix, logDir });
      const label =
        setup === 'production' ? 'production (NODE_ENV=production, 2 API nodes, 2 workers)' : 'npm start (1 API, 1 worker)';
      rows.push(
        [
          `${label}: idle, ${r.idle.count} cart saves`,
          `p50 ${fmt(r.idle.p50, 1)} ms, p99 ${fmt(r.idle.p99, 1)} ms, max ${fmt(r.idle.max, 1)} ms`,
        ],
        [
          `${label}: under load, ${r.loaded.count} cart saves`,
          `p50 ${fmt(r.loaded.p50, 1)} ms, p99 ${fmt(r.loaded.p99, 1)} ms, max ${fmt(r.loaded.max, 1)} ms ` +
            `(load: ${fmt(r.writes.rps)} progress saves/s at ${opts.connections} connections, p99 ${r.writes.p99} ms, ${r.writes.errors} errors/non-2xx)`,
        ],
        [
          `${label}: targets`,
          `idle p50 <= 10 ms: ${met(r.idle.p50 <= 10)}; idle p99 <= 50 ms: ${met(r.idle.p99 <= 50)}; ` +
            `under load p99 <= 250 ms: ${met(r.loaded.p99 <= 250)} (${r.projections} projections)`,
        ],
      );
      if (r.writes.errors) status = 'errors during the run';
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
      "Commit (the save's answer arrives) -> " +
      'every projection has announced a checkpoint at or after the save (NOTIFY sparkhouse_checkpoints); ' +
      'probes 5-14 ms apart, alternating between the API nodes.',
  });
  return status;
});
