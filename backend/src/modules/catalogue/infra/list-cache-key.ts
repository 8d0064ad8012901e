/** A stable key for a filter object: same filters in any order give the same key. */
export function filterKey(filter: Record<string, unknown>): string {
  const norm = Object.keys(filter)
    .sort()
    .filter((k) => filter[k] !== undefined)
    .map((k) => [k, Array.isArray(filter[k]) ? [...(filter[k] as unknown[])].map(String).sort() : filter[k]]);
  return JSON.stringify(norm);
}
