/**
 * Spec 9: "unpublished-changes result cached 5 s per app, with concurrent requests shared".
 *
 * Not catalogue's ResultCache on purpose: that one keeps serving a stale answer for a second TTL
 * while it refreshes, which would show "no unpublished changes" for up to 10 s after an edit, and it
 * is internal to the catalogue module (not exported from its index.ts).
 */
export const UNPUBLISHED_CHANGES_TTL_MS = 5_000;

export interface SingleFlightCacheOptions {
  readonly ttlMs: number;
  /** Injected clock, in milliseconds. */
  readonly now: () => number;
  /** Bounds memory; the oldest entry is dropped first. */
  readonly maxEntries?: number;
}

interface Entry<V> {
  readonly startedAt: number;
  readonly value: Promise<V>;
  settled: boolean;
}

export class SingleFlightCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly maxEntries: number;

  constructor(private readonly options: SingleFlightCacheOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /**
   * The cached answer for `key` while it is younger than the TTL, else a fresh computation. Age runs
   * from when the computation started, so no answer reflects state older than the TTL. A computation
   * still running is always shared. A failure is handed to everyone waiting on it, then forgotten.
   */
  get(key: K, compute: () => Promise<V>): Promise<V> {
    const now = this.options.now();
    const found = this.entries.get(key);
    if (found && now - found.startedAt < this.options.ttlMs) return found.value;
    if (found && !found.settled) return found.value;

    let value: Promise<V>;
    try {
      value = compute();
    } catch (error) {
      value = Promise.reject(error); // a synchronous throw takes the same path as a rejection
    }
    const entry: Entry<V> = { startedAt: now, value, settled: false };
    this.entries.delete(key); // re-insert so Map order is age order for eviction
    this.entries.set(key, entry);
    value.then(
      () => (entry.settled = true),
      () => {
        entry.settled = true;
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    return value;
  }

  /** Drops the answer for `key` (e.g. right after a publish), so the next get recomputes. */
  invalidate(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
