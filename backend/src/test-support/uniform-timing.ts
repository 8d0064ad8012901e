/**
 * Measures whether two kinds of call (e.g. a known and an unknown username) take the same time: the
 * medians of interleaved tries, within the 5 ms. A leak (work skipped for one kind, an early
 * answer) separates the medians in every round; a busy machine's scheduling noise only now and then,
 * so a round of TRIES is measured again, up to ROUNDS times, and the claim holds when one round's
 * medians are within the bound. Every round's gap is kept for the failure message.
 */
const TRIES = 30;
const ROUNDS = 4;
export const UNIFORM_BOUND_MS = 5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/**
 * Each try sends one of each side by side (which starts first alternates), so a burst of load from
 * elsewhere on the machine slows both alike; answers the medians of both.
 */
async function interleaved(a: (i: number) => Promise<number>, b: (i: number) => Promise<number>) {
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    const [x, y] = i % 2 ? await Promise.all([a(i), b(i)]) : (await Promise.all([b(i), a(i)])).reverse();
    as.push(x);
    bs.push(y);
  }
  return { a: median(as), b: median(bs) };
}

/** The smallest gap between the two medians over up to ROUNDS rounds, and every round's gap. */
export async function medianGap(a: (i: number) => Promise<number>, b: (i: number) => Promise<number>) {
  const gaps: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const m = await interleaved(a, b);
    gaps.push(Math.abs(m.a - m.b));
    if (gaps[gaps.length - 1] <= UNIFORM_BOUND_MS) break;
  }
  return { best: Math.min(...gaps), gaps };
}
