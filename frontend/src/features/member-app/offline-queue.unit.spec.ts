import { enqueue, flushQueue, readQueue, type QueuedAction, type QueueStore } from './offline-queue';

const memoryStore = (): QueueStore & { value: string | null } => {
  const s = {
    value: null as string | null,
    read: () => s.value,
    write: (v: string | null) => {
      s.value = v;
    },
  };
  return s;
};

const checkIn = (clientId: string): QueuedAction => ({ kind: 'checkIn', clientId, body: { mood: 4, effort: 3 } });
const done = (clientId: string): QueuedAction => ({ kind: 'completeSession', clientId, body: { phaseId: 'p1' } });

describe('the offline queue', () => {
  it('keeps actions in the order they were made, each client id once', () => {
    const store = memoryStore();
    enqueue(store, checkIn('a'));
    enqueue(store, done('b'));
    enqueue(store, checkIn('a'));
    expect(readQueue(store).map((a) => a.clientId)).toEqual(['a', 'b']);
  });

  it('sends in order and empties itself', async () => {
    const store = memoryStore();
    enqueue(store, checkIn('a'));
    enqueue(store, done('b'));
    const seen: string[] = [];
    const result = await flushQueue(store, async (a) => {
      seen.push(a.clientId);
      return { ok: true };
    });
    expect(seen).toEqual(['a', 'b']);
    expect(result).toEqual({ left: [], sent: 2, refused: [] });
    expect(store.value).toBeNull();
  });

  it('stops at a network failure and keeps the rest, in order, for the next try', async () => {
    const store = memoryStore();
    ['a', 'b', 'c'].forEach((id) => enqueue(store, checkIn(id)));
    const result = await flushQueue(store, async (a) =>
      a.clientId === 'b' ? { ok: false, retry: true, message: 'offline' } : { ok: true },
    );
    expect(result.sent).toBe(1);
    expect(result.left.map((a) => a.clientId)).toEqual(['b', 'c']);
  });

  it('drops an action the server refuses, reports it, and goes on', async () => {
    const store = memoryStore();
    ['a', 'b'].forEach((id) => enqueue(store, checkIn(id)));
    const result = await flushQueue(store, async (a) =>
      a.clientId === 'a' ? { ok: false, retry: false, message: 'Mood must be from 1 to 5.' } : { ok: true },
    );
    expect(result.refused).toEqual([{ action: checkIn('a'), message: 'Mood must be from 1 to 5.' }]);
    expect(result.sent).toBe(1);
    expect(result.left).toEqual([]);
  });
});
