// npm run bench -- checkout-reliability [--checkouts N] [--concurrency C] [--no-record]
//
// N buyers (200) each start a card checkout (POST /api/purchase) and pay it on the emulator's hosted
// page, all at once. The emulator's own webhook delivery is off: the bench then delivers every Stripe
// event those payments produced TWICE, in one random order, all concurrently, to
// POST /api/payments/webhook, signed like Stripe, 50 at a time from a sender process of its own (and the
// same deliveries to a bare node:http + pg receiver, for the baseline, and to a server that answers at
// once, for the sender's own floor). It counts purchases created (must be N), duplicate
// purchases (must be 0) and 5xx answers (must be 0), checks the read model agrees, and appends the
// figures to bench/RESULTS.md. The API runs as a process of its own, started as `npm start` starts it
// (backend/dist/main.js; development mode, so the built-in Stripe emulator answers), on its own port,
// database `sparkhouse_bench_checkout` and Redis prefix; the bench signs access tokens with the API's
// key from the database, and stops everything it started. BENCH_API_NODE_ARGS (space separated, e.g.
// '--cpu-prof --cpu-prof-dir=/tmp/prof') adds Node flags to the API process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { backendDist } from '../scripts/lib/paths.mjs';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, recordResults, sleep } from './lib/harness.mjs';
import { accessToken, adminToken } from './lib/members.mjs';
import { publishProduct } from './lib/products.mjs';
import { cpuSecondsByName, cpuSecondsOf, freePort, startNode } from './lib/processes.mjs';
import { percentile, fmt } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const log = benchLog('checkout-reliability');
const DATABASE = 'sparkhouse_bench_checkout';

function parseArgs(argv) {
  const opts = { checkouts: 200, concurrency: 50, record: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    if (flag === '--concurrency') {
      opts.concurrency = Number(inline ?? argv[++i]);
      if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1) throw new Error('--concurrency needs a positive integer');
    } else if (flag === '--checkouts') {
      opts.checkouts = Number(inline ?? argv[++i]);
      if (!Number.isInteger(opts.checkouts) || opts.checkouts < 1 || opts.checkouts > 2000)
        throw new Error('--checkouts needs an integer from 1 to 2000');
    } else if (flag === '--no-record') opts.record = false;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return opts;
}

/** Sends the deliveries of `file` to `url` from a process of its own, `concurrency` at a time. */
function deliverFrom(file, url, concurrency) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'lib/deliver.mjs')], {
      env: { ...process.env, DELIVERIES_FILE: file, TARGET_URL: url, CONCURRENCY: String(concurrency) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the webhook sender exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()));
    });
  });
}

function shuffle(list) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Every event the emulator recorded, through its API for tools under /api/stripe-emulator (newest first). */
async function emulatorEvents(base) {
  const events = [];
  for (let after = null; ;) {
    const url = `${base}/api/stripe-emulator/v1/events?limit=100${after ? `&starting_after=${after}` : ''}`;
    const res = await fetch(url, { headers: { authorization: 'Bearer sk_test_sparkhouse_bench' } });
    if (res.status !== 200) throw new Error(`the emulator's events list answered ${res.status}`);
    const page = await res.json();
    events.push(...page.data);
    if (!page.has_more || page.data.length === 0) return events;
    after = page.data[page.data.length - 1].id;
  }
}

/** Until `url` answers anything at all (the process listens), or the process exits, or the deadline passes. */
async function waitListening(child, url, deadline) {
  while (Date.now() < deadline) {
    if (!child.running) throw new Error(`${child.name} exited during start-up:\n${child.tail()}`);
    try {
      await (await fetch(url, { signal: AbortSignal.timeout(2000) })).arrayBuffer();
      return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer in time:\n${child.tail()}`);
}

const opts = parseArgs(process.argv.slice(2));

benchRun(
  'checkout-reliability',
  { timeoutS: 600, database: DATABASE },
  async ({ machine: m, startedAt: started, databaseUrl, logDir, db, startApi, failed }) => {
    const { signPayload } = require(path.join(backendDist, 'devkit/payments/webhook-dispatcher.js'));
    const { LOCAL_WEBHOOK_SECRET } = require(path.join(backendDist, 'devkit/payments/stripe-emulator.stand-in.js'));

    let status = 'ok';
    const figures = {};
    try {
      const {
        api,
        baseUrl: base,
        port,
      } = await startApi({
        env: {
          // the built-in Stripe emulator is a development tool: production mode has none (payments need a key)
          NODE_ENV: 'development',
          STRIPE_SECRET_KEY: '',
          STRIPE_WEBHOOK_SECRET: '',
          // the bench delivers the webhooks itself, twice each, in random order
          STRIPE_EMULATOR_WEBHOOKS: 'false',
        },
      });
      log(`API ready (pid ${api.pid}, port ${port}); its log: ${api.logFile}`);
      const client = await db();
      // the API makes its signing key on first need; the bench signs the tokens a sign-in would give
      if ((await fetch(`${base}/api/identity/.well-known/jwks.json`)).status !== 200) throw new Error('no JWKS from the API');
      const admin = await adminToken(client, base);
      const productId = await publishProduct(base, admin, {
        title: 'Reliability Violin',
        classSlug: `reliability-violin-${Date.now()}`,
        description: 'A class bought by every bench buyer.',
        topic: 'violin',
        readableWithinMs: 30_000,
      });

      const buyers = Array.from({ length: opts.checkouts }, (_, i) => `bench-buyer-${i + 1}`);
      const buyerTokens = [];
      for (const b of buyers) buyerTokens.push(await accessToken(client, base, { sub: b, email: `${b}@bench.local` }));
      log(`${buyers.length} buyers start a checkout each, all at once`);
      const t0 = Date.now();
      const sessions = await Promise.all(
        buyers.map(async (_, i) => {
          const res = await fetch(`${base}/api/purchase`, {
            method: 'POST',
            headers: { authorization: `Bearer ${buyerTokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ product_id: productId, payment_info: { utm_source: 'bench' } }),
          });
          if (res.status !== 200) throw new Error(`/purchase answered ${res.status}: ${await res.text()}`);
          return res.json();
        }),
      );
      figures.startMs = Date.now() - t0;
      log(`paying ${sessions.length} sessions on the hosted page, all at once`);
      const t1 = Date.now();
      const payStatuses = await Promise.all(
        sessions.map(async (s) => {
          const res = await fetch(`${base}${new URL(s.url).pathname}/pay`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Bench' }).toString(),
            redirect: 'manual',
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      figures.payMs = Date.now() - t1;
      figures.paid = payStatuses.filter((s) => s === 303).length;
      if (figures.paid !== sessions.length) status = `only ${figures.paid} of ${sessions.length} payments succeeded`;

      const events = await emulatorEvents(base);
      const deliveries = shuffle([...events, ...events]).map((event) => {
        const body = JSON.stringify(event);
        return { body, signature: signPayload(body, LOCAL_WEBHOOK_SECRET) };
      });
      const deliveriesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-bench-')), 'deliveries.json');
      fs.writeFileSync(deliveriesFile, JSON.stringify(deliveries));
      log(
        `delivering ${events.length} Stripe events twice each (${deliveries.length} POSTs), random order, ${opts.concurrency} at a time`,
      );
      const deliveringFrom = Date.now();
      const cpu0 = { api: cpuSecondsOf(api.pid), pg: cpuSecondsByName(['postgres'])?.postgres ?? null };
      const sent = await deliverFrom(deliveriesFile, `${base}/api/payments/webhook`, opts.concurrency);
      figures.apiCpuS = cpuSecondsOf(api.pid) - cpu0.api;
      figures.pgCpuS = (cpuSecondsByName(['postgres'])?.postgres ?? NaN) - cpu0.pg;
      figures.deliverMs = sent.elapsedMs;
      figures.events = events.length;
      figures.deliveries = deliveries.length;
      figures.codes = sent.codes;
      figures.fiveXX = Object.entries(sent.codes)
        .filter(([c]) => Number(c) >= 500)
        .reduce((s, [, n]) => s + n, 0);
      figures.p50 = percentile(sent.latencies, 50);
      figures.p99 = percentile(sent.latencies, 99);
      figures.max = Math.max(...sent.latencies);
      // the webhook answers once an event is in its inbox; applying follows in the background
      for (let deadline = Date.now() + 180_000; ;) {
        const { rows } = await client.query(`select count(*)::int as n from commerce_webhook_inbox where settled_at is null`);
        if (rows[0].n === 0 || Date.now() > deadline) {
          figures.unapplied = rows[0].n;
          break;
        }
        await sleep(50);
      }
      figures.appliedMs = Date.now() - deliveringFrom;

      // the bare baseline, same deliveries, same sender, same concurrency (the API idle meanwhile)
      const barePort = await freePort();
      const bare = startNode('bare', path.join(here, 'lib/bare-webhook-server.mjs'), {
        env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(barePort), WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET },
        logDir,
      });
      try {
        await waitListening(bare, `http://127.0.0.1:${barePort}/`, Date.now() + 30_000);
        const bareCpu0 = { bare: cpuSecondsOf(bare.pid), pg: cpuSecondsByName(['postgres'])?.postgres ?? null };
        const b = await deliverFrom(deliveriesFile, `http://127.0.0.1:${barePort}/`, opts.concurrency);
        figures.bareCpuS = cpuSecondsOf(bare.pid) - bareCpu0.bare;
        figures.barePgCpuS = (cpuSecondsByName(['postgres'])?.postgres ?? NaN) - bareCpu0.pg;
        figures.bareP50 = percentile(b.latencies, 50);
        figures.bareP99 = percentile(b.latencies, 99);
        figures.bareMs = b.elapsedMs;
        figures.bareCodes = b.codes;
      } finally {
        await bare.stop();
      }

      // the sender's own floor: the same deliveries to a server that answers at once
      const nullPort = await freePort();
      const floor = startNode('null-receiver', path.join(here, 'lib/null-webhook-server.mjs'), {
        env: { ...process.env, PORT: String(nullPort) },
        logDir,
      });
      try {
        await waitListening(floor, `http://127.0.0.1:${nullPort}/`, Date.now() + 30_000);
        const f = await deliverFrom(deliveriesFile, `http://127.0.0.1:${nullPort}/`, opts.concurrency);
        figures.floorP50 = percentile(f.latencies, 50);
        figures.floorP99 = percentile(f.latencies, 99);
      } finally {
        await floor.stop();
      }

      const { rows: byStream } = await client.query(
        `select stream_id, count(*)::int as n from domain_event where type = 'PurchaseCompleted' and payload->>'productId' = $1 group by stream_id`,
        [productId],
      );
      figures.purchases = byStream.reduce((s, r) => s + r.n, 0);
      figures.duplicates = byStream.reduce((s, r) => s + Math.max(0, r.n - 1), 0);
      const { rows: recorded } = await client.query(`select count(*)::int as n from commerce_stripe_event`);
      figures.recordedEvents = recorded[0].n;
      // the read model (catalogue purchases) must agree once the relay has caught up
      for (let deadline = Date.now() + 60_000; ;) {
        const { rows } = await client.query(
          `select count(*)::int as n from catalogue_purchase where product_id = $1 and refunded_at is null`,
          [productId],
        );
        figures.readModelPurchases = rows[0].n;
        if (rows[0].n >= figures.purchases || Date.now() > deadline) break;
        await sleep(200);
      }
      if (status === 'ok') {
        const problems = [];
        if (figures.purchases !== opts.checkouts) problems.push(`${figures.purchases} purchases instead of ${opts.checkouts}`);
        if (figures.duplicates !== 0) problems.push(`${figures.duplicates} duplicates`);
        if (figures.fiveXX !== 0) problems.push(`${figures.fiveXX} 5xx answers`);
        if (figures.unapplied !== 0) problems.push(`${figures.unapplied} events never applied`);
        if (figures.readModelPurchases !== figures.purchases) problems.push(`read model shows ${figures.readModelPurchases}`);
        if (problems.length) status = problems.join(', ');
      }
    } catch (err) {
      failed(err);
      status = `failed: ${err.message}`;
    }

    const lines = [
      `checkouts: ${opts.checkouts}, paid on the hosted page: ${figures.paid ?? 'n/a'} (${fmt(figures.payMs)} ms for all)`,
      `Stripe events: ${figures.events ?? 'n/a'}, webhook POSTs (each twice, random order, concurrent): ${figures.deliveries ?? 'n/a'} in ${fmt(figures.deliverMs)} ms`,
      `answers by status: ${JSON.stringify(figures.codes ?? {})}; 5xx: ${figures.fiveXX ?? 'n/a'}`,
      `purchases created: ${figures.purchases ?? 'n/a'} (expected ${opts.checkouts}); duplicates: ${figures.duplicates ?? 'n/a'}; read model: ${figures.readModelPurchases ?? 'n/a'}`,
      `webhook ack latency p50 / p99 / max: ${fmt(figures.p50)} / ${fmt(figures.p99)} / ${fmt(figures.max)} ms; bare p50 / p99: ${fmt(figures.bareP50)} / ${fmt(figures.bareP99)} ms; event ids recorded: ${figures.recordedEvents ?? 'n/a'}`,
      `sender floor (a server answering at once) p50 / p99: ${fmt(figures.floorP50)} / ${fmt(figures.floorP99)} ms`,
      `CPU seconds while delivering: API ${fmt(figures.apiCpuS, 1)}, postgres ${fmt(figures.pgCpuS, 1)}; bare ${fmt(figures.bareCpuS, 1)}, postgres ${fmt(figures.barePgCpuS, 1)}`,
      `status: ${status}`,
    ];
    for (const l of lines) log(l);
    if (opts.record) {
      recordResults(
        [
          '',
          `## checkout-reliability — ${new Date().toISOString()}`,
          '',
          `Machine: ${m.cores} cores (${m.cpuModel}), Node ${m.node}. API in a process of its own, as npm start runs it (development mode for the Stripe emulator, its webhooks off; a sender process delivers).`,
          '',
          '| figure | value |',
          '| --- | --- |',
          `| checkouts started / paid | ${opts.checkouts} / ${figures.paid ?? 'n/a'} |`,
          `| Stripe events produced | ${figures.events ?? 'n/a'} |`,
          `| webhook deliveries (each event twice, random order, ${opts.concurrency} at a time) | ${figures.deliveries ?? 'n/a'} in ${fmt(figures.deliverMs)} ms |`,
          `| every event applied (from the first delivery, through the inbox) | ${fmt(figures.appliedMs)} ms |`,
          `| purchases created | ${figures.purchases ?? 'n/a'} (must be ${opts.checkouts}) |`,
          `| duplicate purchases | ${figures.duplicates ?? 'n/a'} (must be 0) |`,
          `| 5xx answers | ${figures.fiveXX ?? 'n/a'} (must be 0) |`,
          `| answers by status | ${JSON.stringify(figures.codes ?? {})} |`,
          `| read model purchases | ${figures.readModelPurchases ?? 'n/a'} |`,
          `| webhook acknowledgement p50 / p99 / max (${opts.concurrency} concurrent, from a separate sender process) | ${fmt(figures.p50)} / ${fmt(figures.p99)} / ${fmt(figures.max)} ms |`,
          `| bare node:http + pg receiver (signature check, event id recorded once) p50 / p99, same deliveries | ${fmt(figures.bareP50)} / ${fmt(figures.bareP99)} ms (all in ${fmt(figures.bareMs)} ms; ${JSON.stringify(figures.bareCodes ?? {})}) |`,
          `| sender floor: the same deliveries to a node:http server answering 200 at once, p50 / p99 | ${fmt(figures.floorP50)} / ${fmt(figures.floorP99)} ms |`,
          `| CPU seconds while delivering: API / its postgres; bare / its postgres | ${fmt(figures.apiCpuS, 1)} / ${fmt(figures.pgCpuS, 1)}; ${fmt(figures.bareCpuS, 1)} / ${fmt(figures.barePgCpuS, 1)} |`,
          `| target: p99 <= 100 ms, 0 duplicates | ${figures.p99 !== undefined && figures.p99 <= 100 && figures.duplicates === 0 ? 'met' : 'NOT met'} |`,
          `| total run | ${fmt((Date.now() - started) / 1000, 1)} s |`,
          `| status | ${status} |`,
        ],
        log,
      );
    }
    return status;
  },
);
