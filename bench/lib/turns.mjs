/**
 * One side's turns of a bench run in turns (A, B, A, B, …) as one run: requests summed, the rate over
 * the side's whole time, p50 the median turn's, p99 the worst turn's, errors and client CPU summed.
 */
export function combineTurns(turns, durationS) {
  const total = turns.reduce((n, t) => n + t.total, 0);
  const p50s = turns.map((t) => t.p50).sort((x, y) => x - y);
  return {
    total,
    rps: total / durationS,
    p50: p50s[Math.floor((p50s.length - 1) / 2)],
    p99: Math.max(...turns.map((t) => t.p99)),
    errors: turns.reduce((n, t) => n + t.errors, 0),
    clientCpuS: turns.reduce((n, t) => n + (t.clientCpuS ?? 0), 0),
  };
}
