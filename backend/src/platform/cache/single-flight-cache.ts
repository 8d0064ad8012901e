/**
 * A per-process cache of computed answers with single flight: concurrent requests for a key share
 * one computation, and its answer is reused while younger than `ttlMs` (age runs from when the
 * computation started). With `serveStaleForMs`, an answer past its TTL is still served for that long
 * while one refresh runs in the background, so a hot key never waits on a slow computation.
 * Failures are handed to everyone waiting on them, then forgotten.
 */
export interface SingleFlightCacheOptions {
  readonly ttlMs: number;
  /** Extra time an expired answer is served while it is refreshed (0: never serve stale). */
  readonly serveStaleForMs?: number;
  /** Injected clock, in milliseconds. */
  readonly now?: () => number;
  /** Bounds memory; the oldest entry is dropped first. */
  readonly maxEntries?: number;
}

interface Entry<V> {
  readonly startedAt: number;
  readonly value: Promise<V>;
  settled: boolean;
  refreshing: boolean;
}

export class SingleFlightCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: SingleFlightCacheOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get(key: K, compute: () => Promise<V>): Promise<V> {
    const now = this.now();
    const found = this.entries.get(key);
    const age = found ? now - found.startedAt : Infinity;
    if (found && (age < this.options.ttlMs || !found.settled)) return found.value;
    if (found && age < this.options.ttlMs + (this.options.serveStaleForMs ?? 0)) {
      if (!found.refreshing) {
        found.refreshing = true;
        const fresh = this.start(key, compute, now, false);
        fresh.catch(() => (found.refreshing = false));
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

  /** Runs `compute`; its entry replaces the current one at once, or (a background refresh) once it succeeds. */
  private start(key: K, compute: () => Promise<V>, now: number, replaceNow: boolean): Promise<V> {
    let value: Promise<V>;
    try {
      value = compute();
    } catch (error) {
      value = Promise.reject(error); // a synchronous throw takes the same path as a rejection
    }
    const entry: Entry<V> = { startedAt: now, value, settled: false, refreshing: false };
    if (replaceNow) this.put(key, entry);
    value.then(
      () => {
        entry.settled = true;
        if (!replaceNow) this.put(key, entry);
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
