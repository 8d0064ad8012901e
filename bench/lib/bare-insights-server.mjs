// The bare baseline of the insights bench: node:http + a pg Pool reading the same precomputed rows as
// GET /api/app-builder/getAppInsights (app_insights_day, _check_in, _page, _subscription: the same
// statements, run in parallel as the API's query runs them), answering them as JSON. No framework, no
// authentication, no ownership check, no shaping beyond JSON.stringify.
// Env: DATABASE_URL, PORT, POOL_MAX.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const CURRENT = `('active', 'trialing', 'past_due')`;
const PAYING = `('active', 'past_due')`;
const DAY_MS = 86_400_000;
const dayOf = (t) => new Date(t).toISOString().slice(0, 10);

async function report(appId, days) {
  const end = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const from = dayOf(end - (days - 1) * DAY_MS);
  const to = dayOf(end);
  const cohortsFrom = dayOf(end - 84 * DAY_MS);
  const weekAgo = dayOf(end - 6 * DAY_MS);
  const q = (text, params) => pool.query(text, params).then((r) => r.rows);
  const [byDay, checkIns, pages, members, cohortMembers, cohortCheckIns, recent] = await Promise.all([
    q(
      `select day::text as day, views, visitors, started, completed, plan_ready, accounts, trials, paid, churned, revenue_cents::text
         from app_insights_day where app_id = $1 and day between $2::date and $3::date`,
      [appId, from, to],
    ),
    q(
      `select day::text as day, count(*)::int as n from app_insights_check_in where app_id = $1 and day between $2::date and $3::date group by day`,
      [appId, from, to],
    ),
    q('select page_id, reached, stopped from app_insights_page where app_id = $1 order by position, reached desc, page_id', [appId]),
    q(
      `select count(*) filter (where status in ${CURRENT})::int as current, count(*) filter (where status = 'trialing')::int as trialing,
              count(*) filter (where status in ${PAYING})::int as paying,
              count(*) filter (where had_trial and paid_at is not null)::int as conversions, count(*) filter (where had_trial)::int as trials_started,
              count(*) filter (where canceled_at is not null)::int as churned, count(*) filter (where canceled_at >= $1::date)::int as churned_in_range,
              count(*) filter (where started_at < $1::date and (canceled_at is null or canceled_at >= $1::date))::int as at_start,
              count(*) filter (where started_at >= $1::date)::int as joined,
              coalesce(sum(monthly_cents) filter (where status in ${PAYING} and interval = 'month'), 0)::text as monthly,
              coalesce(sum(monthly_cents) filter (where status in ${PAYING} and interval = 'year'), 0)::text as annual,
              max(currency) as currency
         from app_insights_subscription where app_id = $2`,
      [from, appId],
    ),
    q(
      `select user_id as member_id, (min(started_at) at time zone 'UTC')::date::text as signed_up from app_insights_subscription
        where app_id = $1 group by user_id having min(started_at) >= $2::date`,
      [appId, cohortsFrom],
    ),
    q('select member_id, day::text as day from app_insights_check_in where app_id = $1 and day >= $2::date', [appId, cohortsFrom]),
    q(
      `select count(*)::int as check_ins from app_insights_check_in c where c.app_id = $1 and c.day between $2::date and $3::date
          and exists (select 1 from app_insights_subscription s where s.app_id = c.app_id and s.user_id = c.member_id and s.status in ${CURRENT})`,
      [appId, weekAgo, to],
    ),
  ]);
  return { appId, days, from, to, byDay, checkIns, pages, members: members[0], cohortMembers, cohortCheckIns, recent: recent[0] };
}

http
  .createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://bare');
      const body = JSON.stringify(await report(url.searchParams.get('appId'), Number(url.searchParams.get('days') ?? 30)));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500).end(String(err.message));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare insights server on ${process.env.PORT}`));
