export interface ContentWatch {
  contentId: string;
  percentComplete: number;
}

/**
 * A product's percent complete: its contents' percents weighted by their duration (equal weights
 * when durations are unknown). Contents never watched count as 0.
 */
export function productPercentComplete(
  contents: readonly { contentId: string; durationSeconds: number }[],
  watched: readonly ContentWatch[],
): number {
  if (contents.length === 0) return watched.length ? Math.max(...watched.map((w) => w.percentComplete)) : 0;
  const byId = new Map(watched.map((w) => [w.contentId, w.percentComplete]));
  const total = contents.reduce((s, c) => s + c.durationSeconds, 0);
  const weight = (c: { durationSeconds: number }) => (total > 0 ? c.durationSeconds / total : 1 / contents.length);
  const percent = contents.reduce((s, c) => s + weight(c) * (byId.get(c.contentId) ?? 0), 0);
  return Math.round(Math.min(100, Math.max(0, percent)) * 100) / 100;
}
