/**
 * `work`'s answer if it comes within `ms`, else `fallback`. For a caller that can go on without Redis:
 * its commands queue while Redis is away instead of failing. A late or failed answer is handed to
 * `onMiss` (a failure after the deadline is handled by the race, and dropped).
 */
export async function withinMs<T>(work: Promise<T>, ms: number, fallback: T, onMiss?: (err: unknown) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), ms)));
  try {
    const outcome = await Promise.race([work, late]);
    if (outcome !== LATE) return outcome;
    onMiss?.(new Error(`Redis did not answer within ${ms} ms`));
    return fallback;
  } catch (err) {
    onMiss?.(err);
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

const LATE = Symbol('late');
