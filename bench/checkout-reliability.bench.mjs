// npm run bench -- checkout-reliability [--checkouts N] [--concurrency C] [--no-record]
//
// N buyers (200) each start a card checkout (POST /api/purchase) and pay it on the emulator's hosted
// page, all at once. The emulator's own webhook delivery is off: the bench then delivers every Stripe
// event those payments produced TWICE, in one random order, all concurrently, to
// POST /api/payments/webhook, signed like Stripe, 50 at a time from a sender process of its own (and the
// same deliveries to a bare node:http + pg receiver, for the baseline). It counts purchases created (must be N), duplicate
// purchases (must be 0) and 5xx answers (must be 0), checks the read model agrees, and appends the
// figures to bench/RESULTS.md. The API runs in this process (on its own port, its own database
// `sparkhouse_bench_checkout`, its own Redis prefix) so the bench can sign access tokens; it stops
// everything it started.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { ensureDatabase, ensurePostgres, ensureRedis, withDatabase } from '../scripts/lib/services.mjs';
import { backendDist } from '../scripts/lib/paths.mjs';
import { percentile, fmt } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'RESULTS.md');
const log = (msg) => console.log(`[bench:checkout-reliability] ${msg}`);

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

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const pgHandle = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sparkhouse');
  const redisHandle = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const databaseUrl = withDatabase(pgHandle.url, 'sparkhouse_bench_checkout');
  await ensureDatabase(databaseUrl, { fresh: true });
  const applied = await require(backendDist).migrateUp(databaseUrl);
  log(`database sparkhouse_bench_checkout created (${applied.length} migrations)`);

  const { loadConfig } = require(path.join(backendDist, 'platform/config/config.js'));
  const { createApiApp } = require(path.join(backendDist, 'platform/http/create-api-app.js'));
  const { AccessTokens } = require(path.join(backendDist, 'platform/auth/access-tokens.js'));
  const { signPayload } = require(path.join(backendDist, 'modules/commerce/stripe-emulator/webhook-dispatcher.js'));
  const { LOCAL_WEBHOOK_SECRET, StripeGateway } = require(path.join(backendDist, 'modules/commerce/infra/stripe-gateway.js'));

  const config = loadConfig({
    ...process.env,
    // the built-in Stripe emulator is a development tool: production mode has none (payments need a key)
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '20',
    REDIS_URL: redisHandle.url,
    REDIS_PREFIX: `benchco${process.pid}`,
    PUBLIC_URL: 'http://127.0.0.1:3999',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    // the bench delivers the webhooks itself, twice each, in random order
    STRIPE_EMULATOR_WEBHOOKS: 'false',
    EVENT_RELAY_POLL_MS: '200',
  });
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
  const tokens = app.get(AccessTokens);
  const stripe = await app.get(StripeGateway).stripe();
  const pg = new (await import('pg')).default.Client({ connectionString: databaseUrl });
  await pg.connect();

  let status = 'ok';
  const figures = {};
  try {
    const adminToken = await tokens.sign({ sub: 'bench-admin', email: 'admin@bench.local', 'cognito:groups': ['admin'] });
    const publish = await fetch(`${base}/api/catalogue/admin/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Reliability Violin',
        classSlug: `reliability-violin-${Date.now()}`,
        storefrontSlug: 'bench',
        creator: { id: 'bench', name: 'Bench' },
        description: 'A class bought by every bench buyer.',
        category: 'music',
        topics: ['violin'],
        genres: ['classical'],
        priceInfo: { priceInCents: 2500, currency: 'USD' },
        media: { coverUrl: '', videoUrl: '', contents: [] },
      }),
    });
    if (publish.status !== 201) throw new Error(`publish answered ${publish.status}`);
    const productId = (await publish.json()).response.product.id;
    for (let deadline = Date.now() + 30_000; ;) {
      if ((await fetch(`${base}/api/getProduct?id=${productId}`)).status === 200) break;
      if (Date.now() > deadline) throw new Error('the product never reached the read model');
      await new Promise((r) => setTimeout(r, 100));
    }

    const buyers = Array.from({ length: opts.checkouts }, (_, i) => `bench-buyer-${i + 1}`);
    const buyerTokens = await Promise.all(buyers.map((b) => tokens.sign({ sub: b, email: `${b}@bench.local` })));
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

    const events = [];
    for await (const e of stripe.events.list({ limit: 100 })) events.push(e);
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
    const sent = await deliverFrom(deliveriesFile, `${base}/api/payments/webhook`, opts.concurrency);
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
      const { rows } = await pg.query(`select count(*)::int as n from commerce_webhook_inbox where settled_at is null`);
      if (rows[0].n === 0 || Date.now() > deadline) {
        figures.unapplied = rows[0].n;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    figures.appliedMs = Date.now() - deliveringFrom;

    // the bare baseline, same deliveries, same sender, same concurrency
    const barePort = 3990 + (process.pid % 8);
    const bare = spawn(process.execPath, [path.join(here, 'lib/bare-webhook-server.mjs')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(barePort), WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise((resolve, reject) => {
        bare.stdout.once('data', resolve);
        bare.once('exit', (code) => reject(new Error(`the bare webhook server exited (${code})`)));
      });
      const b = await deliverFrom(deliveriesFile, `http://127.0.0.1:${barePort}/`, opts.concurrency);
      figures.bareP50 = percentile(b.latencies, 50);
      figures.bareP99 = percentile(b.latencies, 99);
      figures.bareMs = b.elapsedMs;
    } finally {
      bare.kill('SIGTERM');
    }

    const { rows: byStream } = await pg.query(
      `select stream_id, count(*)::int as n from domain_event where type = 'PurchaseCompleted' and payload->>'productId' = $1 group by stream_id`,
      [productId],
    );
    figures.purchases = byStream.reduce((s, r) => s + r.n, 0);
    figures.duplicates = byStream.reduce((s, r) => s + Math.max(0, r.n - 1), 0);
    const { rows: recorded } = await pg.query(`select count(*)::int as n from commerce_stripe_event`);
    figures.recordedEvents = recorded[0].n;
    // the read model (catalogue purchases) must agree once the relay has caught up
    for (let deadline = Date.now() + 60_000; ;) {
      const { rows } = await pg.query(
        `select count(*)::int as n from catalogue_purchase where product_id = $1 and refunded_at is null`,
        [productId],
      );
      figures.readModelPurchases = rows[0].n;
      if (rows[0].n >= figures.purchases || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
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
    status = `failed: ${err.message}`;
  } finally {
    await pg.end().catch(() => undefined);
    await app.close().catch(() => undefined);
    const admin = new (await import('pg')).default.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
    await admin.connect();
    await admin.query('drop database if exists "sparkhouse_bench_checkout" with (force)').catch(() => undefined);
    await admin.end();
    await redisHandle.stop?.();
    await pgHandle.stop?.();
  }

  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const lines = [
    `checkouts: ${opts.checkouts}, paid on the hosted page: ${figures.paid ?? 'n/a'} (${fmt(figures.payMs)} ms for all)`,
    `Stripe events: ${figures.events ?? 'n/a'}, webhook POSTs (each twice, random order, concurrent): ${figures.deliveries ?? 'n/a'} in ${fmt(figures.deliverMs)} ms`,
    `answers by status: ${JSON.stringify(figures.codes ?? {})}; 5xx: ${figures.fiveXX ?? 'n/a'}`,
    `purchases created: ${figures.purchases ?? 'n/a'} (expected ${opts.checkouts}); duplicates: ${figures.duplicates ?? 'n/a'}; read model: ${figures.readModelPurchases ?? 'n/a'}`,
    `webhook ack latency p50 / p99 / max: ${fmt(figures.p50)} / ${fmt(figures.p99)} / ${fmt(figures.max)} ms; bare p50 / p99: ${fmt(figures.bareP50)} / ${fmt(figures.bareP99)} ms; event ids recorded: ${figures.recordedEvents ?? 'n/a'}`,
    `status: ${status}`,
  ];
  for (const l of lines) log(l);
  if (opts.record) {
    const section = [
      '',
      `## checkout-reliability — ${new Date().toISOString()}`,
      '',
      `Machine: ${cores} cores (${os.cpus()[0]?.model?.trim()}), Node ${process.version}. API in the bench process (emulator webhooks off; a sender process delivers).`,
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
      `| bare node:http + pg receiver (signature check, event id recorded once) p50 / p99, same deliveries | ${fmt(figures.bareP50)} / ${fmt(figures.bareP99)} ms (all in ${fmt(figures.bareMs)} ms) |`,
      `| target: p99 <= 100 ms, 0 duplicates | ${figures.p99 !== undefined && figures.p99 <= 100 && figures.duplicates === 0 ? 'met' : 'NOT met'} |`,
      `| total run | ${fmt((Date.now() - started) / 1000, 1)} s |`,
      `| status | ${status} |`,
      '',
    ].join('\n');
    fs.appendFileSync(resultsFile, section);
    log(`recorded in ${path.relative(process.cwd(), resultsFile)}`);
  }
  process.exit(status === 'ok' ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
