import type { EntityManager } from '@mikro-orm/postgresql';
import { rows } from '../database/sql';

/**
 * Read models trail the event log by a moment. A read that must show the caller's own latest change
 * (or a push that must not beat the read model its page re-reads) waits for it here — briefly, and never
 * past its deadline: a stalled relay makes the answer older, never the request endless.
 */

/** Re-runs `read` (10 ms, doubling to 100 ms apart) until `done` says its value is fresh enough or
 * `timeoutMs` has passed; answers the last value read. */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let wait = 10;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = Math.min(wait * 2, 100);
  }
}

/** The position of the last event committed so far ('0' for an empty log). */
export async function logHead(em: EntityManager): Promise<string> {
  const [{ p }] = await rows<{ p: string }>(em, 'select coalesce(max(position), 0)::text as p from domain_event');
  return p;
}

/** Waits until every named subscriber has applied the log up to `position` (or the deadline passes). */
export async function subscribersReached(
  em: EntityManager,
  subscribers: readonly string[],
  position: string | number,
  timeoutMs: number,
): Promise<void> {
  await readUntil(
    async () => {
      const [{ reached }] = await rows<{ reached: number }>(
        em,
        'select count(*)::int as reached from event_checkpoint where subscriber = any(?::text[]) and position >= ?::bigint',
        [`{${subscribers.join(',')}}`, String(position)],
      );
      return reached;
    },
    (reached) => reached === subscribers.length,
    timeoutMs,
  );
}
