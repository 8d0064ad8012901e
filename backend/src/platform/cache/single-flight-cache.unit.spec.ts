import { SingleFlightCache } from './single-flight-cache';

/** A computation the test settles by hand, counting how often it started. */
function deferred<V>() {
  let resolve!: (v: V) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<V>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function setup(ttlMs = 5_000) {
  let clock = 1_000_000;
  const cache = new SingleFlightCache<string, number>({ ttlMs, now: () => clock });
  let calls = 0;
  const compute = (value: number) => () => {
    calls += 1;
    return Promise.resolve(value);
  };
  return { cache, compute, advance: (ms: number) => (clock += ms), calls: () => calls };
}

describe('SingleFlightCache', () => {
  it('shares one running computation between concurrent callers', async () => {
    const { cache } = setup();
    const d = deferred<number>();
    let calls = 0;
    const compute = () => ((calls += 1), d.promise);
    const all = [cache.get('app-1', compute), cache.get('app-1', compute), cache.get('app-1', compute)];
    expect(calls).toBe(1);
    d.resolve(42);
    expect(await Promise.all(all)).toEqual([42, 42, 42]);
  });

  it('keys per app: another app computes on its own', async () => {
    const { cache, compute, calls } = setup();
    expect(await cache.get('app-1', compute(1))).toBe(1);
    expect(await cache.get('app-2', compute(2))).toBe(2);
    expect(calls()).toBe(2);
  });

  it('serves the cached answer until just before 5 s and recomputes at exactly 5 s', async () => {
    const { cache, compute, advance, calls } = setup();
    await cache.get('app-1', compute(1));
    advance(4_999);
    expect(await cache.get('app-1', compute(2))).toBe(1);
    expect(calls()).toBe(1);
    advance(1); // now exactly 5 000 ms after the computation started
    expect(await cache.get('app-1', compute(3))).toBe(3);
    expect(calls()).toBe(2);
    advance(4_999);
    expect(await cache.get('app-1', compute(4))).toBe(3); // the new answer gets its own 5 s
  });

  it('counts the 5 s from when the computation started, not when it finished', async () => {
    const { cache, advance } = setup();
    const slow = deferred<number>();
    const first = cache.get('app-1', () => slow.promise);
    advance(3_000);
    slow.resolve(1);
    await first;
    advance(2_000);
    let calls = 0;
    expect(await cache.get('app-1', () => ((calls += 1), Promise.resolve(2)))).toBe(2);
    expect(calls).toBe(1);
  });

  it('still shares a computation that runs longer than the TTL instead of starting a second one', async () => {
    const { cache, advance } = setup();
    const slow = deferred<number>();
    let calls = 0;
    const compute = () => ((calls += 1), slow.promise);
    const first = cache.get('app-1', compute);
    advance(6_000);
    const second = cache.get('app-1', compute);
    expect(calls).toBe(1);
    slow.resolve(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
  });

  it('does not cache a failure: waiters all see it, the next call recomputes', async () => {
    const { cache } = setup();
    const d = deferred<number>();
    const a = cache.get('app-1', () => d.promise);
    const b = cache.get('app-1', () => Promise.resolve(0));
    d.reject(new Error('db down'));
    await expect(a).rejects.toThrow('db down');
    await expect(b).rejects.toThrow('db down');
    expect(await cache.get('app-1', () => Promise.resolve(5))).toBe(5);
  });

  it('turns a synchronous throw into a rejection that is not cached', async () => {
    const { cache } = setup();
    const boom = () => {
      throw new Error('sync');
    };
    await expect(cache.get('app-1', boom)).rejects.toThrow('sync');
    expect(cache.size).toBe(0);
    expect(await cache.get('app-1', () => Promise.resolve(1))).toBe(1);
  });

  it('a late failure of an invalidated computation does not evict its successor', async () => {
    const { cache } = setup();
    const old = deferred<number>();
    const failing = cache.get('app-1', () => old.promise);
    cache.invalidate('app-1'); // e.g. the app was just published
    expect(await cache.get('app-1', () => Promise.resolve(2))).toBe(2);
    old.reject(new Error('late'));
    await expect(failing).rejects.toThrow('late');
    let calls = 0;
    expect(await cache.get('app-1', () => ((calls += 1), Promise.resolve(3)))).toBe(2);
    expect(calls).toBe(0);
  });

  it('invalidate forces the next call to recompute within the TTL', async () => {
    const { cache, compute, calls } = setup();
    await cache.get('app-1', compute(1));
    cache.invalidate('app-1');
    expect(await cache.get('app-1', compute(2))).toBe(2);
    expect(calls()).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new SingleFlightCache<string, number>({ ttlMs: 5_000, now: () => 0, maxEntries: 2 });
    await cache.get('a', () => Promise.resolve(1));
    await cache.get('b', () => Promise.resolve(2));
    await cache.get('c', () => Promise.resolve(3));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve(10))).toBe(10);
    expect(await cache.get('c', () => Promise.resolve(30))).toBe(3);
  });

  it('serves a stale answer while one refresh runs, then the fresh one; too old means a real miss', async () => {
    let now = 0;
    const cache = new SingleFlightCache<string, number>({ ttlMs: 2000, serveStaleForMs: 2000, now: () => now });
    let release!: (n: number) => void;
    let refreshes = 0;
    await cache.get('k', async () => 1);
    now = 2500;
    const slowRefresh = () => {
      refreshes += 1;
      return new Promise<number>((r) => (release = r));
    };
    expect(await cache.get('k', slowRefresh)).toBe(1); // stale, the refresh is under way
    expect(await cache.get('k', slowRefresh)).toBe(1); // still stale, and no second refresh
    expect(refreshes).toBe(1);
    release(2);
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', async () => 99)).toBe(2);
    now = 2500 + 4000;
    expect(await cache.get('k', async () => 3)).toBe(3);
  });

  it('computes every time when its TTL is 0 (turned off)', async () => {
    const off = new SingleFlightCache<string, number>({ ttlMs: 0 });
    let loads = 0;
    await off.get('k', async () => ++loads);
    await off.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('forgets the oldest entry past its size', async () => {
    const cache = new SingleFlightCache<string, string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('draws each TTL up to ttlJitter shorter, hands the computation its freshUntil, and never exceeds ttlMs', async () => {
    let clock = 0;
    const draws = [0.999, 0, 0.5];
    const cache = new SingleFlightCache<string, number>({
      ttlMs: 1_000,
      ttlJitter: 0.2,
      now: () => clock,
      random: () => draws.shift()!,
    });
    const seen: number[] = [];
    const compute = (v: number) => (freshUntil: number) => (seen.push(freshUntil), Promise.resolve(v));
    await cache.get('a', compute(1)); // TTL 1000 * (1 - 0.2 * 0.999) = 800.2
    await cache.get('b', compute(2)); // TTL 1000
    expect(seen).toEqual([800.2, 1_000]);
    clock = 800;
    expect(await cache.get('a', compute(3))).toBe(1);
    clock = 801;
    expect(await cache.get('a', compute(4))).toBe(4); // a expired before b
    expect(await cache.get('b', compute(5))).toBe(2);
    expect(seen).toEqual([800.2, 1_000, 801 + 900]);
  });

  it('runs at most maxBackgroundRefreshes refreshes at once; the others wait, serving their stale answers', async () => {
    let clock = 0;
    const cache = new SingleFlightCache<string, number>({
      ttlMs: 100,
      serveStaleForMs: 1_000,
      maxBackgroundRefreshes: 1,
      now: () => clock,
    });
    await cache.get('a', () => Promise.resolve(1));
    await cache.get('b', () => Promise.resolve(10));
    clock = 150;
    const slowA = deferred<number>();
    let bStarted = false;
    expect(await cache.get('a', () => slowA.promise)).toBe(1); // stale, refresh of a starts
    expect(await cache.get('b', () => ((bStarted = true), Promise.resolve(20)))).toBe(10); // stale, refresh of b waits
    expect(bStarted).toBe(false);
    slowA.resolve(2);
    await slowA.promise;
    await new Promise((r) => setImmediate(r));
    expect(bStarted).toBe(true);
    expect(await cache.get('a', () => Promise.resolve(99))).toBe(2);
    expect(await cache.get('b', () => Promise.resolve(99))).toBe(20);
  });

  it('tells `renewed` which stale answer a background refresh replaced, once it has replaced it', async () => {
    let clock = 0;
    const renewals: [string, string][] = [];
    const cache = new SingleFlightCache<string, string>({
      ttlMs: 1_000,
      serveStaleForMs: 1_000,
      now: () => clock,
      renewed: (previous, next) => renewals.push([previous, next]),
    });
    expect(await cache.get('k', () => Promise.resolve('v1'))).toBe('v1');
    expect(renewals).toEqual([]); // a first fill replaces nothing
    clock = 1_500;
    const refresh = deferred<string>();
    expect(await cache.get('k', () => refresh.promise)).toBe('v1'); // stale, refreshing in the background
    await Promise.resolve();
    expect(renewals).toEqual([]);
    refresh.resolve('v2');
    await refresh.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(renewals).toEqual([['v1', 'v2']]);
    expect(await cache.get('k', () => Promise.resolve('unused'))).toBe('v2');

    clock = 5_000; // past its stale window: a blocking fill, which renews nothing anyone still serves
    expect(await cache.get('k', () => Promise.resolve('v3'))).toBe('v3');
    clock = 5_100;
    await new Promise((resolve) => setImmediate(resolve));
    expect(renewals).toEqual([['v1', 'v2']]);

    clock = 6_500; // a refresh that fails renews nothing
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('v3');
    await new Promise((resolve) => setImmediate(resolve));
    expect(renewals).toEqual([['v1', 'v2']]);
  });
});
