/**
 * A per-process cache of computed answers with single flight: concurrent requests for a key share
 * one computation, and its answer is reused while younger than its TTL (age runs from when the
 * computation started). With `serveStaleForMs`, an answer past its TTL is still served for that long
 * while one refresh runs in the background, so a hot key never waits on a slow computation.
 * Failures are handed to everyone waiting on them, then forgotten.
 *
 * `ttlJitter` draws each answer's TTL between ttlMs × (1 − ttlJitter) and ttlMs, so answers filled
 * together (a warm-up, a burst of traffic) do not all expire — and refresh — together again and
 * again. `maxBackgroundRefreshes` bounds how many background refreshes run at once; the others wait
 * their turn while their stale answers are served (a database shared with the API process is then
 * never flooded by a wave of refreshes). Neither ever makes an answer older than ttlMs count as fresh.
 * `renewed` (optional) hears of each background refresh's answer once it has replaced the stale answer
 * it refreshed, so whoever still holds the stale one (e.g. SharedAnswers) can move on to it.
 */
export interface SingleFlightCacheOptions {
  readonly ttlMs: number;
  /** Extra time an expired answer is served while it is refreshed (0: never serve stale). */
  readonly serveStaleForMs?: number;
  /** Fraction (0..1) by which an answer's TTL may randomly be shorter than ttlMs (default 0). */
  readonly ttlJitter?: number;
  /** Background refreshes running at once, at most (default: no limit). */
  readonly maxBackgroundRefreshes?: number;
  /** Injected clock, in milliseconds. */
  readonly now?: () => number;
  /** Injected random source in [0, 1), for the jitter. */
  readonly random?: () => number;
  /** Bounds memory; the oldest entry is dropped first. */
  readonly maxEntries?: number;
}

/** What a cache of V tells when a background refresh's answer has replaced the stale answer it refreshed. */
export interface SingleFlightCacheHooks<V> {
  readonly renewed?: (previous: V, next: V) => void;
}

/** A computation; `freshUntil` is when its answer stops being fresh (its start + its TTL). */
export type Compute<V> = (freshUntil: number) => Promise<V>;

interface Entry<V> {
  readonly startedAt: number;
  readonly ttlMs: number;
  readonly value: Promise<V>;
  settled: boolean;
  refreshing: boolean;
}

export class SingleFlightCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private runningRefreshes = 0;
  private readonly waitingRefreshes: (() => void)[] = [];

  constructor(private readonly options: SingleFlightCacheOptions & SingleFlightCacheHooks<V>) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get(key: K, compute: Compute<V>): Promise<V> {
    const now = this.now();
    const found = this.entries.get(key);
    const age = found ? now - found.startedAt : Infinity;
    if (found && (age < found.ttlMs || !found.settled)) return found.value;
    if (found && age < found.ttlMs + (this.options.serveStaleForMs ?? 0)) {
      if (!found.refreshing) {
        found.refreshing = true;
        this.refreshInBackground(() => {
          const fresh = this.start(key, compute, this.now(), false, found);
          fresh.catch(() => (found.refreshing = false));
          return fresh;
        });
      }
      return found.value;
    }
    return this.start(key, compute, now, true);
  }

  /** Drops the answer for `key` (e.g. right after a publish), so the next get recomputes. */
  invalidate(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Runs a background refresh now, or when a running one finishes (maxBackgroundRefreshes). */
  private refreshInBackground(run: () => Promise<V>) {
    const limit = this.options.maxBackgroundRefreshes ?? Infinity;
    const go = () => {
      this.runningRefreshes += 1;
      const done = () => {
        this.runningRefreshes -= 1;
        this.waitingRefreshes.shift()?.();
      };
      run().then(done, done);
    };
    if (this.runningRefreshes < limit) go();
    else this.waitingRefreshes.push(go);
  }

  /** Runs `compute`; its entry replaces the current one at once, or (a background refresh) once it succeeds. */
  private start(key: K, compute: Compute<V>, now: number, replaceNow: boolean, refreshed?: Entry<V>): Promise<V> {
    const jitter = Math.min(Math.max(this.options.ttlJitter ?? 0, 0), 1);
    const ttlMs = this.options.ttlMs * (1 - jitter * this.random());
    let value: Promise<V>;
    try {
      value = compute(now + ttlMs);
    } catch (error) {
      value = Promise.reject(error); // a synchronous throw takes the same path as a rejection
    }
    const entry: Entry<V> = { startedAt: now, ttlMs, value, settled: false, refreshing: false };
    if (replaceNow) this.put(key, entry);
    value.then(
      (next) => {
        entry.settled = true;
        if (!replaceNow) this.put(key, entry);
        const renewed = this.options.renewed;
        if (refreshed && renewed)
          refreshed.value.then(
            (previous) => renewed(previous, next),
            () => undefined,
          );
      },
      () => {
        entry.settled = true;
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  private put(key: K, entry: Entry<V>) {
    this.entries.delete(key); // re-insert so Map order is age order for eviction
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }
}
