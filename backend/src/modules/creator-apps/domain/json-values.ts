/**
 * Helpers for the JSON-shaped documents a creator edits (blueprint, landing page, onboarding flow,
 * theme). Documents are compared by value, never by how they happen to be serialised.
 */

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * Deep equality that ignores key order: the same document saved by two clients (or read back from
 * JSONB, which reorders keys) must not look changed. Array order matters. A key holding `undefined`
 * counts as absent, as it does once the document is stored as JSON.
 */
export function stableEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => stableEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = Object.keys(a).filter((k) => a[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => b[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && stableEqual(a[k], b[k]));
}

/** Freezes a value and everything reachable from it; returns the same value. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** A frozen private copy: later mutation of the caller's object cannot reach stored history. */
export const frozenCopy = <T>(value: T): T => deepFreeze(structuredClone(value));
