import type { Database } from '../database/database';
import { CheckpointFlusher, FLUSH_EVERY_MS, type SubscriberCursor } from './checkpoint-flusher';

/** A database whose checkpoint saves succeed for every subscriber sent, recording each round's names and time. */
function fakeDatabase() {
  const rounds: { at: number; names: string[] }[] = [];
  const em = {
    isInTransaction: () => false,
    getConnection: () => ({
      execute: (_sql: string, params: unknown[]) => {
        const names = String(params[0])
          .slice(1, -1)
          .split(',')
          .map((n) => n.replace(/"/g, ''));
        rounds.push({ at: performance.now(), names });
        return Promise.resolve(names.map((subscriber) => ({ subscriber })));
      },
    }),
  };
  return { orm: { em: { fork: () => em } } as unknown as Database, rounds };
}

const cursor = (name: string, position: number): SubscriberCursor => ({
  name,
  kind: 'projection',
  at: { transactionId: '10', position: String(position) },
  saved: { transactionId: '10', position: '0' },
  stale: false,
});

describe('CheckpointFlusher', () => {
  it('saves the first move after a quiet spell at once, and the moves of the next moments together, at most once a window', async () => {
    const { orm, rounds } = fakeDatabase();
    const flusher = new CheckpointFlusher(orm);
    const a = cursor('a', 1);
    const b = cursor('b', 1);
    const startedAt = performance.now();
    flusher.moved(a);
    await flusher.flush();
    expect(rounds).toEqual([{ at: expect.any(Number), names: ['a'] }]);
    expect(a.saved).toEqual(a.at);
    // moves right after: one more round, once the window has passed, with all of them at their latest
    a.at = { transactionId: '10', position: '2' };
    flusher.moved(a);
    flusher.moved(b);
    a.at = { transactionId: '10', position: '3' };
    flusher.moved(a);
    await flusher.flush();
    expect(rounds).toHaveLength(2);
    expect(rounds[1].names.sort()).toEqual(['a', 'b']);
    expect(rounds[1].at - startedAt).toBeGreaterThanOrEqual(FLUSH_EVERY_MS - 1);
    expect(a.saved).toEqual({ transactionId: '10', position: '3' });
    expect(b.saved).toEqual(b.at);
  });

  it('with no window, saves each move as soon as the round before has ended', async () => {
    const { orm, rounds } = fakeDatabase();
    const flusher = new CheckpointFlusher(orm, 0);
    const a = cursor('a', 1);
    flusher.moved(a);
    await flusher.flush();
    a.at = { transactionId: '10', position: '2' };
    flusher.moved(a);
    await flusher.flush();
    expect(rounds.map((r) => r.names)).toEqual([['a'], ['a']]);
    expect(rounds[1].at - rounds[0].at).toBeLessThan(FLUSH_EVERY_MS);
  });
});
