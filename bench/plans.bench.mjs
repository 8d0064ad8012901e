// npm run bench -- plans [--visitors N] [--concurrency W] [--timeout-s S] [--no-record]
//
// N anonymous visitors (default 500) of one published app go through its onboarding at the same time
// through the real HTTP API, as the browser does: each with its own anon_ id and socket.io-client
// socket, saving its answers page by page, completing the onboarding, then asking for its personalized
// plan — twice at once, as a double click does — and following the plan job on its socket until
// checkPlanStatus answers 'completed'. Reports plans/minute, createPersonalizedPlan request -> completed
// status p50/p99, push latency (the worker's progress/completion stamp -> socket), the worker's peak
// memory, and checks that no plan is lost or made twice (the read model and the pushes). Appends a
// dated section to bench/RESULTS.md. Uses its own database and Redis prefix; stops what it started.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, logTails, markdownTable, parseOptions, sleep } from './lib/harness.mjs';
import { apiCall, expectOk } from './lib/http-answer.mjs';
import { signedInMember } from './lib/members.mjs';
import { connectSocket } from './lib/sockets.mjs';
import { fmt, fmtMs, summary } from './lib/stats.mjs';
import { memoryOf, usageFrom } from './lib/usage.mjs';

const log = benchLog('plans');

const FLOW = {
  pages: [
    {
      id: 'goal',
      title: 'Your goal',
      questions: [{ id: 'goal', prompt: 'What do you want to reach?', kind: 'single', options: ['5k', '10k', 'Half marathon'] }],
    },
    {
      id: 'week',
      title: 'Your week',
      questions: [
        { id: 'hours', prompt: 'How many hours a week can you give it?', kind: 'number', min: 1, max: 20 },
        { id: 'start', prompt: 'When do you want to start?', kind: 'date' },
      ],
    },
  ],
};

const parseArgs = (argv) =>
  parseOptions(
    argv,
    { visitors: 500, concurrency: 8, timeoutS: 300, record: true },
    {
      numbers: { '--visitors': 'visitors', '--concurrency': 'concurrency', '--timeout-s': 'timeoutS' },
      switches: { '--no-record': ['record', false] },
    },
  );

/** One call as the browser in Paris makes it (lib/http-answer.mjs). */
const call = (baseUrl, method, url, options = {}) => apiCall(baseUrl, method, url, { timeZone: 'Europe/Paris', ...options });

/** A published app with the two-page flow, made by a signed-in creator. */
async function publishedApp(baseUrl, pg, tag) {
  const creator = await signedInMember(baseUrl, pg, `plans-creator-${tag}@example.com`);
  const { app } = await expectOk(
    call(baseUrl, 'POST', '/app-builder/createApp', { token: creator.token, body: { name: 'Race Ready' } }),
    'createApp',
  );
  await expectOk(
    call(baseUrl, 'POST', '/apps/saveAppOnboardingFlowV2', {
      token: creator.token,
      body: { appId: app.appId, onboardingFlow: FLOW },
    }),
    'saveAppOnboardingFlowV2',
  );
  await expectOk(call(baseUrl, 'POST', `/apps/publishApp/${app.appId}`, { token: creator.token, body: {} }), 'publishApp');
  return app;
}

// ---- the run -----------------------------------------------------------------------------------
async function runVisitors({ baseUrl, app, n, deadline, workerPid }) {
  const at = `${app.storefrontSlug}/${app.appSlug}`;
  const visitors = Array.from({ length: n }, (_, i) => ({
    i,
    anonymousId: `anon_bench${randomBytes(9).toString('base64url')}`,
    runIds: new Set(),
    pushedRuns: [],
    staleReads: 0,
    completions: 0,
    progressPushes: 0,
    requestedAt: null,
    completedStatusAt: null,
    failure: null,
  }));
  const progressLatency = [];
  const completionLatency = [];
  const httpErrors = [];
  let peakRssMiB = 0;

  const memTimer = setInterval(() => {
    const m = memoryOf(workerPid);
    if (m && m.rssMiB > peakRssMiB) peakRssMiB = m.rssMiB;
  }, 200);
  const startedAt = Date.now();
  const ticker = setInterval(() => {
    const requested = visitors.filter((v) => v.requestedAt).length;
    const done = visitors.filter((v) => v.completedStatusAt).length;
    log(
      `  t=${((Date.now() - startedAt) / 1000).toFixed(0)}s requested=${requested} completed=${done} pushes=${progressLatency.length}`,
    );
  }, 5000);

  async function visit(v) {
    const socket = await connectSocket(baseUrl, { anonymousId: v.anonymousId }, { label: `visitor ${v.i}` });
    let pushed;
    const completedPush = new Promise((resolve) => (pushed = resolve));
    socket.on('job:progress', (m) => {
      progressLatency.push(Date.now() - Date.parse(m.at));
      v.firstProgressAt ??= Date.now();
      v.progressPushes++;
    });
    socket.on('job:completed', (m) => {
      completionLatency.push(Date.now() - Date.parse(m.at));
      v.pushedRuns.push(m.runId);
      v.completedPushAt ??= Date.now();
      v.completions++;
      pushed();
    });
    try {
      const who = { anonymousId: v.anonymousId, session: {} };
      const answers = { goal: ['5k', '10k', 'Half marathon'][v.i % 3] };
      await expectOk(
        call(baseUrl, 'POST', `/apps/saveOnboardingUserState/${at}`, {
          ...who,
          body: { userState: { answers }, pagesInfo: { currentPageId: 'week', completedPageIds: ['goal'] } },
        }),
        'saveOnboardingUserState',
      );
      Object.assign(answers, { hours: 1 + (v.i % 12), start: '2031-04-01' });
      const userState = { answers };
      await expectOk(
        call(baseUrl, 'POST', `/apps/completeOnboarding/${at}`, {
          ...who,
          body: { finalUserState: userState, pagesInfo: { currentPageId: 'week', completedPageIds: ['goal', 'week'] } },
        }),
        'completeOnboarding',
      );
      // a double click: two requests at once must make one plan
      v.requestedAt = Date.now();
      const asked = await Promise.all(
        [0, 1].map(() =>
          expectOk(call(baseUrl, 'POST', `/apps/createPersonalizedPlan/${at}`, { ...who, body: { userState } }), 'createPlan'),
        ),
      );
      for (const a of asked) v.runIds.add(a.runId);
      // the push says it is made; the status call confirms it (polled as a fallback should a push be missed)
      let wait = completedPush;
      while (Date.now() < deadline) {
        await Promise.race([wait, sleep(2000)]);
        const answer = await call(baseUrl, 'GET', `/apps/checkPlanStatus/${v.anonymousId}/${at}`, who);
        // a read model behind the caller's writes for longer than the read waits: not there yet (the page
        // then follows the run it asked for); counted, and read again a moment later
        if (answer.status === 404) {
          v.staleReads++;
          wait = sleep(500);
          continue;
        }
        const status = await expectOk(Promise.resolve(answer), 'checkPlanStatus');
        if (status.status !== 'completed') wait = v.completedPushAt ? sleep(500) : completedPush;
        if (status.status === 'completed') {
          v.completedStatusAt = Date.now();
          v.phases = status.plan?.phases?.length ?? 0;
          return;
        }
        if (status.status === 'error') throw new Error(`plan failed: ${status.error}`);
      }
      throw new Error('timed out waiting for the plan');
    } catch (err) {
      v.failure = err.message;
      httpErrors.push(err.message);
    } finally {
      // late duplicate completions still count: give the socket a moment after the plan is read
      setTimeout(() => socket.close(), 1500);
    }
  }

  try {
    await Promise.all(visitors.map(visit));
    await sleep(1600);
  } finally {
    clearInterval(ticker);
    clearInterval(memTimer);
  }
  const completed = visitors.filter((v) => v.completedStatusAt);
  const lastCompletion = Math.max(...completed.map((v) => v.completedStatusAt));
  return {
    n,
    visitors,
    completed: completed.length,
    elapsedMs: (completed.length ? lastCompletion : Date.now()) - startedAt,
    plansPerMinute: completed.length ? (completed.length / (lastCompletion - startedAt)) * 60_000 : null,
    toCompleted: summary(completed.map((v) => v.completedStatusAt - v.requestedAt)),
    toFirstProgress: summary(completed.filter((v) => v.firstProgressAt).map((v) => v.firstProgressAt - v.requestedAt)),
    pushToStatus: summary(completed.filter((v) => v.completedPushAt).map((v) => v.completedStatusAt - v.completedPushAt)),
    progress: summary(progressLatency),
    completion: summary(completionLatency),
    doubleClicksMergedIntoOneRun: visitors.filter((v) => v.runIds.size === 1).length,
    duplicatePushes: visitors.reduce((s, v) => s + Math.max(0, v.completions - 1), 0),
    staleReads: visitors.reduce((s, v) => s + v.staleReads, 0),
    visitorsWithStaleReads: visitors.filter((v) => v.staleReads > 0).length,
    // a push for a run the visitor never asked for (another visitor's plan)
    wrongRun: visitors.reduce((s, v) => s + v.pushedRuns.filter((id) => !v.runIds.has(id)).length, 0),
    shortPlans: completed.filter((v) => v.phases < 13).length,
    httpErrors: httpErrors.length,
    httpErrorSamples: httpErrors.slice(0, 3),
    sampledPeakRssMiB: peakRssMiB,
    timedOut: Date.now() >= deadline && completed.length < n,
  };
}

/** Lost and duplicated plans as the read model and the job log have them. */
async function ledger(pg, appId, visitors) {
  const { rows } = await pg.query(
    `select visitor_id, count(*)::int as plans, count(*) filter (where status = 'completed')::int as completed
       from app_visitor_plan where app_id = $1 group by visitor_id`,
    [appId],
  );
  const byVisitor = new Map(rows.map((r) => [r.visitor_id, r]));
  const [{ runs }] = (
    await pg.query(
      `select count(distinct stream_id)::int as runs from domain_event
        where type = 'JobCompleted' and payload->>'name' = 'app-visitors.personalized-plan'`,
    )
  ).rows;
  const [{ completions }] = (
    await pg.query(
      `select count(*)::int as completions from domain_event
        where type = 'JobCompleted' and payload->>'name' = 'app-visitors.personalized-plan'`,
    )
  ).rows;
  return {
    lost: visitors.filter((v) => (byVisitor.get(v.anonymousId)?.completed ?? 0) === 0).length,
    duplicated: visitors.filter((v) => (byVisitor.get(v.anonymousId)?.plans ?? 0) > 1).length,
    runsCompleted: runs,
    completionsLogged: completions,
  };
}

// ---- report ------------------------------------------------------------------------------------
function figures(opts, r, l, mem) {
  return [
    ['visitors', `${opts.visitors} anonymous, all at once (WORKER_CONCURRENCY ${opts.concurrency})`],
    [
      'plans/minute',
      r ? `${fmt(r.plansPerMinute, 0)}  (${r.completed}/${r.n} completed in ${fmt(r.elapsedMs / 1000, 1)} s)` : 'n/a',
    ],
    [
      'createPersonalizedPlan -> status completed p50/p99',
      r ? `${fmtMs(r.toCompleted.p50)} / ${fmtMs(r.toCompleted.p99)}  (max ${fmtMs(r.toCompleted.max)})` : 'n/a',
    ],
    [
      '  of which: request -> first progress push p50/p99',
      r ? `${fmtMs(r.toFirstProgress.p50)} / ${fmtMs(r.toFirstProgress.p99)}` : 'n/a',
    ],
    [
      '  of which: completion push -> status completed p50/p99',
      r ? `${fmtMs(r.pushToStatus.p50)} / ${fmtMs(r.pushToStatus.p99)}` : 'n/a',
    ],
    [
      'progress push latency p50/p99',
      r
        ? `${fmtMs(r.progress.p50)} / ${fmtMs(r.progress.p99)}  (max ${fmtMs(r.progress.max)}, ${r.progress.count} pushes)`
        : 'n/a',
    ],
    [
      'completion push latency p50/p99',
      r ? `${fmtMs(r.completion.p50)} / ${fmtMs(r.completion.p99)}  (${r.completion.count} pushes)` : 'n/a',
    ],
    [
      'worker peak memory',
      mem ? `${fmt(mem.peakMiB, 0)} MiB peak RSS (VmHWM; ${fmt(mem.startMiB, 0)} MiB idle before the run)` : 'n/a',
    ],
    [
      'lost / duplicated plans',
      l
        ? `${l.lost} lost / ${l.duplicated} duplicated (read model: one plan per visitor; ${l.runsCompleted} plan runs completed, ${l.completionsLogged} JobCompleted facts)`
        : 'n/a',
    ],
    [
      'checks',
      r
        ? `double clicks merged into one run ${r.doubleClicksMergedIntoOneRun}/${r.n}, duplicate completion pushes ${r.duplicatePushes}, ` +
          `pushes for another run ${r.wrongRun}, plans under 13 phases ${r.shortPlans}, errors ${r.httpErrors}; ` +
          `status reads that did not show the plan yet (404) ${r.staleReads}, for ${r.visitorsWithStaleReads} visitors`
        : 'n/a',
    ],
  ];
}

function resultsSection({ opts, r, l, mem, m, status, cpu }) {
  const lines = [
    '',
    `## plans — ${new Date().toISOString()}${status === 'ok' ? '' : ` — CHECK FAILED (${status})`}`,
    '',
    '`npm run bench -- plans` (`bench/plans.bench.mjs`): anonymous visitors of one published app, all at once, each with ' +
      'its anon_ id and socket.io-client socket: saveOnboardingUserState, completeOnboarding, then createPersonalizedPlan ' +
      'sent twice at once (a double click), followed on the socket until checkPlanStatus answers completed. Plans come from ' +
      "the local generator through the personalized-plans queue. Push latency: the worker's `at` stamp to receipt (same " +
      'machine). Lost/duplicated: from app_visitor_plan and the JobCompleted facts. Options: `--visitors N` (500), ' +
      '`--concurrency W` (WORKER_CONCURRENCY, 8), `--timeout-s S` (300), `--no-record`.',
    '',
    `Machine: ${m.cores} cores (\`nproc\`, ${m.cpuModel}), ${fmt(m.memGiB, 1)} GiB RAM; Node ${m.node}. ` +
      'API, worker, PostgreSQL, Redis and the 500 clients share these cores.',
    '',
    ...markdownTable(figures(opts, r, l, mem)),
  ];
  if (cpu) lines.push(`| CPU seconds during the run | ${cpu} |`);
  return lines;
}

// ---- main --------------------------------------------------------------------------------------
const opts = parseArgs(process.argv.slice(2));

benchRun(
  'plans',
  { timeoutS: opts.timeoutS },
  async ({ machine: m, deadline, logDir, db, startStack, afterCleanUp, failed, report }) => {
    afterCleanUp(() => fs.rmSync(path.join(logDir, 'media'), { recursive: true, force: true }));
    let r = null;
    let l = null;
    let mem = null;
    let cpu = null;
    let status = 'ok';
    try {
      log(`N=${opts.visitors} visitors, WORKER_CONCURRENCY=${opts.concurrency}; logs in ${logDir}`);
      const pg = await db();
      const tag = Date.now().toString(36);
      const { api, worker, baseUrl } = await startStack({
        queueName: 'personalized-plans',
        localAi: true,
        env: {
          // publishing needs a creator plan; the bench's creator is an admin instead (admins are exempt)
          IDENTITY_ADMIN_EMAIL: `plans-creator-${tag}@example.com`,
          MEDIA_DIR: path.join(logDir, 'media'),
          WORKER_CONCURRENCY: String(opts.concurrency),
        },
      });
      const app = await publishedApp(baseUrl, pg, tag);
      log(`app ${app.storefrontSlug}/${app.appSlug} published; ${opts.visitors} visitors start`);

      const usage = usageFrom({ api, worker, cores: m.cores });
      r = await runVisitors({ baseUrl, app, n: opts.visitors, deadline, workerPid: worker.pid });
      ({ mem, cpu } = usage(r.sampledPeakRssMiB));
      l = await ledger(pg, app.appId, r.visitors);

      if (r.timedOut) status = 'timed out';
      else if (r.completed < r.n || r.httpErrors || l.lost || l.duplicated || r.duplicatePushes || r.wrongRun || r.shortPlans)
        status = `${r.n - r.completed} not completed, ${l.lost} lost, ${l.duplicated} duplicated, ${r.httpErrors} errors`;
      if (r.httpErrorSamples.length) log(`error samples: ${r.httpErrorSamples.join(' | ')}`);
      logTails([api, worker], log);
    } catch (err) {
      status = failed(err);
    } finally {
      report({
        title: 'Plans benchmark',
        rows: figures(opts, r, l, mem),
        status,
        after: cpu ? [`  CPU seconds during the run: ${cpu}`] : [],
        record: opts.record && r,
        section: () => resultsSection({ opts, r, l, mem, m, status, cpu }),
      });
    }
    return status;
  },
);
