// npm run bench -- jobs [--jobs N] [--rounds R] [--concurrency C] [--owners O] [--in-flight F] [--timeout-s S] [--no-record]
//
// Pushes N jobs through the whole pipeline (HTTP command -> JobRequested -> event relay -> BullMQ ->
// worker -> progress pushes + JobCompleted -> relay -> socket.io push) and, in the same run, N jobs
// through a bare pipeline doing the same durable steps (bench/lib/bare-pipeline-*.mjs: HTTP accept with
// one PostgreSQL insert and a BullMQ add, a worker doing the job's work (its two progress pushes) with one
// PostgreSQL update and a socket.io push of the completion to the owner; target >= 0.7x, 0 lost, 0 doubled) and through bare BullMQ with a no-op
// processor (the queue's own ceiling). The bare pipeline and the pipeline run in R rounds (default 3),
// alternating which goes first, so that a host slowing down or speeding up (a shared machine) does not
// favour either; the round with the median ratio is reported, with every round's ratio. Prints jobs/s,
// ratios and push latencies, and appends the figures to bench/RESULTS.md. Uses its own database and
// Redis prefix, and stops everything it started.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchLog,
  cleanUp,
  ensureCompiled,
  guardRun,
  logTails,
  machine,
  markdownTable,
  openServices,
  parseOptions,
  recordResults,
  RESULTS_FILE,
  runMain,
  serverEnv,
  startApiAndWorker,
  table,
  waitWorker,
} from './lib/harness.mjs';
import { cpuSecondsByName, cpuSecondsOf, freePort, startNode } from './lib/processes.mjs';
import { runPipeline } from './lib/pipeline.mjs';
import { runBare } from './lib/bare.mjs';
import { fmt, fmtMs } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---- options ---------------------------------------------------------------------------------
function parseArgs(argv) {
  const opts = parseOptions(
    argv,
    { jobs: 10_000, rounds: 3, concurrency: 50, owners: 20, inFlight: 32, timeoutS: 900, record: true },
    {
      numbers: {
        '--jobs': 'jobs',
        '--rounds': 'rounds',
        '--concurrency': 'concurrency',
        '--owners': 'owners',
        '--in-flight': 'inFlight',
        '--timeout-s': 'timeoutS',
      },
      switches: { '--no-record': ['record', false] },
    },
  );
  if (opts.concurrency > 200) throw new Error('--concurrency: WORKER_CONCURRENCY allows at most 200');
  if (!(opts.rounds >= 1)) throw new Error('--rounds: at least 1');
  return opts;
}

const log = benchLog('jobs');

async function serverVersions(databaseUrl, redis) {
  const out = { postgres: 'unknown', redis: 'unknown' };
  try {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    out.postgres = (await c.query('show server_version')).rows[0].server_version;
    await c.end();
  } catch {
    // informational only
  }
  try {
    out.redis = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
  } catch {
    // informational only
  }
  return out;
}

/** Where the JobCompleted events of runs pushed twice sit in the log (delivery order and batches). */
async function duplicateEvidence(databaseUrl, duplicated) {
  if (duplicated.length === 0) return [];
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select stream_id, position::text, transaction_id::text, recorded_at
         from domain_event where type = 'JobCompleted' and stream_id = any($1) order by transaction_id, position`,
      [duplicated.map((d) => `job-${d.runId}`)],
    );
    return rows;
  } finally {
    await c.end();
  }
}

/** What the log holds for runs whose job:completed never arrived. */
async function missingEvidence(databaseUrl, runIds) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const streams = runIds.map((id) => `job-${id}`);
    const byTypes = (
      await c.query(
        `select types, count(*)::int as n from (
           select stream_id, string_agg(type, ',' order by stream_version) as types from domain_event
            where stream_id = any($1) group by stream_id) s group by types`,
        [streams],
      )
    ).rows;
    const completed = (
      await c.query(
        `select min(position)::text as min, max(position)::text as max, min(transaction_id)::text as minx, max(transaction_id)::text as maxx
           from domain_event where type = 'JobCompleted' and stream_id = any($1)`,
        [streams],
      )
    ).rows[0];
    return { byTypes, completed };
  } finally {
    await c.end();
  }
}

async function dbDiagnostics(databaseUrl) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const events = (await c.query('select type, count(*)::int as n from domain_event group by type order by type')).rows;
    const runs = (await c.query('select status, count(*)::int as n from job_run group by status order by status')).rows;
    const checkpoints = (await c.query('select subscriber, position::text from event_checkpoint order by subscriber')).rows;
    const maxPos = (await c.query('select coalesce(max(position), 0)::text as p from domain_event')).rows[0].p;
    return { events, runs, checkpoints, maxPos };
  } finally {
    await c.end();
  }
}

/**
 * CPU seconds spent by a run's processes (its server, its worker, PostgreSQL, Redis and this client)
 * from now until `read()`, as a report line.
 */
function cpuMeter(server, worker, [serverName, workerName], cores) {
  const before = {
    server: cpuSecondsOf(server.pid),
    worker: cpuSecondsOf(worker.pid),
    bench: process.cpuUsage(),
    servers: cpuSecondsByName(['postgres', 'redis-server']),
    wall: Date.now(),
  };
  return {
    read() {
      const wall = (Date.now() - before.wall) / 1000;
      const servers = cpuSecondsByName(['postgres', 'redis-server']);
      const benchCpu = process.cpuUsage(before.bench);
      const parts = [
        [serverName, cpuSecondsOf(server.pid) - before.server],
        [workerName, cpuSecondsOf(worker.pid) - before.worker],
        ['postgres', servers && before.servers ? servers.postgres - before.servers.postgres : null],
        ['redis', servers && before.servers ? servers['redis-server'] - before.servers['redis-server'] : null],
        ['bench client', (benchCpu.user + benchCpu.system) / 1e6],
      ];
      return (
        parts.map(([k, v]) => `${k} ${v === null || Number.isNaN(v) ? 'n/a' : `${fmt(v, 1)}`}`).join(', ') +
        ` (wall ${fmt(wall, 1)} s x ${cores} cores = ${fmt(wall * cores, 1)} CPU s available)`
      );
    },
  };
}

/**
 * The bare pipeline's server and worker (separate processes like the API and the worker), started once
 * and kept for every round as the API and the worker are (both sides warm up in the first round only).
 * `run()` sends a round through the same client as the real pipeline and answers its figures with the CPU
 * its processes spent.
 */
async function startBarePipeline({ databaseUrl, redisUrl, prefix, opts, logDir, deadline, cores }) {
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    BARE_PREFIX: prefix,
    BARE_CONCURRENCY: String(opts.concurrency),
    POOL_MAX: '10',
    PORT: String(port),
  };
  const server = startNode('bare-pipeline-server', path.join(here, 'lib/bare-pipeline-server.mjs'), { env, logDir });
  const worker = startNode('bare-pipeline-worker', path.join(here, 'lib/bare-pipeline-worker.mjs'), { env, logDir });
  const stop = () => Promise.all([server.stop(5000), worker.stop(5000)]);
  try {
    await waitWorker(worker, { redisUrl, prefix, queueName: 'bare-pipeline', deadline: Math.min(deadline, Date.now() + 60_000) });
    for (const until = Date.now() + 30_000; !/bare pipeline server on/.test(server.tail());) {
      if (!server.running || Date.now() > until) throw new Error(`the bare pipeline server did not start:\n${server.tail()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    async run() {
      if (!server.running || !worker.running)
        throw new Error(`a bare pipeline process died:\n${server.tail()}\n${worker.tail()}`);
      const cpu = cpuMeter(server, worker, ['server', 'worker'], cores);
      const result = await runPipeline({
        baseUrl: `http://127.0.0.1:${port}`,
        n: opts.jobs,
        owners: opts.owners,
        inFlight: opts.inFlight,
        deadline,
        log: (m) => log(`bare ${m}`),
      });
      return { ...result, cpu: cpu.read() };
    },
    stop,
  };
}

const deliveryCheck = (r) =>
  r
    ? `missing ${r.missing}, duplicates ${r.duplicates}, failed ${r.failed}, wrong owner ${r.wrongOwner}, HTTP errors ${r.httpErrors}, ` +
      `socket disconnects ${r.disconnects}, runs without both progress pushes ${r.runsWithoutBothProgressPushes}`
    : 'n/a';

/** 'ok', or what went wrong in a pipeline run (the product's or the bare one's). */
function deliveryStatus(what, r) {
  if (r.timedOut) return `timed out during the ${what} run`;
  if (r.stalled) return `${what} stalled: no completion for 60 s`;
  if (r.missing || r.duplicates || r.httpErrors || r.wrongOwner) {
    return `${what} delivery errors: ${r.missing} missing, ${r.duplicates} duplicate job:completed, ${r.httpErrors} HTTP errors, ${r.wrongOwner} wrong owner`;
  }
  return 'ok';
}

/** Logs what the log holds for the runs pushed twice or never. */
async function explainDelivery(databaseUrl, p) {
  if (p.duplicated.length) {
    const gaps = p.duplicated.map((d) => d.gapMs).sort((x, y) => x - y);
    log(
      `${p.duplicated.length} runs got job:completed more than once (same 'at' each time: ` +
        `${p.duplicated.filter((d) => d.sameAt).length}); gap between pushes min ${gaps[0]} ms, median ` +
        `${gaps[Math.floor(gaps.length / 2)]} ms, max ${gaps[gaps.length - 1]} ms`,
    );
    try {
      const rows = await duplicateEvidence(databaseUrl, p.duplicated.slice(0, 20));
      for (const r of rows.slice(0, 20)) log(`  duplicated: ${r.stream_id} position ${r.position} xid ${r.transaction_id}`);
    } catch (err) {
      log(`duplicate evidence failed: ${err.message}`);
    }
  }
  if (p.httpErrorSamples.length) log(`HTTP error samples: ${p.httpErrorSamples.join(' | ')}`);
  if (p.missingSamples.length) {
    log(`missing run ids (sample): ${p.missingSamples.join(', ')}`);
    try {
      const ev = await missingEvidence(databaseUrl, p.missingIds);
      log(`  missing runs by event history: ${ev.byTypes.map((r) => `[${r.types}] x${r.n}`).join('; ')}`);
      log(
        `  their JobCompleted positions ${ev.completed.min}..${ev.completed.max}, xids ${ev.completed.minx}..${ev.completed.maxx}`,
      );
    } catch (err) {
      log(`missing evidence failed: ${err.message}`);
    }
  }
}

const roundRatio = (r) => r.p.jobsPerSec / r.bp.jobsPerSec;

/** The round whose ratio is the median (the lower middle one of an even count). */
function medianRound(rounds) {
  if (rounds.length === 0) return null;
  const sorted = [...rounds].sort((x, y) => roundRatio(x) - roundRatio(y));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** "0.612 (bare first), 0.655 (pipeline first, reported), ..." */
function roundsSummary(rounds, reported) {
  if (rounds.length === 0) return null;
  return rounds
    .map(
      (r) =>
        `${fmt(roundRatio(r), 3)} (${fmt(r.p.jobsPerSec, 1)} / ${fmt(r.bp.jobsPerSec, 1)} jobs/s, ${r.bareFirst ? 'bare first' : 'pipeline first'}${r === reported ? ', reported' : ''})`,
    )
    .join(', ');
}

// ---- report ------------------------------------------------------------------------------------
function figures(opts, p, b, bp) {
  const ratio = p?.jobsPerSec && b?.jobsPerSec ? p.jobsPerSec / b.jobsPerSec : null;
  const fairRatio = p?.jobsPerSec && bp?.jobsPerSec ? p.jobsPerSec / bp.jobsPerSec : null;
  const clean = (r) => r && r.missing === 0 && r.duplicates === 0 && r.httpErrors === 0 && r.wrongOwner === 0;
  return [
    ['jobs (N)', String(opts.jobs)],
    ['worker concurrency', `${opts.concurrency} (pipeline worker and bare worker)`],
    ['owners / HTTP in flight', `${opts.owners} sockets / ${opts.inFlight}`],
    [
      'pipeline jobs/s',
      p ? `${fmt(p.jobsPerSec, 1)}  (${p.completed}/${p.n} completed in ${fmt(p.elapsedMs / 1000, 2)} s)` : 'not run',
    ],
    [
      'bare BullMQ jobs/s',
      b ? `${fmt(b.jobsPerSec, 1)}  (${b.completed}/${b.n} completed in ${fmt((b.elapsedMs ?? 0) / 1000, 2)} s)` : 'not run',
    ],
    ['ratio pipeline/bare BullMQ', ratio === null ? 'n/a' : `${fmt(ratio, 4)}  (bare is ${fmt(1 / ratio, 1)}x faster)`],
    [
      'bare pipeline jobs/s (same durable steps)',
      bp ? `${fmt(bp.jobsPerSec, 1)}  (${bp.completed}/${bp.n} completed in ${fmt(bp.elapsedMs / 1000, 2)} s)` : 'not run',
    ],
    ['bare pipeline HTTP accept p50/p99', bp ? `${fmtMs(bp.http.p50)} / ${fmtMs(bp.http.p99)}` : 'n/a'],
    ['bare pipeline progress push latency p50/p99', bp ? `${fmtMs(bp.progress.p50)} / ${fmtMs(bp.progress.p99)}` : 'n/a'],
    ['bare pipeline completion push latency p50/p99', bp ? `${fmtMs(bp.completion.p50)} / ${fmtMs(bp.completion.p99)}` : 'n/a'],
    ['bare pipeline delivery check', deliveryCheck(bp)],
    [
      'ratio pipeline/bare pipeline',
      fairRatio === null
        ? 'n/a'
        : `${fmt(fairRatio, 3)}; target >= 0.7x with 0 lost, 0 doubled: ${fairRatio >= 0.7 && clean(p) && clean(bp) ? 'met' : 'NOT met'}`,
    ],
    [
      'progress push latency p50/p99',
      p
        ? `${fmtMs(p.progress.p50)} / ${fmtMs(p.progress.p99)}  (max ${fmtMs(p.progress.max)}, ${p.progress.count} pushes)`
        : 'n/a',
    ],
    [
      'completion push latency p50/p99',
      p ? `${fmtMs(p.completion.p50)} / ${fmtMs(p.completion.p99)}  (max ${fmtMs(p.completion.max)})` : 'n/a',
    ],
    ['request -> job:completed p50/p99', p ? `${fmtMs(p.endToEnd.p50)} / ${fmtMs(p.endToEnd.p99)}` : 'n/a'],
    ['HTTP accept p50/p99', p ? `${fmtMs(p.http.p50)} / ${fmtMs(p.http.p99)}  (${fmt(p.acceptedPerSec, 1)} accepted/s)` : 'n/a'],
    ['submit phase / drain after', p ? `${fmt((p.submitMs ?? 0) / 1000, 2)} s / ${fmt((p.drainMs ?? 0) / 1000, 2)} s` : 'n/a'],
    ['delivery check', deliveryCheck(p)],
  ];
}

function appendResults({ opts, p, b, bp, m, versions, cpu, rounds, status }) {
  const header = `# Benchmarks

Run from the repository root (each command compiles the server first):

- \`npm run bench -- jobs\` — the job pipeline (\`bench/jobs.bench.mjs\`). Options: \`--jobs N\` (default 10000),
  \`--rounds R\` (bare pipeline and pipeline runs, alternating which goes first; the median ratio is reported; default 3),
  \`--concurrency C\` (WORKER_CONCURRENCY of the worker and of the bare baseline, default 50), \`--owners O\`
  (anonymous owners, one socket each, default 20), \`--in-flight F\` (concurrent HTTP requests, default 32),
  \`--timeout-s S\` (hard limit, default 900), \`--no-record\` (do not append here).

Needs PostgreSQL (DATABASE_URL's server; the bench creates and drops its own \`sparkhouse_bench\` database)
and Redis (REDIS_URL; the bench uses a unique key prefix and deletes its keys afterwards). It starts one API
process and one worker process (LOG_LEVEL=warn) and stops them at the end, also on error or Ctrl-C.

## What the figures mean

- **pipeline jobs/s**: N pipeline checks (steps=1, stepDelayMs=0) from the first HTTP request to the last
  \`job:completed\` socket push received: command + JobRequested event, relay, dispatcher, BullMQ, worker
  (may the run start?, two progress pushes, then JobCompleted carrying the start and the reports: a run that ends
  within JOB_PROGRESS_PERSIST_MS writes no JobStarted or JobProgressed of its own), relay, push reactor, socket.io.
- **bare BullMQ jobs/s**: N jobs added with \`addBulk\` (chunks of 500) to a queue of the same Redis, run by a
  separate worker process with a no-op processor and the same concurrency; first add to last \`completed\`.
- **ratio** = pipeline jobs/s / bare jobs/s: the share of raw queue throughput the pipeline keeps (1.0 would
  mean the pipeline costs nothing on top of BullMQ; 0.05 means bare BullMQ is 20x faster).
- **progress push latency**: worker's \`at\` (set just before it publishes) to receipt on the socket.
- **completion push latency**: JobCompleted's \`occurredAt\` (set in the worker's transaction) to receipt: it
  includes commit, the relay's wake-up and catch-up, and the push reactor.
- Both processes run on the same machine, so the clocks compared are the same clock.
`;
  if (!fs.existsSync(RESULTS_FILE)) fs.writeFileSync(RESULTS_FILE, header);
  const lines = [
    '',
    `## jobs — ${new Date().toISOString()}${status === 'ok' ? '' : ` — ${/^(timed out|error|(bare )?pipeline stalled|a process)/.test(status) ? 'INCOMPLETE' : 'CHECK FAILED'} (${status})`}`,
    '',
    `Machine: ${m.cores} cores (\`nproc\`, ${m.cpuModel}), ${fmt(m.memGiB, 1)} GiB RAM, ${m.platform}; Node ${m.node}; ` +
      `PostgreSQL ${versions.postgres}; Redis ${versions.redis}.`,
    '',
    ...markdownTable(figures(opts, p, b, bp)),
  ];
  if (rounds) lines.push(`| rounds (ratio of each; the median one reported above) | ${rounds} |`);
  if (cpu) lines.push(`| CPU seconds during the pipeline run | ${cpu} |`);
  if (bp?.cpu) lines.push(`| CPU seconds during the bare pipeline run | ${bp.cpu} |`);
  recordResults(lines, log);
}

// ---- main --------------------------------------------------------------------------------------
async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const startedAt = Date.now();
  const deadline = startedAt + opts.timeoutS * 1000;
  ensureCompiled(log);
  const m = machine();
  const run = { handles: [], databaseUrl: null, redis: null };
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const prefix = `bench_jobs_${stamp}`;
  const barePrefix = `${prefix}_bare`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-bench-'));
  let p = null;
  let b = null;
  let bp = null;
  let status = 'ok';
  let cpuLine = null;
  let roundsLine = null;
  let versions = { postgres: 'unknown', redis: 'unknown' };

  const hardStop = guardRun('jobs', opts.timeoutS);

  try {
    log(
      `N=${opts.jobs}, WORKER_CONCURRENCY=${opts.concurrency}, owners=${opts.owners}, HTTP in flight=${opts.inFlight}, timeout=${opts.timeoutS}s`,
    );
    log(`machine: ${m.cores} cores, ${fmt(m.memGiB, 1)} GiB, Node ${m.node}; child logs in ${logDir}`);
    const { databaseUrl, redisUrl, redis } = await openServices(run, { database: 'sparkhouse_bench', prefix, log });
    versions = await serverVersions(databaseUrl, redis);

    const port = await freePort();
    const env = serverEnv({
      port,
      databaseUrl,
      redisUrl,
      prefix,
      OPERATIONS_OPEN_PIPELINE_CHECKS: 'true',
      WORKER_CONCURRENCY: String(opts.concurrency),
    });
    const { api, worker } = await startApiAndWorker({
      env,
      port,
      redisUrl,
      prefix,
      queueName: 'operations',
      logDir,
      deadline,
      log,
    });

    // 1) baseline first, while the API and worker are idle
    b = await runBare({
      redisUrl,
      prefix: barePrefix,
      n: opts.jobs,
      concurrency: opts.concurrency,
      logDir,
      deadline,
      log,
    });
    log(`bare BullMQ: ${fmt(b.jobsPerSec, 1)} jobs/s`);
    if (b.timedOut) status = 'timed out during the bare BullMQ run';

    // 2) the bare pipeline (the same durable steps, nothing else) and the full pipeline, in rounds that
    // alternate which goes first; each round's ratio compares two runs minutes apart at most
    const rounds = [];
    const barePipeline = await startBarePipeline({
      databaseUrl,
      redisUrl,
      prefix: `${prefix}_barepipe`,
      opts,
      logDir,
      deadline,
      cores: m.cores,
    });
    for (let i = 0; i < opts.rounds && status === 'ok'; i++) {
      const round = { bareFirst: i % 2 === 0, bp: null, p: null, cpuLine: null };
      const bare = async () => {
        round.bp = await barePipeline.run();
        log(`round ${i + 1}: bare pipeline ${fmt(round.bp.jobsPerSec, 1)} jobs/s`);
        return deliveryStatus('bare pipeline', round.bp);
      };
      const product = async () => {
        const cpu = cpuMeter(api, worker, ['API', 'worker'], m.cores);
        round.p = await runPipeline({
          baseUrl: `http://127.0.0.1:${port}`,
          n: opts.jobs,
          owners: opts.owners,
          inFlight: opts.inFlight,
          deadline,
          log,
        });
        round.cpuLine = cpu.read();
        log(`round ${i + 1}: pipeline ${fmt(round.p.jobsPerSec, 1)} jobs/s`);
        if (!api.running || !worker.running)
          return `a process died (api ${api.running ? 'up' : 'down'}, worker ${worker.running ? 'up' : 'down'})`;
        const found = deliveryStatus('pipeline', round.p);
        if (found !== 'ok') await explainDelivery(databaseUrl, round.p);
        return found;
      };
      for (const step of round.bareFirst ? [bare, product] : [product, bare]) {
        if (status === 'ok') status = await step();
      }
      rounds.push(round);
      if (round.p && round.bp) log(`round ${i + 1}: ratio ${fmt(round.p.jobsPerSec / round.bp.jobsPerSec, 3)}`);
    }
    await barePipeline.stop();
    const complete = rounds.filter((r) => r.p && r.bp);
    const reported = medianRound(complete) ?? rounds[rounds.length - 1];
    ({ p, bp } = reported ?? {});
    cpuLine = reported?.cpuLine ?? null;
    roundsLine = roundsSummary(complete, reported);
    if (p) {
      try {
        const d = await dbDiagnostics(databaseUrl);
        log(`events: ${d.events.map((e) => `${e.type}=${e.n}`).join(', ')}`);
        log(`job_run: ${d.runs.map((r) => `${r.status}=${r.n}`).join(', ') || 'none'}`);
        log(`checkpoints (max position ${d.maxPos}): ${d.checkpoints.map((c) => `${c.subscriber}@${c.position}`).join(', ')}`);
      } catch (err) {
        log(`diagnostics failed: ${err.message}`);
      }
      logTails([api, worker], log);
    }
  } catch (err) {
    status = `error: ${err.message.split('\n')[0]}`;
    console.error(`[bench:jobs] ${err.stack ?? err.message}`);
  } finally {
    console.log(`\nJobs benchmark${status === 'ok' ? '' : ` — ${status}`}\n${table(figures(opts, p, b, bp))}`);
    if (roundsLine) console.log(`  rounds: ${roundsLine}`);
    if (cpuLine) console.log(`  CPU seconds during the pipeline run: ${cpuLine}`);
    if (bp?.cpu) console.log(`  CPU seconds during the bare pipeline run: ${bp.cpu}`);
    console.log('');
    if (opts.record && (p || b)) {
      try {
        appendResults({ opts, p, b, bp, m, versions, cpu: cpuLine, rounds: roundsLine, status });
      } catch (err) {
        console.error(`[bench:jobs] could not write RESULTS.md: ${err.message}`);
      }
    }
    await cleanUp(run, { prefix, log });
    clearTimeout(hardStop);
  }
  return status === 'ok' ? 0 : 1;
}

runMain(main);
