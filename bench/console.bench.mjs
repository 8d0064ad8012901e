// npm run bench -- console [--runs N] [--events E] [--samples S] [--rate R] [--live-s L] [--timeout-s T] [--no-record]
//
// The operations console under a production-sized history: N job runs (default 100,000) and E events
// (default 1,000,000) bulk-loaded with SQL, then
//  1) job search by user, by app and by state, and the event browser by stream and by correlation id,
//     S sequential requests each through the API (admin token), with the same SQL run bare on its own
//     connection as the baseline (p99 target: <= 50 ms through the API);
//  2) the live overview while R pipeline checks a minute (default 2,000) flow through the real worker
//     for L seconds: how often the overview push arrives and how fresh it is, against the same pushes
//     with nothing flowing.
// Appends the figures to bench/RESULTS.md. Uses its own database and Redis prefix; stops all it started.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createRequire } from 'node:module';
import { backendDist } from '../scripts/lib/paths.mjs';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, logTails, markdownTable, parseOptions, sleep } from './lib/harness.mjs';
import { signedInMember } from './lib/members.mjs';
import { connectSocket } from './lib/sockets.mjs';
import { fmt, fmtMs, percentile, summary } from './lib/stats.mjs';

const log = benchLog('console');
const ADMIN_EMAIL = 'bench-admin@example.com';
const TARGET_P99_MS = 50;

function parseArgs(argv) {
  return parseOptions(
    argv,
    { runs: 100_000, events: 1_000_000, samples: 300, rate: 2000, liveS: 60, timeoutS: 1200, record: true },
    {
      numbers: {
        '--runs': 'runs',
        '--events': 'events',
        '--samples': 'samples',
        '--rate': 'rate',
        '--live-s': 'liveS',
        '--timeout-s': 'timeoutS',
      },
      switches: { '--no-record': ['record', false] },
    },
  );
}

/** Every event subscriber's name, kind and version, asked of the application itself (so none replays the bulk-loaded log). */
export async function subscribers(env) {
  Object.assign(process.env, env);
  const require = createRequire(import.meta.url);
  const { withToolingContext } = require(backendDist);
  const { SubscriberRegistry } = require(backendDist);
  return withToolingContext(async (ctx) =>
    ctx
      .get(SubscriberRegistry)
      .all()
      .map((s) => ({ kind: s.kind, name: s.name, version: s.kind === 'projection' ? s.version : 1 })),
  );
}

/**
 * N runs spread over the last 7 days for 2,000 users and 5,000 apps, E events in their streams
 * (JobRequested, JobStarted, JobProgressed…, and how they ended), each run's events sharing its
 * correlation id; every subscriber's checkpoint at the head, as if the relay had delivered them.
 */
export async function bulkLoad(databaseUrl, { runs, events }, known) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const perRun = Math.max(3, Math.round(events / runs));
    const started = Date.now();
    await client.query('set synchronous_commit = off');
    await client.query(`
      create temporary table bench_run as
      select md5('run' || i)::uuid as run_id, i,
             (array['operations.pipeline-check','creator-apps.build-app','creator-apps.brainstorm','creator-apps.edit-landing-page',
                    'creator-apps.blueprint-help','creator-apps.editor-suggestions'])[1 + i % 6] as name,
             md5('user' || (i % 2000))::uuid::text as user_id,
             md5('app' || (i % 5000))::uuid::text as app_id,
             case when i % 100 < 80 then 'completed' when i % 100 < 90 then 'failed' when i % 100 < 95 then 'canceled'
                  when i % 100 < 98 then 'running' else 'queued' end as status,
             now() - (i * (7 * 86400.0 / ${runs})) * interval '1 second' as requested_at,
             md5('corr' || i) as correlation_id
        from generate_series(1, ${runs}) as i`);
    await client.query(`
      insert into job_run (run_id, name, queue, owner_id, subject_id, status, percent, step, message, steps, attempts, result, error,
                           cancel_requested, requested_at, started_at, finished_at, duration_ms, user_id, app_id, plan_id,
                           correlation_id, planned_steps)
      select run_id, name,
             case name when 'operations.pipeline-check' then 'operations' when 'creator-apps.build-app' then 'app-builds'
                       when 'creator-apps.brainstorm' then 'brainstorms' else 'ai-assist' end,
             user_id, app_id, status, case when status = 'completed' then 100 else 50 end, 'step 1', 'bench', '[]',
             1, null, case when status = 'failed' then 'bench failure' end, false, requested_at,
             case when status <> 'queued' then requested_at + interval '200 milliseconds' end,
             case when status in ('completed', 'failed', 'canceled') then requested_at + interval '2 seconds' end,
             case when status in ('completed', 'failed', 'canceled') then 1800 end,
             user_id, app_id, null, correlation_id, '["step 1"]'
        from bench_run`);
    log(`job_run: ${runs} rows in ${Date.now() - started} ms`);
    const t1 = Date.now();
    await client.query(`
      insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata, recorded_at)
      select gen_random_uuid(), 'job-' || r.run_id, v,
             case when v = 1 then 'JobRequested' when v = 2 then 'JobStarted' when v < ${perRun} then 'JobProgressed'
                  when r.status = 'failed' then 'JobFailed' when r.status = 'canceled' then 'JobCanceled' else 'JobCompleted' end,
             1,
             case when v = 1 then jsonb_build_object('runId', r.run_id, 'name', r.name, 'queue', 'operations',
                                                     'owner', jsonb_build_object('ownerId', r.user_id), 'payload',
                                                     jsonb_build_object('appId', r.app_id), 'steps', '["step 1"]'::jsonb)
                  else jsonb_build_object('runId', r.run_id, 'percent', v * 10, 'step', 'step 1', 'message', 'bench') end,
             jsonb_build_object('actor', r.user_id, 'correlationId', r.correlation_id, 'causationId', null,
                                'occurredAt', to_char((r.requested_at + v * interval '100 milliseconds') at time zone 'UTC',
                                                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
             r.requested_at + v * interval '100 milliseconds'
        from bench_run r cross join generate_series(1, ${perRun}) as v
       order by r.requested_at, v`);
    const [{ n }] = (await client.query('select count(*)::int as n from domain_event')).rows;
    log(`domain_event: ${n} rows in ${Date.now() - t1} ms`);
    await client.query('analyze job_run');
    await client.query('analyze domain_event');
    const [{ head }] = (await client.query('select max(position)::text as head from domain_event')).rows;
    for (const s of known) {
      await client.query(
        `insert into event_checkpoint (subscriber, kind, version, position) values ($1, $2, $3, $4)
         on conflict (subscriber) do update set position = excluded.position, version = excluded.version`,
        [s.name, s.kind, s.version, head],
      );
    }
    const users = (await client.query('select distinct user_id from bench_run limit 2000')).rows.map((r) => r.user_id);
    const apps = (await client.query('select distinct app_id from bench_run limit 5000')).rows.map((r) => r.app_id);
    const sample = (await client.query(`select run_id::text, correlation_id from bench_run order by random() limit 2000`)).rows;
    return { users, apps, sample, events: n, runs };
  } finally {
    await client.end();
  }
}

const pick = (list, i) => list[(i * 7919) % list.length];

/** The console reads measured, each with the SQL its answer comes from (the bare baseline). */
function readKinds(data) {
  return [
    {
      name: 'jobs by user',
      url: (i) => `/api/operations/jobs?userId=${pick(data.users, i)}&limit=50`,
      sql: (i) => [
        'select * from job_run where user_id = $1 order by requested_at desc, run_id desc limit 51',
        [pick(data.users, i)],
      ],
    },
    {
      name: 'jobs by app',
      url: (i) => `/api/operations/jobs?appId=${pick(data.apps, i)}&limit=50`,
      sql: (i) => [
        'select * from job_run where app_id = $1 order by requested_at desc, run_id desc limit 51',
        [pick(data.apps, i)],
      ],
    },
    {
      name: 'jobs by state (failed)',
      url: () => `/api/operations/jobs?state=failed&limit=50`,
      sql: () => ["select * from job_run where status = 'failed' order by requested_at desc, run_id desc limit 51", []],
    },
    {
      name: 'events by stream',
      url: (i) => `/api/operations/events?streamId=job-${pick(data.sample, i).run_id}&limit=50`,
      sql: (i) => [
        'select * from domain_event where stream_id = $1 order by position desc limit 51',
        [`job-${pick(data.sample, i).run_id}`],
      ],
    },
    {
      name: 'events by correlation id',
      url: (i) => `/api/operations/events?correlationId=${pick(data.sample, i).correlation_id}&limit=50`,
      sql: (i) => [
        `select * from domain_event where (metadata->>'correlationId') = $1 order by position desc limit 51`,
        [pick(data.sample, i).correlation_id],
      ],
    },
  ];
}

async function measureReads(baseUrl, token, databaseUrl, data, samples) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const out = [];
  try {
    for (const kind of readKinds(data)) {
      const api = [];
      const bare = [];
      let errors = 0;
      let empty = 0;
      for (let i = 0; i < samples + 20; i++) {
        const t0 = performance.now();
        const res = await fetch(baseUrl + kind.url(i), { headers: { authorization: `Bearer ${token}` } });
        const body = await res.json();
        const ms = performance.now() - t0;
        if (!res.ok) errors += 1;
        const list = body.response?.jobs ?? body.response?.events ?? [];
        if (list.length === 0) empty += 1;
        const [text, params] = kind.sql(i);
        const t1 = performance.now();
        await db.query(text, params);
        const bareMs = performance.now() - t1;
        if (i >= 20) {
          api.push(ms);
          bare.push(bareMs);
        }
      }
      const a = summary(api);
      const b = summary(bare);
      out.push({ name: kind.name, api: a, bare: b, errors, empty });
      log(
        `${kind.name}: API p50 ${fmt(a.p50, 1)} ms, p99 ${fmt(a.p99, 1)} ms; bare SQL p99 ${fmt(b.p99, 1)} ms; ${errors} errors`,
      );
    }
  } finally {
    await db.end();
  }
  return out;
}

/**
 * The overview's pushes for `seconds`, while `rate` pipeline checks a minute are started (0: idle):
 * intervals between pushes, how old each is on arrival, and runs completed.
 */
async function measureLive(baseUrl, token, { rate, seconds }) {
  const socket = await connectSocket(baseUrl, { token }, { label: 'operator socket' });
  const pushes = [];
  socket.on('ops:queues', (m) => pushes.push({ at: Date.now(), sentAt: Date.parse(m.at), m }));
  let started = 0;
  let httpErrors = 0;
  const t0 = Date.now();
  const end = t0 + seconds * 1000;
  const every = rate > 0 ? 60_000 / rate : Infinity;
  const inFlight = new Set();
  if (rate > 0) {
    while (Date.now() < end) {
      const due = Math.floor((Date.now() - t0) / every) + 1;
      while (started < due) {
        started += 1;
        const p = fetch(`${baseUrl}/api/operations/pipeline-checks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ steps: 1, stepDelayMs: 0 }),
        })
          .then((r) => {
            if (r.status !== 202) httpErrors += 1;
            return r.arrayBuffer();
          })
          .catch(() => (httpErrors += 1))
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await sleep(Math.max(1, Math.min(50, every / 2)));
    }
    await Promise.all(inFlight);
  } else {
    await sleep(seconds * 1000);
  }
  socket.close();
  const inWindow = pushes.filter((p) => p.at >= t0 + 3000);
  const gaps = inWindow.slice(1).map((p, i) => p.at - inWindow[i].at);
  const age = inWindow.map((p) => p.at - p.sentAt);
  const completed = (p) => p.m.queues.find((q) => q.name === 'operations')?.counts.completed ?? 0;
  const first = inWindow[0];
  const last = inWindow[inWindow.length - 1];
  return {
    started,
    httpErrors,
    pushes: inWindow.length,
    gap: { p50: percentile(gaps, 50), p99: percentile(gaps, 99), max: gaps.length ? Math.max(...gaps) : null },
    age: { p50: percentile(age, 50), p99: percentile(age, 99) },
    completedPerMin:
      first && last && last.at > first.at ? ((completed(last) - completed(first)) / (last.at - first.at)) * 60_000 : 0,
    throughputShown: last ? (last.m.queues.find((q) => q.name === 'operations')?.throughput ?? null) : null,
  };
}

function figures(opts, data, reads, idle, busy) {
  const rows = [
    ['history', data ? `${data.runs} job runs, ${data.events} events (bulk-loaded with SQL)` : 'n/a'],
    ['samples per read', `${opts.samples} sequential (after 20 warm-up)`],
  ];
  for (const r of reads ?? []) {
    rows.push([
      `${r.name}`,
      `API p50 ${fmtMs(r.api.p50)}, p99 ${fmt(r.api.p99, 1)} ms (target <= ${TARGET_P99_MS}) · bare SQL p99 ${fmt(r.bare.p99, 2)} ms · ratio p99 ${fmt(r.api.p99 / Math.max(0.01, r.bare.p99), 1)}x · ${r.errors} errors`,
    ]);
  }
  if (idle)
    rows.push([
      'overview push, idle',
      `every ${fmtMs(idle.gap.p50)} (p99 ${fmtMs(idle.gap.p99)}), age on arrival p99 ${fmtMs(idle.age.p99)}`,
    ]);
  if (busy) {
    rows.push([
      `overview push, ${opts.rate} jobs/min`,
      `every ${fmtMs(busy.gap.p50)} (p99 ${fmtMs(busy.gap.p99)}, max ${fmtMs(busy.gap.max)}), age on arrival p99 ${fmtMs(busy.age.p99)}; ${busy.pushes} pushes in ${opts.liveS - 3} s`,
    ]);
    rows.push([
      'flowing',
      `${busy.started} checks started (${busy.httpErrors} HTTP errors), completed ${fmt(busy.completedPerMin, 0)}/min as the pushes counted them; throughput shown ${busy.throughputShown}/min`,
    ]);
    if (idle) rows.push(['ratio push interval p99 busy/idle', fmt(busy.gap.p99 / Math.max(1, idle.gap.p99), 2)]);
  }
  return rows;
}

function resultsSection({ opts, rows, m, status }) {
  const lines = [
    '',
    `## console — ${new Date().toISOString()}${status === 'ok' ? '' : ` — ${status.toUpperCase()}`}`,
    '',
    `Machine: ${m.cores} cores (\`nproc\`, ${m.cpuModel.split(' ')[0]}), ${fmt(m.memGiB, 1)} GiB RAM, ${os.platform()} ${os.release()}; Node ${m.node}.`,
    `Command: \`npm run bench -- console --runs ${opts.runs} --events ${opts.events} --samples ${opts.samples} --rate ${opts.rate} --live-s ${opts.liveS}\`.`,
    '',
    ...markdownTable(rows),
  ];
  return lines;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  benchRun(
    'console',
    { timeoutS: opts.timeoutS },
    async ({ machine: m, databaseUrl, redisUrl, prefix, db, startStack, failed, report }) => {
      let status = 'ok';
      let data = null;
      let reads = null;
      let idle = null;
      let busy = null;
      let processes = [];
      try {
        const known = await subscribers({
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          LOG_LEVEL: 'error',
        });
        log(`subscribers: ${known.map((s) => s.name).join(', ')}`);
        data = await bulkLoad(databaseUrl, opts, known);
        const { api, worker, baseUrl } = await startStack({
          queueName: 'operations',
          env: { IDENTITY_ADMIN_EMAIL: ADMIN_EMAIL, WORKER_CONCURRENCY: '50', OPERATIONS_OVERVIEW_PUSH_MS: '2000' },
        });
        processes = [api, worker];
        // the bench's admin (IDENTITY_ADMIN_EMAIL), signed up and confirmed like anyone
        const adminDb = await db();
        const { token } = await signedInMember(baseUrl, adminDb, ADMIN_EMAIL, { familyName: 'Admin' }).finally(() =>
          adminDb.end(),
        );
        reads = await measureReads(baseUrl, token, databaseUrl, data, opts.samples);
        idle = await measureLive(baseUrl, token, { rate: 0, seconds: 20 });
        log(`overview idle: a push every ${fmtMs(idle.gap.p50)} (p99 ${fmtMs(idle.gap.p99)})`);
        busy = await measureLive(baseUrl, token, { rate: opts.rate, seconds: opts.liveS });
        log(
          `overview with ${opts.rate} jobs/min: a push every ${fmtMs(busy.gap.p50)} (p99 ${fmtMs(busy.gap.p99)}), ${fmt(busy.completedPerMin)}/min completed`,
        );
        const slow = reads.filter((r) => r.api.p99 > TARGET_P99_MS || r.errors > 0 || r.empty === r.api.count);
        if (slow.length) status = `over target: ${slow.map((r) => r.name).join(', ')}`;
        if (busy.gap.p99 > 3 * 2000)
          status = `${status === 'ok' ? '' : `${status}; `}overview not live under load (push gap p99 ${fmtMs(busy.gap.p99)})`;
        if (busy.httpErrors > 0) status = `${status === 'ok' ? '' : `${status}; `}${busy.httpErrors} HTTP errors starting checks`;
        if (!api.running || !worker.running) status = 'a process died';
      } catch (err) {
        status = failed(err);
        logTails(processes, log);
      } finally {
        const rows = figures(opts, data, reads, idle, busy);
        report({
          title: 'Console benchmark',
          rows,
          status,
          record: opts.record && reads,
          section: () => resultsSection({ opts, rows, m, status }),
        });
      }
      return status;
    },
  );
}

// imported (to try the bulk load on a scratch database) it does nothing by itself
if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
