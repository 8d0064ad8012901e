import { ANONYMOUS_ID_PREFIX } from '@sparkhouse/contracts/constants';

export const ANONYMOUS_ID_STORAGE_KEY = 'sparkhouse.anonymousId';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ID_LENGTH = 21;

let memoryId: string | null = null;

export function generateAnonymousId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ID_LENGTH));
  // 64 symbols, so masking with 63 keeps the distribution uniform.
  let id = ANONYMOUS_ID_PREFIX;
  for (const byte of bytes) id += URL_SAFE[byte & 63];
  return id;
}

/** The visitor's anonymous id: generated once, then read back from local storage. */
export function getAnonymousId(): string {
  try {
    const stored = window.localStorage.getItem(ANONYMOUS_ID_STORAGE_KEY);
    if (stored && stored.startsWith(ANONYMOUS_ID_PREFIX)) return stored;
    const id = memoryId ?? generateAnonymousId();
    window.localStorage.setItem(ANONYMOUS_ID_STORAGE_KEY, id);
    memoryId = id;
    return id;
  } catch {
    // Storage can be unavailable (private mode, quota): keep one id for this page's life.
    memoryId ??= generateAnonymousId();
    return memoryId;
  }
}

/** Forget the anonymous id (after it has been linked to an account). */
export function clearAnonymousId(): void {
  memoryId = null;
  try {
    window.localStorage.removeItem(ANONYMOUS_ID_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}
