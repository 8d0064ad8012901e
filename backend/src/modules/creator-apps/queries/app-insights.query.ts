import { Injectable } from '@nestjs/common';
import type { AppInsights } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
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

/** Weeks of sign-up cohorts shown. */
const COHORT_WEEKS = 12;
const DAY_MS = 86_400_000;
const CURRENT = `('active', 'trialing', 'past_due')`;
const PAYING = `('active', 'past_due')`;

/** The creator's Insights of one app, read from the creator-apps.insights read model (app_insights_*). */
@Injectable()
export class AppInsightsQueries {
  constructor(private readonly orm: Database) {}

  async report(appId: string, days: number, now = new Date()): Promise<AppInsights> {
    const range = reportDays(now, days);
    const [from, to] = [range[0], range[range.length - 1]];
    const cohortsFrom = dayOf(Date.parse(`${to}T00:00:00Z`) - COHORT_WEEKS * 7 * DAY_MS);
    const weekAgo = dayOf(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS);
    const em = this.orm.em.fork();
    const [dayRows, checkInDays, pages, [members], cohortMembers, cohortCheckIns, [recent]] = await Promise.all([
      rows<DayRow>(
        em,
        `select day::text as day, views, visitors, started, completed, plan_ready, accounts, trials, paid, churned, revenue_cents::text
           from app_insights_day where app_id = ? and day between ?::date and ?::date`,
        [appId, from, to],
      ),
      rows<{ day: string; n: number }>(
        em,
        `select day::text as day, count(*)::int as n from app_insights_check_in where app_id = ? and day between ?::date and ?::date
          group by day`,
        [appId, from, to],
      ),
      rows<{ page_id: string; reached: number; stopped: number }>(
        em,
        'select page_id, reached, stopped from app_insights_page where app_id = ? order by position, reached desc, page_id',
        [appId],
      ),
      rows<MembersRow>(
        em,
        `select count(*) filter (where status in ${CURRENT})::int as current,
                count(*) filter (where status = 'trialing')::int as trialing,
                count(*) filter (where status in ${PAYING})::int as paying,
                count(*) filter (where had_trial and paid_at is not null)::int as conversions,
                count(*) filter (where had_trial)::int as trials_started,
                count(*) filter (where canceled_at is not null)::int as churned,
                count(*) filter (where canceled_at >= ?::date)::int as churned_in_range,
                count(*) filter (where started_at < ?::date and (canceled_at is null or canceled_at >= ?::date))::int as at_start,
                count(*) filter (where started_at >= ?::date)::int as joined,
                coalesce(sum(monthly_cents) filter (where status in ${PAYING} and interval = 'month'), 0)::text as monthly,
                coalesce(sum(monthly_cents) filter (where status in ${PAYING} and interval = 'year'), 0)::text as annual,
                max(currency) as currency
           from app_insights_subscription where app_id = ?`,
        [from, from, from, from, appId],
      ),
      rows<{ member_id: string; signed_up: string }>(
        em,
        `select user_id as member_id, (min(started_at) at time zone 'UTC')::date::text as signed_up
           from app_insights_subscription where app_id = ? group by user_id
          having min(started_at) >= ?::date`,
        [appId, cohortsFrom],
      ),
      rows<{ member_id: string; day: string }>(
        em,
        'select member_id, day::text as day from app_insights_check_in where app_id = ? and day >= ?::date',
        [appId, cohortsFrom],
      ),
      rows<{ check_ins: number }>(
        em,
        `select count(*)::int as check_ins from app_insights_check_in c
          where c.app_id = ? and c.day between ?::date and ?::date
            and exists (select 1 from app_insights_subscription s where s.app_id = c.app_id and s.user_id = c.member_id and s.status in ${CURRENT})`,
        [appId, weekAgo, to],
      ),
    ]);

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
        rate7d: members.current > 0 ? round4(recent.check_ins / (members.current * 7)) : 0,
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
