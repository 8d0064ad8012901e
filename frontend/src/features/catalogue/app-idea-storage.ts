/**
 * The home app-idea builder's text (spec sections 3, 4 and 9): kept in local storage under
 * appBuilderContextState as { text, timestamp }. When space runs low, the keys starting
 * 'appIdea_' (older per-idea drafts) are removed to make room.
 */
export const APP_IDEA_STORAGE_KEY = 'appBuilderContextState';
export const APP_IDEA_KEY_PREFIX = 'appIdea_';
/** Local storage cap as estimated by the spec. */
export const STORAGE_CAP_BYTES = 5 * 1024 * 1024;
/** Data over 1 MB is truncated. */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/** Clean up before the estimate reaches the cap, not after a write has already failed. */
const LOW_SPACE_RATIO = 0.9;

export interface AppIdea {
  text: string;
  timestamp: number;
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Browsers keep strings as UTF-16: two bytes per code unit, keys included. */
export function estimateUsedBytes(store: Storage): number {
  let bytes = 0;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key === null) continue;
    bytes += (key.length + (store.getItem(key)?.length ?? 0)) * 2;
  }
  return bytes;
}

/** Remove every 'appIdea_' key; answers how many went. */
export function removeAppIdeaKeys(store: Storage): number {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(APP_IDEA_KEY_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
  return keys.length;
}

export const isStorageLow = (store: Storage, incomingBytes = 0): boolean =>
  estimateUsedBytes(store) + incomingBytes > STORAGE_CAP_BYTES * LOW_SPACE_RATIO;

const isQuotaError = (error: unknown): boolean =>
  error instanceof DOMException
    ? error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22
    : false;

export function loadAppIdea(store: Storage | null = defaultStorage()): AppIdea | null {
  try {
    const raw = store?.getItem(APP_IDEA_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<AppIdea>;
    if (typeof value.text !== 'string') return null;
    return { text: value.text, timestamp: typeof value.timestamp === 'number' ? value.timestamp : 0 };
  } catch {
    return null;
  }
}

/** Save the idea; answers false when it could not be kept (storage unavailable or still full). */
export function saveAppIdea(text: string, now: number = Date.now(), store: Storage | null = defaultStorage()): boolean {
  if (!store) return false;
  // 1 MB of UTF-16 is half a million code units.
  const kept = text.length * 2 > MAX_ENTRY_BYTES ? text.slice(0, MAX_ENTRY_BYTES / 2) : text;
  const value = JSON.stringify({ text: kept, timestamp: now } satisfies AppIdea);
  const incoming = (APP_IDEA_STORAGE_KEY.length + value.length) * 2;
  try {
    if (isStorageLow(store, incoming)) removeAppIdeaKeys(store);
    store.setItem(APP_IDEA_STORAGE_KEY, value);
    return true;
  } catch (error) {
    if (!isQuotaError(error)) return false;
    try {
      removeAppIdeaKeys(store);
      store.setItem(APP_IDEA_STORAGE_KEY, value);
      return true;
    } catch {
      return false;
    }
  }
}

export function clearAppIdea(store: Storage | null = defaultStorage()): void {
  try {
    store?.removeItem(APP_IDEA_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
