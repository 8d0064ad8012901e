/**
 * A short-lived, per-process cache of query results with single flight: concurrent requests for the
 * same key share one database round trip, and an answer is reused for `ttlMs`. Past that, the old
 * answer is still served (for up to another `ttlMs`) while one refresh runs, so a popular page never
 * waits on a slow query. The browse read model is eventually consistent already (projections follow
 * the log), so a few seconds more of staleness is invisible to a visitor.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T>; refreshing?: boolean }>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const found = this.entries.get(key);
    const age = found ? this.now() - found.at : Infinity;
    if (found && age < this.ttlMs) {
      this.hits += 1;
      return found.value;
    }
    if (found && age < 2 * this.ttlMs) {
      // stale: answer with it, refresh once in the background
      this.hits += 1;
      if (!found.refreshing) {
        found.refreshing = true;
        load().then(
          (fresh) => this.entries.set(key, { at: this.now(), value: Promise.resolve(fresh) }),
          () => (found.refreshing = false),
        );
      }
      return found.value;
    }
    this.misses += 1;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    // a failed load is not kept
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

/** A stable key for a filter object: same filters in any order give the same key. */
export function filterKey(filter: Record<string, unknown>): string {
  const norm = Object.keys(filter)
    .sort()
    .filter((k) => filter[k] !== undefined)
    .map((k) => [k, Array.isArray(filter[k]) ? [...(filter[k] as unknown[])].map(String).sort() : filter[k]]);
  return JSON.stringify(norm);
}
