// npm run bench -- insights [--events N] [--saves S] [--members M] [--check-ins C] [--samples K] [--days D] [--no-record]
//
// The creator's Insights of an app with a large past (issue 29, point 6): N visitor events (default
// 100,000: landing views, onboarding page saves — S of them, default 10,000 — and completions) plus M
// members' subscriptions (default 400) and C check-ins (default 4,000) for one app, bulk-appended to the
// log with SQL while the API is stopped; then the API starts and the creator-apps.insights projection
// catches up through the real relay (its batch handlers), timed. Then K sequential requests (default 500,
// after 20 warm-up) of GET /api/app-builder/getAppInsights?days=D (default 90) as the app's creator,
// alternating with the same request to a bare node:http + pg server reading the same precomputed rows
// (bench/lib/bare-insights-server.mjs). Target: API p99 <= 100 ms. Appends the figures to bench/RESULTS.md.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, logTails, markdownTable, parseOptions, sleep, waitCaughtUp } from './lib/harness.mjs';
import { signedInMember } from './lib/members.mjs';
import { freePort, startNode } from './lib/processes.mjs';
import { fmt, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = benchLog('insights');
const TARGET_P99_MS = 100;
const PROJECTION = 'creator-apps.insights';
const EMAIL = 'bench-insights-creator@example.com';

const opts = parseOptions(
  process.argv.slice(2),
  { events: 100_000, saves: 10_000, members: 400, checkIns: 4_000, samples: 500, days: 90, timeoutS: 1800, record: true },
  {
    numbers: {
      '--events': 'events',
      '--saves': 'saves',
      '--members': 'members',
      '--check-ins': 'checkIns',
      '--samples': 'samples',
      '--days': 'days',
      '--timeout-s': 'timeoutS',
    },
    switches: { '--no-record': ['record', false] },
  },
);

/** How many saves, completions and views the options make (visitor i of the starters reaches i % 3 + 1 pages; i % 3 = 2 completes). */
function plan({ events, saves }) {
  const starters = Math.floor(saves / 2);
  let savesMade = 0;
  let completions = 0;
  for (let i = 0; i < starters; i++) {
    savesMade += (i % 3) + 1;
    if (i % 3 === 2) completions += 1;
  }
  const views = events - savesMade - completions;
  if (views <= 0) throw new Error('--events must exceed the saves and completions');
  return { starters, saves: savesMade, completions, views, visitors: Math.max(starters, Math.floor(views / 2)) };
}

/**
 * The app's past, appended in one transaction in the order it happened (spread over the last 89 days):
 * landing views, onboarding saves and completions, the plans sold, subscriptions (half with a trial, a
 * part of them converted, a tenth canceled) and check-ins; every stream's head moved to its last version.
 */
async function bulkAppend(databaseUrl, app, shape, { members, checkIns }) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const started = Date.now();
    await c.query('begin');
    await c.query('set local synchronous_commit = off');
    await c.query(`create temporary table bench_ev (at timestamptz not null, stream text not null, type text not null, payload jsonb not null)
                   on commit drop`);
    const span = `89 * 86400.0`;
    // a visitor's first visit, spread over the period
    const firstSeen = (i) => `now() - (${span} * (1 - (${i})::float8 / ${shape.visitors})) * interval '1 second'`; // shape.visitors: a number
    await c.query(
      `insert into bench_ev
       select least(now(), ${firstSeen('g % $4::int')} + (g / $4::int) * interval '3 hours'),
              'app-landing-' || $1::text || '-' || $2::text, 'AppLandingViewed',
              jsonb_build_object('storefrontSlug', $1::text, 'appSlug', $2::text, 'visitorId', 'anon_bench' || (g % $4::int),
                                 'viewedAt', to_char(least(now(), ${firstSeen('g % $4::int')} + (g / $4::int) * interval '3 hours') at time zone 'UTC',
                                                     'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         from generate_series(0, $3::int - 1) g`,
      [app.storefrontSlug, app.appSlug, shape.views, shape.visitors],
    );
    await c.query(
      `insert into bench_ev
       select least(now(), ${firstSeen('i')} + (10 + k) * interval '1 minute'),
              'app-visitor-' || $1::text || '-anon_bench' || i, 'OnboardingUserStateSaved',
              jsonb_build_object('appId', $1::text, 'visitorId', 'anon_bench' || i, 'userState', jsonb_build_object('answers', '{}'::jsonb),
                                 'pagesInfo', jsonb_build_object('currentPageId', 'page-' || (k + 1),
                                                                 'completedPageIds', (select coalesce(jsonb_agg('page-' || (j + 1)), '[]'::jsonb)
                                                                                        from generate_series(0, k - 1) j)))
         from generate_series(0, $2::int - 1) i cross join lateral generate_series(0, i % 3) k`,
      [app.appId, shape.starters],
    );
    await c.query(
      `insert into bench_ev
       select least(now(), ${firstSeen('i')} + interval '20 minutes'), 'app-visitor-' || $1::text || '-anon_bench' || i, 'OnboardingCompleted',
              jsonb_build_object('appId', $1::text, 'visitorId', 'anon_bench' || i, 'finalUserState', '{}'::jsonb,
                                 'pagesInfo', jsonb_build_object('currentPageId', 'page-3', 'completedPageIds', '["page-1","page-2","page-3"]'::jsonb))
         from generate_series(0, $2::int - 1) i where i % 3 = 2`,
      [app.appId, shape.starters],
    );
    const option = (id, amount, interval, trialDays) =>
      `jsonb_build_object('id', '${id}', 'priceId', 'price_${id}', 'amountInCents', ${amount}, 'currency', 'usd', 'interval', '${interval}',
                          'intervalCount', 1, 'displayName', '${id}', 'description', '', 'features', '[]'::jsonb, 'planCategory', 'app',
                          'trialDays', ${trialDays}, 'periodCreditInCents', 0, 'tierSlug', null)`;
    await c.query(
      `insert into bench_ev values (now() - interval '90 days', 'price-options-' || $1::text || '-' || $2::text, 'PriceOptionsDefined',
         jsonb_build_object('storefrontSlug', $1::text, 'appSlug', $2::text, 'appId', $3::text, 'stripeProductId', 'prod_bench',
                            'options', jsonb_build_array(${option('annual', 7999, 'year', 7)}, ${option('monthly', 999, 'month', 0)}),
                            'definedBy', 'bench'))`,
      [app.storefrontSlug, app.appSlug, app.appId],
    );
    // members: m signs up on day (m * 84 / M) of the last 84 days
    const joined = (m, count = '$4') => `now() - (84 * 86400.0 * (1 - (${m})::float8 / ${count}::int)) * interval '1 second'`;
    await c.query(
      `insert into bench_ev
       select ${joined('m')}, 'subscription-sub_bench' || m, 'SubscriptionStarted',
              jsonb_build_object('subscriptionId', 'sub_bench' || m, 'userId', 'bench-member-' || m, 'customerId', 'cus_bench' || m,
                                 'storefrontSlug', $1::text, 'appSlug', $2::text, 'appId', $3::text,
                                 'priceOptionId', case when m % 3 = 0 then 'monthly' else 'annual' end, 'planDisplayName', 'plan',
                                 'tierSlug', null, 'status', case when m % 2 = 0 then 'trialing' else 'active' end,
                                 'trialEnd', null, 'currentPeriodEnd', null, 'startedAt', now()::text)
         from generate_series(0, $4::int - 1) m`,
      [app.storefrontSlug, app.appSlug, app.appId, members],
    );
    await c.query(
      `insert into bench_ev
       select ${joined('m', '$1')} + case when m % 2 = 0 then interval '7 days' else interval '1 minute' end, 'subscription-sub_bench' || m,
              'SubscriptionRenewed',
              jsonb_build_object('subscriptionId', 'sub_bench' || m, 'userId', 'bench-member-' || m, 'invoiceId', 'in_bench' || m,
                                 'amountPaidInCents', case when m % 3 = 0 then 999 else 7999 end, 'periodStart', now()::text, 'periodEnd', now()::text)
         from generate_series(0, $1::int - 1) m where m % 2 = 1 or m % 4 = 0`,
      [members],
    );
    await c.query(
      `insert into bench_ev
       select ${joined('m', '$1')} + interval '10 days', 'subscription-sub_bench' || m, 'SubscriptionCanceled',
              jsonb_build_object('subscriptionId', 'sub_bench' || m, 'userId', 'bench-member-' || m, 'canceledAt', now()::text)
         from generate_series(0, $1::int - 1) m where m % 10 = 0`,
      [members],
    );
    await c.query(
      `insert into bench_ev
       select at, 'app-member-' || $1::text || '-bench-member-' || (g % $3::int), 'MemberCheckedIn',
              jsonb_build_object('appId', $1::text, 'memberId', 'bench-member-' || (g % $3::int), 'clientId', 'check-' || g,
                                 'localDate', to_char(at at time zone 'UTC', 'YYYY-MM-DD'), 'timeZone', 'UTC',
                                 'mood', 3, 'effort', 3, 'note', null)
         from (select g, least(now(), ${joined('g % $3::int', '$3')} + ((g / $3::int) * 2) * interval '1 day') as at
                 from generate_series(0, $2::int - 1) g) s`,
      [app.appId, checkIns, members],
    );
    await c.query(
      `insert into domain_event (event_id, stream_id, stream_version, type, schema_version, payload, metadata, recorded_at)
       select gen_random_uuid(), stream,
              coalesce((select version from event_stream s where s.stream_id = e.stream), 0) + row_number() over (partition by stream order by at),
              type, 1, payload,
              jsonb_build_object('actor', 'bench', 'correlationId', gen_random_uuid(), 'causationId', null,
                                 'occurredAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              at
         from bench_ev e order by at`,
    );
    await c.query(
      `insert into event_stream (stream_id, version)
       select stream_id, max(stream_version) from domain_event group by stream_id
       on conflict (stream_id) do update set version = excluded.version`,
    );
    const { rows } = await c.query('select type, count(*)::int as n from bench_ev group by type order by type');
    await c.query('commit');
    await c.query('analyze domain_event');
    log(`appended ${rows.map((r) => `${r.n} ${r.type}`).join(', ')} in ${Date.now() - started} ms`);
    return Object.fromEntries(rows.map((r) => [r.type, r.n]));
  } finally {
    await c.end();
  }
}

/** Every subscriber but the insights projection skips the bulk-appended past (its checkpoint moved to the head). */
async function skipPastForOthers(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(
      `with head as (select transaction_id, position from domain_event order by transaction_id desc, position desc limit 1)
       update event_checkpoint set transaction_id = head.transaction_id, position = head.position from head
        where subscriber <> $1 returning subscriber`,
      [PROJECTION],
    );
    log(`${rows.length} other subscribers moved to the head; ${PROJECTION} catches up`);
  } finally {
    await c.end();
  }
}

/** Until the insights projection's checkpoint is at the head: the time it took since `since`. */
async function timeCatchUp(databaseUrl, deadline, since) {
  await waitCaughtUp(databaseUrl, deadline, { subscriber: PROJECTION, pollMs: 100 });
  return Date.now() - since;
}

async function measure(apiUrl, bareUrl, token, appId, { samples, days }) {
  const api = [];
  const bare = [];
  let errors = 0;
  let sample = null;
  const url = `/api/app-builder/getAppInsights?appId=${appId}&days=${days}`;
  for (let i = 0; i < samples + 20; i++) {
    const t0 = performance.now();
    const res = await fetch(apiUrl + url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (!res.ok) errors += 1;
    else sample = body.response;
    const t1 = performance.now();
    const b = await fetch(`${bareUrl}/insights?appId=${appId}&days=${days}`);
    await b.arrayBuffer();
    const bareMs = performance.now() - t1;
    if (!b.ok) errors += 1;
    if (i >= 20) {
      api.push(ms);
      bare.push(bareMs);
    }
  }
  return { api: summary(api), bare: summary(bare), errors, sample };
}

benchRun('insights', { timeoutS: opts.timeoutS }, async (ctx) => {
  const { machine: m, databaseUrl, logDir, deadline, db, startApi, failed, report } = ctx;
  const shape = plan(opts);
  const loadBefore = os.loadavg();
  let status = 'ok';
  let appended = null;
  let catchUpMs = null;
  let result = null;
  let processes = [];
  try {
    const env = { IDENTITY_ADMIN_EMAIL: 'nobody@example.com' };
    let { api, port, baseUrl } = await startApi({ env, readyMs: 120_000 });
    processes = [api];
    const creatorDb = await db();
    const { token } = await signedInMember(baseUrl, creatorDb, EMAIL, { familyName: 'Creator' }).finally(() => creatorDb.end());
    const created = await fetch(`${baseUrl}/api/app-builder/createApp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Insights Run' }),
    });
    if (created.status !== 201) throw new Error(`createApp answered ${created.status}: ${await created.text()}`);
    const app = (await created.json()).response.app;
    log(`app ${app.appId} (${app.storefrontSlug}/${app.appSlug})`);
    await waitCaughtUp(databaseUrl, Math.min(deadline, Date.now() + 60_000));
    await api.stop();

    appended = await bulkAppend(databaseUrl, app, shape, opts);
    await skipPastForOthers(databaseUrl);
    const since = Date.now();
    ({ api } = await startApi({ port, env, readyMs: 120_000 }));
    processes = [api];
    catchUpMs = await timeCatchUp(databaseUrl, deadline, since);
    log(`${PROJECTION} caught up in ${catchUpMs} ms (API start included)`);

    const barePort = await freePort();
    const bare = startNode('bare', path.join(here, 'lib/bare-insights-server.mjs'), {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(barePort) },
      logDir,
    });
    processes.push(bare);
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${barePort}/insights?appId=${app.appId}&days=7`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 100) throw new Error(`the bare server did not start:\n${bare.tail()}`);
      await sleep(100);
    }
    result = await measure(baseUrl, `http://127.0.0.1:${barePort}`, token, app.appId, opts);
    log(
      `API p50 ${fmt(result.api.p50, 1)} ms, p99 ${fmt(result.api.p99, 1)} ms; bare p50 ${fmt(result.bare.p50, 1)} ms, p99 ${fmt(result.bare.p99, 1)} ms; ${result.errors} errors`,
    );
    const f = result.sample?.funnel;
    if (!f || f.views !== shape.views) status = `the report counts ${f?.views} landing views of the ${shape.views} appended`;
    if (result.api.p99 > TARGET_P99_MS) status = `over target: API p99 ${fmt(result.api.p99, 1)} ms`;
    if (result.errors > 0) status = `${result.errors} errors`;
  } catch (err) {
    status = failed(err);
    logTails(processes, log);
  } finally {
    const loadAfter = os.loadavg();
    const f = result?.sample?.funnel;
    const rows = [
      [
        'log appended (one app)',
        appended
          ? `${shape.views + shape.saves + shape.completions} visitor events (${appended.AppLandingViewed} landing views by ${shape.visitors} visitors, ${appended.OnboardingUserStateSaved} onboarding saves, ${appended.OnboardingCompleted} completions) + ${opts.members} subscriptions, ${appended.SubscriptionRenewed ?? 0} renewals, ${appended.SubscriptionCanceled ?? 0} cancellations, ${appended.MemberCheckedIn ?? 0} check-ins, over 89 days`
          : 'n/a',
      ],
      ['projection catch-up (API start to checkpoint at head)', catchUpMs === null ? 'n/a' : `${fmt(catchUpMs / 1000, 1)} s`],
      [
        'report read (90 days)',
        f
          ? `funnel ${f.views} views, ${f.visitors} visitors, ${f.started} started, ${f.completed} completed, ${f.trials} trials, ${f.paid} paid; ${result.sample.pages.length} pages; ${result.sample.checkIns.cohorts.length} cohorts`
          : 'n/a',
      ],
      ['samples', `${opts.samples} sequential, API and bare alternating (after 20 warm-up)`],
      [
        `API GET getAppInsights?days=${opts.days}`,
        result ? `p50 ${fmt(result.api.p50, 1)} ms, p99 ${fmt(result.api.p99, 1)} ms (target <= ${TARGET_P99_MS})` : 'n/a',
      ],
      ['bare node:http + pg, same rows', result ? `p50 ${fmt(result.bare.p50, 1)} ms, p99 ${fmt(result.bare.p99, 1)} ms` : 'n/a'],
      ['ratio API / bare p99', result ? `${fmt(result.api.p99 / Math.max(0.01, result.bare.p99), 2)}x` : 'n/a'],
      [
        'machine load (1/5/15 min)',
        `before ${loadBefore.map((l) => fmt(l, 2)).join('/')}, after ${loadAfter.map((l) => fmt(l, 2)).join('/')}`,
      ],
    ];
    report({
      title: 'Insights benchmark',
      rows,
      status,
      record: opts.record && result,
      section: () => [
        '',
        `## insights — ${new Date().toISOString()}${status === 'ok' ? '' : ` — ${status.toUpperCase()}`}`,
        '',
        `Machine: ${m.cores} cores (\`nproc\`, ${m.cpuModel.split(' ')[0]}), ${fmt(m.memGiB, 1)} GiB RAM, ${os.platform()} ${os.release()}; Node ${m.node}.`,
        `Command: \`npm run bench -- insights --events ${opts.events} --saves ${opts.saves} --members ${opts.members} --check-ins ${opts.checkIns} --samples ${opts.samples} --days ${opts.days}\`.`,
        '',
        ...markdownTable(rows),
      ],
    });
  }
  return status;
});
