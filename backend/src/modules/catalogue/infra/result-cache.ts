/**
 * A short-lived, per-process cache of query results with single flight: concurrent requests for the
 * same key share one database round trip, and an answer is reused for `ttlMs`. The browse read model
 * is eventually consistent already (projections follow the log), so a second or two more of
 * staleness is invisible to a visitor while popular pages stop costing a query each.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();
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
    if (found && this.now() - found.at < this.ttlMs) {
      this.hits += 1;
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
