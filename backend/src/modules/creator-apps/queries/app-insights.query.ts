import { Injectable } from '@nestjs/common';
import type { AppInsights } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { cohortRetention, dayOf, reportDays, round4 } from '../domain/insights';

interface DayRow {
  day: string;
  views: number;
  visitors: number;
  started: number;
  completed: number;
  plan_ready: number;
  accounts: number;
  trials: number;
  paid: number;
  churned: number;
  revenue_cents: string;
}

interface MembersRow {
  current: number;
  trialing: number;
  paying: number;
  conversions: number;
  trials_started: number;
  churned: number;
  churned_in_range: number;
  at_start: number;
  joined: number;
  monthly: string;
  annual: string;
  currency: string | null;
}

interface ReportRow {
  days: DayRow[];
  check_in_days: { day: string; n: number }[];
  pages: { page_id: string; reached: number; stopped: number }[];
  members: MembersRow;
  cohort_members: { member_id: string; signed_up: string }[];
  cohort_check_ins: { member_id: string; day: string }[];
  recent_check_ins: number;
}

/** Weeks of sign-up cohorts shown. */
const COHORT_WEEKS = 12;
const DAY_MS = 86_400_000;
const CURRENT = `('active', 'trialing', 'past_due')`;
const PAYING = `('active', 'past_due')`;

/**
 * The whole report in one round trip ($1 app, $2..$3 the range, $4 the first day of the cohorts shown,
 * $5 the first of the last 7 days): the app's day rows, check-ins by day, onboarding pages, subscription
 * counts and sums, the cohorts' members and their check-in days, and current members' check-ins of the
 * last 7 days. Exported for the bench's bare baseline, which runs the very same statement.
 */
export const INSIGHTS_REPORT_SQL = `
  select
    (select coalesce(json_agg(d), '[]') from (
       select day::text as day, views, visitors, started, completed, plan_ready, accounts, trials, paid, churned,
              revenue_cents::text as revenue_cents
         from app_insights_day where app_id = $1 and day between $2::date and $3::date) d) as days,
    (select coalesce(json_agg(c), '[]') from (
       select day::text as day, count(*)::int as n from app_insights_check_in
        where app_id = $1 and day between $2::date and $3::date group by day) c) as check_in_days,
    (select coalesce(json_agg(p order by p.position, p.reached desc, p.page_id), '[]') from (
       select page_id, reached, stopped, position from app_insights_page where app_id = $1) p) as pages,
    (select row_to_json(m) from (
       select count(*) filter (where status in ${CURRENT})::int as current,
              count(*) filter (where status = 'trialing')::int as trialing,
              count(*) filter (where status in ${PAYING})::int as paying,
              count(*) filter (where had_trial and paid_at is not null)::int as conversions,
              count(*) filter (where had_trial)::int as trials_started,
              count(*) filter (where canceled_at is not null)::int as churned,
              count(*) filter (where canceled_at >= $2::date)::int as churned_in_range,
              count(*) filter (where started_at < $2::date and (canceled_at is null or canceled_at >= $2::date))::int as at_start,
              count(*) filter (where started_at >= $2::date)::int as joined,
              coalesce(sum(monthly_cents) filter (where status in ${PAYING} and interval = 'month'), 0)::text as monthly,
              coalesce(sum(monthly_cents) filter (where status in ${PAYING} and interval = 'year'), 0)::text as annual,
              max(currency) as currency
         from app_insights_subscription where app_id = $1) m) as members,
    (select coalesce(json_agg(cm), '[]') from (
       select user_id as member_id, (min(started_at) at time zone 'UTC')::date::text as signed_up
         from app_insights_subscription where app_id = $1 group by user_id having min(started_at) >= $4::date) cm) as cohort_members,
    (select coalesce(json_agg(cc), '[]') from (
       select member_id, day::text as day from app_insights_check_in where app_id = $1 and day >= $4::date) cc) as cohort_check_ins,
    (select count(*)::int from app_insights_check_in c
      where c.app_id = $1 and c.day between $5::date and $3::date
        and exists (select 1 from app_insights_subscription s
                     where s.app_id = c.app_id and s.user_id = c.member_id and s.status in ${CURRENT})) as recent_check_ins`;

/** The creator's Insights of one app, read from the creator-apps.insights read model (app_insights_*). */
@Injectable()
export class AppInsightsQueries {
  constructor(private readonly orm: Database) {}

  async report(appId: string, days: number, now = new Date()): Promise<AppInsights> {
    const range = reportDays(now, days);
    const [from, to] = [range[0], range[range.length - 1]];
    const cohortsFrom = dayOf(Date.parse(`${to}T00:00:00Z`) - COHORT_WEEKS * 7 * DAY_MS);
    const weekAgo = dayOf(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS);
    const { rows: found } = await this.orm.query({ text: INSIGHTS_REPORT_SQL, values: [appId, from, to, cohortsFrom, weekAgo] });
    const [report] = found as ReportRow[];
    const { days: dayRows, check_in_days: checkInDays, pages, members, cohort_members: cohortMembers } = report;
    const { cohort_check_ins: cohortCheckIns, recent_check_ins: recentCheckIns } = report;

    const byDate = new Map(dayRows.map((d) => [d.day, d]));
    const checkInsOn = new Map(checkInDays.map((d) => [d.day, d.n]));
    const byDay = range.map((day) => {
      const d = byDate.get(day);
      return {
        day,
        views: d?.views ?? 0,
        visitors: d?.visitors ?? 0,
        started: d?.started ?? 0,
        completed: d?.completed ?? 0,
        planReady: d?.plan_ready ?? 0,
        accounts: d?.accounts ?? 0,
        trials: d?.trials ?? 0,
        paid: d?.paid ?? 0,
        churned: d?.churned ?? 0,
        revenueInCents: Number(d?.revenue_cents ?? 0),
        checkIns: checkInsOn.get(day) ?? 0,
      };
    });
    const sum = (k: keyof (typeof byDay)[number]) => byDay.reduce((n, d) => n + (d[k] as number), 0);
    const checkInsOf = new Map<string, string[]>();
    for (const c of cohortCheckIns) checkInsOf.set(c.member_id, [...(checkInsOf.get(c.member_id) ?? []), c.day]);
    const monthly = Number(members.monthly);
    const annual = Number(members.annual);
    return {
      appId,
      days,
      from,
      to,
      funnel: {
        views: sum('views'),
        visitors: sum('visitors'),
        started: sum('started'),
        completed: sum('completed'),
        planReady: sum('planReady'),
        accounts: sum('accounts'),
        trials: sum('trials'),
        paid: sum('paid'),
      },
      byDay,
      pages: pages.map((p) => ({
        pageId: p.page_id,
        reached: p.reached,
        stopped: p.stopped,
        dropOff: p.reached > 0 ? round4(p.stopped / p.reached) : 0,
      })),
      members: {
        current: members.current,
        trialing: members.trialing,
        paying: members.paying,
        conversions: members.conversions,
        trialsStarted: members.trials_started,
        conversionRate: members.trials_started > 0 ? round4(members.conversions / members.trials_started) : 0,
        churned: members.churned,
        churnedInRange: members.churned_in_range,
        churnRate:
          members.at_start + members.joined > 0 ? round4(members.churned_in_range / (members.at_start + members.joined)) : 0,
      },
      checkIns: {
        rate7d: members.current > 0 ? round4(recentCheckIns / (members.current * 7)) : 0,
        inRange: sum('checkIns'),
        cohorts: cohortRetention(
          cohortMembers.map((m) => ({ memberId: m.member_id, signedUp: m.signed_up })),
          checkInsOf,
          to,
          COHORT_WEEKS,
        ),
      },
      revenue: {
        mrrInCents: monthly + annual,
        monthlyPlansInCents: monthly,
        annualPlansNormalisedInCents: annual,
        collectedInRangeInCents: sum('revenueInCents'),
        currency: members.currency ?? 'usd',
      },
    };
  }
}
