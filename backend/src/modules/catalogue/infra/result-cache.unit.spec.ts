import { filterKey, ResultCache } from './result-cache';

describe('ResultCache', () => {
  it('shares one load between concurrent requests and reuses the answer within the ttl', async () => {
    let now = 0;
    const cache = new ResultCache<number>(2000, 10, () => now);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 1999;
    expect(await cache.get('k', load)).toBe(1);
  });

  it('serves a stale answer while one refresh runs, then the fresh one; too old means a real miss', async () => {
    let now = 0;
    const cache = new ResultCache<number>(2000, 10, () => now);
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

  it('does not keep a failed load, and loads every time when disabled', async () => {
    const cache = new ResultCache<number>(2000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
    const off = new ResultCache<number>(0);
    let loads = 0;
    await off.get('k', async () => ++loads);
    await off.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('forgets the oldest entry past its size', async () => {
    const cache = new ResultCache<string>(60_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('keys filters independently of field and list order', () => {
    expect(filterKey({ topics: ['b', 'a'], limit: 10, search: undefined })).toBe(filterKey({ limit: 10, topics: ['a', 'b'] }));
    expect(filterKey({ limit: 10 })).not.toBe(filterKey({ limit: 11 }));
  });
});
