// npm run bench -- replay [--products N] [--progress M] [--carts K] [--no-record]
//
// Replay speed of every read model: a log of N published products (20,000, with N/2 purchases, by the
// catalogue's bulk loader), M progress saves (100,000) and K cart updates (20,000), then
// `npm run replay -- all`'s own function rebuilds every projection from (0, 0). Figures: log events
// replayed per second (each projection reads the whole log; the figure is log size / total time) and
// per projection. Baseline, in the same run: a bare pg client reading the same log in the same order and
// batch size and writing one row per event into a scratch table, one transaction per batch (each commit
// waiting for the disk, as the issue's baseline always has); shown beside it, the same pass with commits that
// do not wait (as the replay's batches, whose copies are made durable by the switch's commit).
import { createRequire } from 'node:module';
import pg from 'pg';
import { backendDist } from '../scripts/lib/paths.mjs';
import {
  benchLog,
  cleanUp,
  guardRun,
  loadDemoCatalogue,
  machine,
  markdownTable,
  openServices,
  parseOptions,
  recordResults,
} from './lib/harness.mjs';
import { fmt } from './lib/stats.mjs';

const log = benchLog('replay');
const require = createRequire(import.meta.url);

const opts = parseOptions(
  process.argv.slice(2),
  { products: 20_000, progress: 100_000, carts: 20_000, record: true },
  {
    numbers: { '--products': 'products', '--progress': 'progress', '--carts': 'carts' },
    switches: { '--no-record': ['record', false] },
  },
);

/** Progress saves and cart updates of many members, written straight into the log (one statement each). */
async function addMemberEvents(c) {
  await c.query(
    `insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
     select gen_random_uuid(), 'progress-bench-m' || (g % 5000) || '-' || p.id, g / 5000 + 1, 'ProductProgressRecorded', 1,
            jsonb_build_object('userId', 'bench-m' || (g % 5000), 'productId', p.id, 'contentId', 'c1',
                               'percentComplete', g % 100, 'additionalSecondsWatched', 10, 'positionInSeconds', g % 600),
            jsonb_build_object('actor', 'bench', 'correlationId', gen_random_uuid(), 'causationId', null,
                               'occurredAt', now())
       from generate_series(0, $1::int - 1) g
       join lateral (select id from product_card order by id offset (g % 50) limit 1) p on true`,
    [opts.progress],
  );
  await c.query(
    `insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata)
     select gen_random_uuid(), 'cart-bench-m' || (g % 5000), g / 5000 + 1, 'CartUpdated', 1,
            jsonb_build_object('userId', 'bench-m' || (g % 5000), 'productIds', jsonb_build_array(p.id), 'offerValid', null,
                               'updatedAt', now()),
            jsonb_build_object('actor', 'bench', 'correlationId', gen_random_uuid(), 'causationId', null, 'occurredAt', now())
       from generate_series(0, $1::int - 1) g
       join lateral (select id from product_card order by id offset (g % 50) limit 1) p on true`,
    [opts.carts],
  );
  await c.query(
    `insert into event_stream (stream_id, version)
     select stream_id, max(stream_version) from domain_event group by stream_id
     on conflict (stream_id) do update set version = excluded.version`,
  );
}

/**
 * Writes out what earlier work left in PostgreSQL's buffers (the bulk load, the previous pass) before a
 * measured pass, so that no pass pays for another's writes (the first replay after a bulk load read 0.75
 * where the next ones read 0.82-0.93). CHECKPOINT needs a superuser or pg_checkpoint; without it the pass
 * goes on as before.
 */
async function settle(c) {
  try {
    await c.query('checkpoint');
  } catch (err) {
    log(`checkpoint before a measured pass not allowed (${err.message}): passes may pay for earlier writes`);
  }
}

/** The floor: read the log in delivery order, 500 at a time, and write one row per event, a transaction per batch. */
async function bareReplay(c, batch, { waitForDisk = true } = {}) {
  await c.query(`set synchronous_commit to ${waitForDisk ? 'on' : 'off'}`);
  await c.query(
    'create table if not exists bare_replay (event_id uuid primary key, type text not null, position bigint not null)',
  );
  await c.query('truncate bare_replay');
  let cp = { tx: '0', pos: '0' };
  let n = 0;
  const started = Date.now();
  for (;;) {
    await c.query('begin');
    const { rows } = await c.query(
      `select transaction_id::text as tx, position::text as pos, event_id, type, payload from domain_event
        where (transaction_id, position) > ($1::xid8, $2::bigint) and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by domain_event.transaction_id, domain_event.position limit $3`,
      [cp.tx, cp.pos, batch],
    );
    if (rows.length) {
      await c.query(
        `insert into bare_replay (event_id, type, position)
         select r.event_id, r.type, r.pos from jsonb_to_recordset($1::jsonb) as r(event_id uuid, type text, pos bigint)`,
        [JSON.stringify(rows.map((r) => ({ event_id: r.event_id, type: r.type, pos: r.pos })))],
      );
      cp = { tx: rows[rows.length - 1].tx, pos: rows[rows.length - 1].pos };
      n += rows.length;
    }
    await c.query('commit');
    if (rows.length < batch) break;
  }
  await c.query('reset synchronous_commit');
  return { events: n, durationMs: Date.now() - started };
}

async function main() {
  const hardStop = guardRun('replay', 1800);
  const prefix = `bench_replay_${Date.now().toString(36)}`;
  const run = { handles: [] };
  const rows = [];
  let status = 'ok';
  let c = null;
  try {
    const { databaseUrl, redisUrl } = await openServices(run, { database: 'sparkhouse_bench_replay', prefix, log });
    const loaded = await loadDemoCatalogue(databaseUrl, { products: opts.products, log });
    c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await addMemberEvents(c);
    await c.query('vacuum analyze domain_event');
    const total = Number((await c.query('select count(*)::int as n from domain_event')).rows[0].n);
    log(
      `log: ${total} events (${loaded.products} products, ${loaded.purchases} purchases, ${opts.progress} progress saves, ${opts.carts} cart updates)`,
    );

    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    const { replay } = require(backendDist);
    await settle(c);
    const started = Date.now();
    const results = await replay('all');
    const durationMs = Date.now() - started;
    const perProjection = results.map((r) => `${r.name} ${fmt(total / (r.durationMs / 1000))}/s`).join('; ');
    await settle(c);
    const bare = await bareReplay(c, 500);
    await settle(c);
    const bareNoWait = await bareReplay(c, 500, { waitForDisk: false });
    const replayRate = total / (durationMs / 1000);
    const bareRate = bare.events / (bare.durationMs / 1000);
    const passRate = (total * results.length) / (durationMs / 1000);
    rows.push(
      [
        'log',
        `${total} events: ${loaded.products} ProductPublished, ${loaded.purchases} PurchaseCompleted, ${opts.progress} ProductProgressRecorded, ${opts.carts} CartUpdated`,
      ],
      [
        'replay all read models (npm run replay -- all)',
        `${results.length} projections in ${fmt(durationMs / 1000, 1)} s: ${fmt(replayRate)} log events/s`,
      ],
      ['events delivered per second, all projections together', `${fmt(passRate)}/s (each projection reads the whole log)`],
      ['per projection (log events / its rebuild time)', perProjection],
      [
        'bare: read in order + write one row per event, one pass',
        `${fmt(bare.durationMs / 1000, 1)} s: ${fmt(bareRate)} events/s`,
      ],
      [
        'bare, its commits not waiting for the disk (as the replay batches)',
        `${fmt(bareNoWait.durationMs / 1000, 1)} s: ${fmt(bareNoWait.events / (bareNoWait.durationMs / 1000))} events/s`,
      ],
      ['ratio: replay all (log events/s) / bare one pass', fmt(replayRate / bareRate, 3)],
      [
        'ratio against the bare pass whose commits do not wait',
        fmt(replayRate / (bareNoWait.events / (bareNoWait.durationMs / 1000)), 3),
      ],
      [
        'targets',
        `replay of all read models >= 20,000 events/s: ${replayRate >= 20_000 ? 'met' : 'NOT met'}; ` +
          `>= 0.8x the bare one pass: ${replayRate / bareRate >= 0.8 ? 'met' : 'NOT met'}`,
      ],
    );
    for (const [k, v] of rows) log(`${k}: ${v}`);
  } catch (err) {
    status = `failed: ${err.message}`;
    console.error(`[bench:replay] ${err.stack ?? err}`);
  } finally {
    await c?.end().catch(() => undefined);
    await cleanUp(run, { prefix, log });
    clearTimeout(hardStop);
  }
  if (opts.record && rows.length) {
    const m = machine();
    const heading = `## replay — ${new Date().toISOString()}${status === 'ok' ? '' : ` — ${status}`}`;
    const about = `Machine: ${m.cores} cores (${m.cpuModel}), ${fmt(m.memGiB, 0)} GiB, Node ${m.node}.`;
    recordResults(['', heading, '', about, '', ...markdownTable(rows)], log);
  }
  process.exit(status === 'ok' ? 0 : 1);
}

await main();
