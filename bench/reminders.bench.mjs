// npm run bench -- reminders [--members N] [--timeout-s S] [--no-record]
//
// N members (default 10,000) of one app, each with a daily reminder due in the same minute — in four
// time zones whose slot (morning, midday or evening) falls on that minute — plus 10% decoys in a time
// zone whose slot does not, are emailed by two worker processes: a round for that minute is put on the
// member-reminders queue (the job the every-minute job scheduler puts there), it fans the due members
// out in batches, and the batches write the emails to the outbox. Once a fifth of them are sent, one
// worker is killed (SIGKILL) and started again. Checks: every member emailed within 60 s, none twice,
// no decoy emailed. Appends a dated section to bench/RESULTS.md. Its own database and Redis prefix.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { workerMain } from '../scripts/lib/paths.mjs';
import { benchRun } from './lib/bench-run.mjs';
import {
  benchLog,
  logTails,
  markdownTable,
  parseOptions,
  recordResults,
  serverEnv,
  sleep,
  table,
  waitWorker,
} from './lib/harness.mjs';
import { startNode } from './lib/processes.mjs';

const log = benchLog('reminders');
const QUEUE = 'member-reminders';
const TARGET_MS = 60_000;

/** The minute every seeded reminder is due: 19:00 UTC on a November day (northern winter, southern summer). */
const MINUTE = '2026-11-26T19:00:00.000Z';
// [time zone, slot]: each local slot time falls on MINUTE
const DUE = [
  ['UTC', 'evening'], // 19:00
  ['Europe/London', 'evening'], // GMT in November: 19:00
  ['America/Denver', 'midday'], // MST (UTC-7): 12:00
  ['Pacific/Auckland', 'morning'], // NZDT (UTC+13): 08:00 the next day
];
const DECOY = ['America/New_York', 'evening']; // EST (UTC-5): 14:00, not due

const parseArgs = (argv) =>
  parseOptions(
    argv,
    { members: 10_000, timeoutS: 240, record: true },
    { numbers: { '--members': 'members', '--timeout-s': 'timeoutS' }, switches: { '--no-record': ['record', false] } },
  );

async function seed(pg, members) {
  const appId = '00000000-0000-4000-8000-000000000029';
  await pg.query(
    `insert into creator_app (app_id, owner_id, name, storefront_slug, app_slug, is_idea, prompt, created_at, updated_at, published_at, version)
     values ($1, 'bench-creator', 'Stride Coach', 'bench', 'stride', false, 'bench', now(), now(), now(), 1)`,
    [appId],
  );
  const decoys = Math.ceil(members / 10);
  const zones = DUE.map(([z]) => z);
  const slots = DUE.map(([, s]) => s);
  await pg.query(
    `with m as (
       select i, 'bench-member-' || i as member_id,
              case when i <= $2::int then ($3::text[])[1 + (i % 4)] else $5::text end as tz,
              case when i <= $2::int then ($4::text[])[1 + (i % 4)] else $6::text end as slot
         from generate_series(1, $2::int + $7::int) as i
     ), a as (
       insert into app_member_access (subscription_id, user_id, app_id, status, started_at)
       select 'sub_bench_' || i, member_id, $1::text, 'active', now() from m
     ), c as (
       insert into app_member_contact (user_id, email, first_name) select member_id, member_id || '@bench.example.com', 'Member' from m
     )
     insert into app_member_reminder (app_id, member_id, slot, weekly_summary, time_zone, updated_at)
     select $1::text, member_id, slot, false, tz, now() from m`,
    [appId, members, zones, slots, DECOY[0], DECOY[1], decoys],
  );
  return { appId, decoys };
}

const opts = parseArgs(process.argv.slice(2));

benchRun(
  'reminders',
  { timeoutS: opts.timeoutS, database: `sparkhouse_bench_reminders_${randomBytes(3).toString('hex')}` },
  async ({ machine: m, databaseUrl, redisUrl, redis, prefix, logDir, db, failed }) => {
    const workers = [];
    try {
      const pg = await db();
      const seeded = await seed(pg, opts.members);
      log(
        `seeded ${opts.members} members due at ${MINUTE} (${DUE.map(([z, s]) => `${z} ${s}`).join(', ')}) and ${seeded.decoys} decoys`,
      );

      const env = serverEnv({
        port: 3999, // unused: workers serve no HTTP
        databaseUrl,
        redisUrl,
        prefix,
        RUN_PROJECTIONS: 'false',
        WORKER_LOCK_MS: '5000',
        WORKER_STALLED_CHECK_MS: '2000',
      });
      const deadline = Date.now() + 120_000;
      const start = (name) => {
        const w = startNode(name, workerMain, { env, logDir });
        workers.push(w);
        return w;
      };
      const a = start('worker-a');
      const b = start('worker-b');
      await waitWorker(a, { redisUrl, prefix, queueName: QUEUE, deadline });
      await waitWorker(b, { redisUrl, prefix, queueName: QUEUE, deadline });
      log(`two workers consuming ${QUEUE} (pids ${a.pid}, ${b.pid})`);

      const queue = new Queue(QUEUE, { connection: redis, prefix });
      const schedulers = await queue.getJobSchedulers();
      const loadBefore = os.loadavg();
      const sentCount = async () =>
        (await pg.query(`select count(*)::int as n from member_reminder_delivery where kind = 'daily'`)).rows[0].n;

      const t0 = Date.now();
      await queue.add(
        'reminders.round',
        { minute: MINUTE },
        { jobId: 'bench-round', attempts: 5, backoff: { type: 'fixed', delay: 500 } },
      );
      let killedAt = null;
      let restartedAt = null;
      let sentAtKill = null;
      let done = null;
      while (Date.now() - t0 < opts.timeoutS * 1000) {
        const n = await sentCount();
        if (killedAt === null && n >= opts.members / 5) {
          sentAtKill = n;
          a.child.kill('SIGKILL');
          killedAt = Date.now() - t0;
          await a.exited;
          const again = start('worker-a-restarted');
          // consuming again: two workers registered with BullMQ once more (the killed one's registration lapses)
          while (Date.now() - t0 < opts.timeoutS * 1000) {
            if (!again.running) throw new Error(`the restarted worker exited:\n${again.tail()}`);
            if ((await queue.getWorkers()).length >= 2) break;
            await sleep(100);
          }
          restartedAt = Date.now() - t0;
          log(`killed worker-a (SIGKILL) at ${killedAt} ms with ${n} sent; restarted, consuming again at ${restartedAt} ms`);
        }
        if (n >= opts.members) {
          done = Date.now() - t0;
          break;
        }
        await sleep(50);
      }
      const loadAfter = os.loadavg();
      // a moment more, so a late duplicate would show
      await sleep(3000);
      const counts = (
        await pg.query(
          `select count(*)::int as emails, count(distinct to_address)::int as recipients,
                count(*) filter (where to_address like 'bench-member-%' and split_part(split_part(to_address, '@', 1), '-', 3)::int > $1)::int as decoys
           from email_outbox where subject = 'Time for today''s step in Stride Coach'`,
          [opts.members],
        )
      ).rows[0];
      const deliveries = await sentCount();
      await queue.close();

      const duplicates = counts.emails - counts.recipients;
      const lost = opts.members - counts.recipients + counts.decoys;
      const pass =
        done !== null && done <= TARGET_MS && duplicates === 0 && counts.decoys === 0 && counts.recipients === opts.members;
      const rows = [
        ['members due in the minute', `${opts.members} (4 time zones) + ${seeded.decoys} not due`],
        ['workers', '2 worker processes; one SIGKILLed and restarted mid-run'],
        ['job scheduler', schedulers.map((s) => `${s.key ?? s.id ?? s.name}: ${s.pattern}`).join(', ') || 'none'],
        ['all emailed after', done === null ? `NOT within ${opts.timeoutS} s (${deliveries} sent)` : `${done} ms`],
        ['killed at / consuming again at', `${killedAt} ms (${sentAtKill} sent) / ${restartedAt} ms`],
        ['emails in the outbox / distinct members', `${counts.emails} / ${counts.recipients}`],
        ['duplicates', duplicates],
        ['lost', Math.max(0, lost)],
        ['decoys emailed', counts.decoys],
        ['load average before / after (1 min)', `${loadBefore[0].toFixed(2)} / ${loadAfter[0].toFixed(2)}`],
        ['target', `all within 60 s, 0 duplicates, 0 lost: ${pass ? 'met' : 'NOT met'}`],
      ];
      console.log(table(rows));
      if (opts.record) {
        const lines = [
          '',
          `## reminders — ${new Date().toISOString()}`,
          '',
          `Machine: ${m.cores} cores (${m.cpuModel}), Node ${m.node}. Run under the shared heavy lock; the machine is shared with other engineers' work (load average above).`,
          '',
          ...markdownTable(rows),
          '',
          'The round is the job the `member-reminders-every-minute` scheduler (cron `* * * * *`) puts on the queue, given the bench minute',
          'explicitly (`data.minute`) instead of waiting for the wall clock; members are seeded straight into the read models',
          '(subscriptions, contacts, reminder settings) rather than replayed from 30,000 events.',
        ];
        recordResults(lines, log);
      }
      return pass ? 0 : 1;
    } catch (err) {
      failed(err);
      logTails(workers, log);
      return 1;
    }
  },
);
