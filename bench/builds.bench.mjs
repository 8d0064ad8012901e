// npm run bench -- builds [--builds N] [--creators C] [--concurrency W] [--per-creator P] [--timeout-s S] [--no-record]
//
// Starts N app builds (default 200) from C signed-in creators (default 20) through the real HTTP API
// (POST /api/app-builder/buildApp) with the local AI provider, each creator keeping at most P builds in
// flight (the server's CREATOR_MAX_BUILDS_IN_FLIGHT). Every creator follows their builds on a
// socket.io-client socket, as the browser does. Reports builds/minute, per-step time p50/p99 (from the
// worker's progress reports), the latency from a worker's progress report to the socket receiving it
// (p50/p99), request -> completion, and the worker's peak memory; appends a dated section to
// bench/RESULTS.md. Uses its own database and Redis prefix, and stops everything it started.
import fs from 'node:fs';
import path from 'node:path';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, logTails, markdownTable, parseOptions, sleep } from './lib/harness.mjs';
import { signedInMember } from './lib/members.mjs';
import { connectSocket } from './lib/sockets.mjs';
import { fmt, fmtMs, summary } from './lib/stats.mjs';
import { memoryOf, usageFrom } from './lib/usage.mjs';

const STEPS = ['blueprint', 'onboarding', 'landing-page', 'app-image'];

const parseArgs = (argv) =>
  parseOptions(
    argv,
    { builds: 200, creators: 20, concurrency: 8, perCreator: 3, timeoutS: 300, record: true },
    {
      numbers: {
        '--builds': 'builds',
        '--creators': 'creators',
        '--concurrency': 'concurrency',
        '--per-creator': 'perCreator',
        '--timeout-s': 'timeoutS',
      },
      switches: { '--no-record': ['record', false] },
    },
  );

const log = benchLog('builds');
/** A confirmed, signed-in creator with a backend user: a signed-in member (bench/lib/members.mjs), then createUser. */
async function createCreator(baseUrl, pg, email) {
  const { token, userId } = await signedInMember(baseUrl, pg, email, { familyName: 'Creator' });
  const res = await fetch(`${baseUrl}/api/users/createUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ userId, email, firstName: 'Bench', lastName: 'Creator' }),
  });
  if (!res.ok) throw new Error(`createUser answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return { email, token, userId };
}

const IDEAS = [
  'a habit tracker for runners training for their first marathon',
  'an app that helps nurses swap shifts',
  'a meal planner that suggests recipes from my fridge',
  'a language learning app for kids aged 6-10, with games',
  'an app for dog owners to find walkers nearby',
  'a budgeting coach for students',
  'a meditation timer for night-shift workers',
  'a practice log for jazz piano students',
  'a study planner for medical exams',
  'a plant care reminder for apartment gardeners',
];

// ---- the run -----------------------------------------------------------------------------------
async function runBuilds({ baseUrl, creators, n, perCreator, deadline, workerPid }) {
  const runs = new Map(); // runId -> { creator, sentAt, ackAt, steps: {step: {start, end}}, completedAt, result, failed }
  const early = new Map(); // runId -> messages that arrived before the HTTP answer
  const progressLatency = [];
  const completionLatency = [];
  const httpMs = [];
  const httpErrors = [];
  let wrongOwner = 0;
  let rejected429 = 0;
  let peakRssMiB = 0;

  const onMessage = (creator, kind, m) => {
    const now = Date.now();
    let run = runs.get(m.runId);
    if (!run) {
      if (!early.has(m.runId)) early.set(m.runId, []);
      early.get(m.runId).push({ creator, kind, m, now });
      return;
    }
    if (run.creator !== creator) wrongOwner++;
    if (kind === 'progress') {
      progressLatency.push(now - Date.parse(m.at));
      const at = Date.parse(m.at);
      run.firstProgressAt ??= at;
      const s = (run.steps[m.step] ??= { start: at, end: at, reports: 0 });
      s.end = at;
      s.reports++;
      run.reports.push(`${m.step}@${m.percent}`);
    } else if (kind === 'completed') {
      completionLatency.push(now - Date.parse(m.at));
      if (run.completedAt) run.duplicates++;
      else {
        run.completedAt = now;
        run.result = m.result;
        run.done();
      }
    } else if (kind === 'failed') {
      run.failed = m.reason;
      run.done();
    }
  };

  const sockets = await Promise.all(creators.map((c) => connectSocket(baseUrl, { token: c.token })));
  sockets.forEach((socket, i) => {
    socket.on('job:progress', (m) => onMessage(i, 'progress', m));
    socket.on('job:completed', (m) => onMessage(i, 'completed', m));
    socket.on('job:failed', (m) => onMessage(i, 'failed', m));
  });
  log(`${creators.length} creators connected; starting ${n} builds, at most ${perCreator} in flight per creator`);

  const memTimer = setInterval(() => {
    const m = memoryOf(workerPid);
    if (m && m.rssMiB > peakRssMiB) peakRssMiB = m.rssMiB;
  }, 200);
  const startedAt = Date.now();
  const ticker = setInterval(() => {
    const done = [...runs.values()].filter((r) => r.completedAt || r.failed).length;
    log(
      `  t=${((Date.now() - startedAt) / 1000).toFixed(0)}s accepted=${runs.size} finished=${done} progress-pushes=${progressLatency.length}`,
    );
  }, 5000);

  let next = 0;
  async function creatorLoop(ci) {
    const creator = creators[ci];
    const share = Math.floor(n / creators.length) + (ci < n % creators.length ? 1 : 0);
    let started = 0;
    const inFlight = new Set();
    while ((started < share || inFlight.size > 0) && Date.now() < deadline) {
      if (started < share && inFlight.size < perCreator) {
        const idea = IDEAS[next++ % IDEAS.length];
        const sentAt = Date.now();
        let res;
        try {
          res = await fetch(`${baseUrl}/api/app-builder/buildApp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
            body: JSON.stringify({ prompt: `${idea} (#${started + 1} of ${creator.email})` }),
          });
        } catch (err) {
          httpErrors.push(err.message);
          await sleep(200);
          continue;
        }
        const text = await res.text();
        const ackAt = Date.now();
        if (res.status === 429) {
          rejected429++; // the server counts a build in flight until its completion is recorded
          await sleep(100);
          continue;
        }
        httpMs.push(ackAt - sentAt);
        if (res.status !== 202) {
          httpErrors.push(`${res.status} ${text.slice(0, 200)}`);
          if (httpErrors.length > 20) throw new Error(`buildApp keeps failing: ${httpErrors.slice(0, 3).join(' | ')}`);
          continue;
        }
        const { runId, appId } = JSON.parse(text).response;
        let done;
        const finished = new Promise((resolve) => (done = resolve));
        const run = {
          creator: ci,
          appId,
          sentAt,
          ackAt,
          steps: {},
          reports: [],
          duplicates: 0,
          done,
          completedAt: null,
          failed: null,
        };
        runs.set(runId, run);
        for (const e of early.get(runId) ?? []) onMessage(e.creator, e.kind, e.m);
        early.delete(runId);
        started++;
        inFlight.add(runId);
        finished.then(() => inFlight.delete(runId));
      } else {
        await sleep(20);
      }
    }
  }
  try {
    await Promise.all(creators.map((_, i) => creatorLoop(i)));
  } finally {
    clearInterval(ticker);
    clearInterval(memTimer);
    for (const s of sockets) s.close();
  }
  const all = [...runs.values()];
  const completed = all.filter((r) => r.completedAt);
  const lastCompletion = Math.max(...completed.map((r) => r.completedAt));
  const stepTimes = Object.fromEntries(
    STEPS.map((s) => [
      s,
      summary(
        completed
          .map((r) => r.steps[s])
          .filter(Boolean)
          .map((x) => x.end - x.start),
      ),
    ]),
  );
  const expectedReports = STEPS.flatMap((s, i) => [`${s}@${i * 25}`, `${s}@${(i + 1) * 25}`]).join(',');
  const outOfOrder = completed.filter((r) => r.reports.join(',') !== expectedReports).length;
  const incomplete = completed.filter(
    (r) => !(r.result?.blueprint && r.result?.onboardingFlow && r.result?.landingPage && r.result?.appImage?.url),
  ).length;
  return {
    n,
    accepted: runs.size,
    completed: completed.length,
    failed: all.filter((r) => r.failed).length,
    failedSamples: all
      .filter((r) => r.failed)
      .slice(0, 3)
      .map((r) => r.failed),
    elapsedMs: (completed.length ? lastCompletion : Date.now()) - startedAt,
    buildsPerMinute: completed.length ? (completed.length / (lastCompletion - startedAt)) * 60_000 : null,
    stepTimes,
    progress: summary(progressLatency),
    completion: summary(completionLatency),
    endToEnd: summary(completed.map((r) => r.completedAt - r.sentAt)),
    toFirstStep: summary(completed.filter((r) => r.firstProgressAt).map((r) => r.firstProgressAt - r.ackAt)),
    buildTime: summary(completed.filter((r) => r.firstProgressAt).map((r) => r.steps['app-image'].end - r.firstProgressAt)),
    http: summary(httpMs),
    httpErrors: httpErrors.length,
    httpErrorSamples: httpErrors.slice(0, 3),
    rejected429,
    wrongOwner,
    duplicates: all.reduce((s, r) => s + r.duplicates, 0),
    outOfOrder,
    incomplete,
    sampledPeakRssMiB: peakRssMiB,
    timedOut: Date.now() >= deadline && completed.length + all.filter((r) => r.failed).length < n,
  };
}

// ---- report ------------------------------------------------------------------------------------
function figures(opts, r, mem) {
  const step = (s) => (r ? `${fmtMs(r.stepTimes[s].p50)} / ${fmtMs(r.stepTimes[s].p99)}` : 'n/a');
  return [
    [
      'builds / creators',
      `${opts.builds} / ${opts.creators} (at most ${opts.perCreator} in flight each; WORKER_CONCURRENCY ${opts.concurrency})`,
    ],
    [
      'builds/minute',
      r ? `${fmt(r.buildsPerMinute, 0)}  (${r.completed}/${r.n} completed in ${fmt(r.elapsedMs / 1000, 1)} s)` : 'n/a',
    ],
    ['step blueprint p50/p99', step('blueprint')],
    ['step onboarding p50/p99', step('onboarding')],
    ['step landing-page p50/p99', step('landing-page')],
    ['step app-image p50/p99', step('app-image')],
    [
      'progress report -> socket p50/p99',
      r
        ? `${fmtMs(r.progress.p50)} / ${fmtMs(r.progress.p99)}  (max ${fmtMs(r.progress.max)}, ${r.progress.count} pushes)`
        : 'n/a',
    ],
    ['completion push latency p50/p99', r ? `${fmtMs(r.completion.p50)} / ${fmtMs(r.completion.p99)}` : 'n/a'],
    ['202 answer -> first step started p50/p99', r ? `${fmtMs(r.toFirstStep.p50)} / ${fmtMs(r.toFirstStep.p99)}` : 'n/a'],
    ['first step started -> last step ended p50/p99', r ? `${fmtMs(r.buildTime.p50)} / ${fmtMs(r.buildTime.p99)}` : 'n/a'],
    ['buildApp request -> job:completed p50/p99', r ? `${fmtMs(r.endToEnd.p50)} / ${fmtMs(r.endToEnd.p99)}` : 'n/a'],
    [
      'buildApp HTTP answer p50/p99',
      r ? `${fmtMs(r.http.p50)} / ${fmtMs(r.http.p99)}  (${r.rejected429} answered 429 and were retried)` : 'n/a',
    ],
    [
      'worker peak memory',
      mem ? `${fmt(mem.peakMiB, 0)} MiB peak RSS (VmHWM; ${fmt(mem.startMiB, 0)} MiB when idle before the run)` : 'n/a',
    ],
    [
      'checks',
      r
        ? `failed ${r.failed}, HTTP errors ${r.httpErrors}, wrong owner ${r.wrongOwner}, duplicate completions ${r.duplicates}, ` +
          `progress out of order ${r.outOfOrder}, results missing a document ${r.incomplete}`
        : 'n/a',
    ],
  ];
}

function resultsSection({ opts, r, mem, m, status, cpu }) {
  const lines = [
    '',
    `## builds — ${new Date().toISOString()}${status === 'ok' ? '' : ` — CHECK FAILED (${status})`}`,
    '',
    '`npm run bench -- builds` (`bench/builds.bench.mjs`): app builds from signed-in creators through `POST /api/app-builder/buildApp` ' +
      'with the local AI provider (blueprint → onboarding → landing-page → app-image, a 1024² PNG drawn with sharp), followed on ' +
      "socket.io-client sockets. Step times come from the worker's own progress stamps (start and end of each step); " +
      "push latency is the worker's `at` stamp to receipt on the socket (same machine, same clock). " +
      'Options: `--builds N` (200), `--creators C` (20), `--per-creator P` (3, also CREATOR_MAX_BUILDS_IN_FLIGHT), ' +
      '`--concurrency W` (WORKER_CONCURRENCY, 8), `--timeout-s S` (300), `--no-record`.',
    '',
    `Machine: ${m.cores} cores (\`nproc\`, ${m.cpuModel}), ${fmt(m.memGiB, 1)} GiB RAM; Node ${m.node}. ` +
      'Shared with other work while it ran: figures are lower bounds on what an idle machine gives.',
    '',
    ...markdownTable(figures(opts, r, mem)),
  ];
  if (cpu) lines.push(`| CPU seconds during the run | ${cpu} |`);
  return lines;
}

// ---- main --------------------------------------------------------------------------------------
const opts = parseArgs(process.argv.slice(2));

benchRun(
  'builds',
  { timeoutS: opts.timeoutS },
  async ({ machine: m, deadline, logDir, db, startStack, afterCleanUp, failed, report }) => {
    const mediaDir = path.join(logDir, 'media');
    afterCleanUp(() => fs.rmSync(mediaDir, { recursive: true, force: true }));
    let r = null;
    let mem = null;
    let cpu = null;
    let status = 'ok';
    try {
      log(
        `N=${opts.builds}, creators=${opts.creators}, per creator ${opts.perCreator}, WORKER_CONCURRENCY=${opts.concurrency}; logs in ${logDir}`,
      );
      const pg = await db();
      const { api, worker, baseUrl } = await startStack({
        queueName: 'app-builds',
        localAi: true,
        env: {
          MEDIA_DIR: mediaDir,
          WORKER_CONCURRENCY: String(opts.concurrency),
          CREATOR_MAX_BUILDS_IN_FLIGHT: String(opts.perCreator),
          IDENTITY_RESETS_PER_ADDRESS: '1000',
        },
      });

      const tag = Date.now().toString(36);
      const creators = [];
      for (let i = 0; i < opts.creators; i++) creators.push(await createCreator(baseUrl, pg, `bench-${tag}-${i}@example.com`));
      log(`${creators.length} creators signed up, confirmed and signed in`);

      const usage = usageFrom({ api, worker, cores: m.cores });
      r = await runBuilds({ baseUrl, creators, n: opts.builds, perCreator: opts.perCreator, deadline, workerPid: worker.pid });
      ({ mem, cpu } = usage(r.sampledPeakRssMiB));

      if (r.timedOut) status = 'timed out';
      else if (r.completed < r.n || r.failed || r.httpErrors || r.wrongOwner || r.duplicates || r.outOfOrder || r.incomplete) {
        status = `${r.n - r.completed} not completed, ${r.failed} failed, ${r.httpErrors} HTTP errors, ${r.wrongOwner} wrong owner, ${r.outOfOrder} out of order, ${r.incomplete} incomplete`;
      }
      if (r.failedSamples.length) log(`failure samples: ${r.failedSamples.join(' | ')}`);
      if (r.httpErrorSamples.length) log(`HTTP error samples: ${r.httpErrorSamples.join(' | ')}`);
      const images = fs.existsSync(path.join(mediaDir, 'app-images'))
        ? fs.readdirSync(path.join(mediaDir, 'app-images')).length
        : 0;
      log(`${images} app images written under MEDIA_DIR/app-images`);
      logTails([api, worker], log);
    } catch (err) {
      status = failed(err);
    } finally {
      report({
        title: 'Builds benchmark',
        rows: figures(opts, r, mem),
        status,
        after: cpu ? [`  CPU seconds during the run: ${cpu}`] : [],
        record: opts.record && r,
        section: () => resultsSection({ opts, r, mem, m, status, cpu }),
      });
    }
    return status;
  },
);
