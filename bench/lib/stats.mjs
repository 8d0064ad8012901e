// Small numeric helpers for the benchmarks.

/** Nearest-rank percentile of an unsorted array (p in 0..100); null when empty. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export function summary(values) {
  if (values.length === 0) return { count: 0, p50: null, p99: null, max: null, mean: null };
  let sum = 0;
  let max = -Infinity;
  for (const v of values) {
    sum += v;
    if (v > max) max = v;
  }
  return { count: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max, mean: sum / values.length };
}

export const fmt = (v, digits = 0) => (v === null || v === undefined || Number.isNaN(v) ? 'n/a' : Number(v).toFixed(digits));
export const fmtMs = (v) => (v === null || v === undefined ? 'n/a' : `${fmt(v, 0)} ms`);
