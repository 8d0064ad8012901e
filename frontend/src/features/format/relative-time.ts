const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** The spec's relative time: seconds under a minute, then minutes, hours, days, 30-day months, 365-day years. */
export function formatRelativeTime(date: Date | string, now: Date = new Date(), locale?: string): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/** 65_000 -> "1:05", 3_725_000 -> "1:02:05". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A measured span of work (a build step, a run): tenths of a second under 10 s, whole seconds under
 * a minute, then "1:05". 380 -> "0.4 s", 40 -> "< 0.1 s", 12_400 -> "12 s". A clock reading of "0:00"
 * would say a step that took 0.4 s took nothing.
 */
export function formatSpan(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 50) return '< 0.1 s';
  if (ms < 9950) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 59_500) return `${Math.round(ms / 1000)} s`;
  return formatDuration(ms);
}

/** A measured typical wait in words: "a few seconds", "about 40 seconds", "about 2 minutes". */
export function formatTypicalWait(ms: number): string {
  if (ms < 10_000) return 'a few seconds';
  if (ms < 55_000) return `about ${Math.round(ms / 5000) * 5} seconds`;
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return minutes === 1 ? 'about a minute' : `about ${minutes} minutes`;
}
