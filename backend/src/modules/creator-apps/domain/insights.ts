import { FUNNEL_STEPS, type AppInsights } from '@sparkhouse/contracts';

/*
 * The Insights' pure rules: where a visitor is in the onboarding, what a plan is worth a month, the days
 * of a report, weekly retention of a sign-up cohort, and the CSV export.
 */

/** The visitor's current onboarding page and its position (how many pages they had completed to reach it). */
export function pageOf(pagesInfo: Record<string, unknown>): { pageId: string; position: number } | null {
  const pageId = pagesInfo.currentPageId;
  if (typeof pageId !== 'string' || pageId === '') return null;
  const done = pagesInfo.completedPageIds;
  return { pageId: pageId.slice(0, 200), position: Array.isArray(done) ? done.length : 0 };
}

/** A plan's price per month in cents: monthly plans as they are, annual ones divided by 12 (rounded). */
export function monthlyCents(price: { amountInCents: number; interval: string; intervalCount: number } | null): number {
  if (!price || price.intervalCount <= 0) return 0;
  const months = price.interval === 'year' ? 12 * price.intervalCount : price.intervalCount;
  return Math.round(price.amountInCents / months);
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a time, in UTC. */
export const dayOf = (at: Date | string | number): string => new Date(at).toISOString().slice(0, 10);

/** The `days` calendar days (UTC) ending with `today`, oldest first. */
export function reportDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => dayOf(end - (days - 1 - i) * DAY_MS));
}

/** The Monday (YYYY-MM-DD, UTC) of the week a day falls in. */
export function weekOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0
  return dayOf(t - weekday * DAY_MS);
}

export interface CohortMember {
  memberId: string;
  /** The day (YYYY-MM-DD) they signed up (started their subscription). */
  signedUp: string;
}

/**
 * Weekly retention by sign-up cohort (the week they signed up): for each week k after a member's own
 * sign-up day, the share of the cohort who checked in at least once in days [7k, 7k+7). Week k counts
 * only when it is over for every member of the cohort… except the current one, which shows as far as it
 * goes for the members already in it (week 0 of this week's cohort is shown).
 */
export function cohortRetention(
  members: readonly CohortMember[],
  checkIns: ReadonlyMap<string, readonly string[]>,
  today: string,
  maxWeeks = 12,
): AppInsights['checkIns']['cohorts'] {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const cohorts = new Map<string, CohortMember[]>();
  for (const m of members) {
    const week = weekOf(m.signedUp);
    cohorts.set(week, [...(cohorts.get(week) ?? []), m]);
  }
  return [...cohorts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, cohort]) => {
      const earliest = Math.min(...cohort.map((m) => Date.parse(`${m.signedUp}T00:00:00Z`)));
      const weeks = Math.min(maxWeeks, Math.floor((todayMs - earliest) / (7 * DAY_MS)) + 1);
      const retention = Array.from({ length: Math.max(0, weeks) }, (_, k) => {
        // members whose week k has begun
        const inWeek = cohort.filter((m) => Date.parse(`${m.signedUp}T00:00:00Z`) + 7 * k * DAY_MS <= todayMs);
        if (inWeek.length === 0) return 0;
        const active = inWeek.filter((m) => {
          const start = Date.parse(`${m.signedUp}T00:00:00Z`) + 7 * k * DAY_MS;
          return (checkIns.get(m.memberId) ?? []).some((d) => {
            const t = Date.parse(`${d}T00:00:00Z`);
            return t >= start && t < start + 7 * DAY_MS;
          });
        });
        return round4(active.length / inWeek.length);
      });
      return { week, members: cohort.length, retention };
    });
}

export const round4 = (x: number) => (Number.isFinite(x) ? Math.round(x * 10_000) / 10_000 : 0);

const CSV_COLUMNS = [
  'day',
  'views',
  ...FUNNEL_STEPS,
  'churned',
  'revenueInCents',
  'checkIns',
] as const satisfies readonly (keyof AppInsights['byDay'][number])[];

const csvCell = (v: string | number) => {
  const text = String(v);
  // a cell starting like a formula is quoted with a leading apostrophe (CSV injection)
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The report by day as CSV (RFC 4180, CRLF line ends, a header row). */
export function insightsCsv(report: Pick<AppInsights, 'byDay'>): string {
  const lines = [CSV_COLUMNS.join(','), ...report.byDay.map((d) => CSV_COLUMNS.map((c) => csvCell(d[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
