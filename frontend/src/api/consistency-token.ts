// Read-your-writes: the API answers a call that changed something with the log position it wrote
// (X-Consistency-Token). Sent back on every later call, it makes a read wait, briefly, until the read
// models show that change, on whichever API node serves it. Kept per tab (sessionStorage), so a reload
// right after a change still sees it.

/** The header both ways; the same as headerNames.consistencyToken in contracts (checked by a unit test). */
export const CONSISTENCY_HEADER = 'X-Consistency-Token';

const STORAGE_KEY = 'sparkhouse.consistency-token';
const pattern = /^(\d{1,20})\.(\d{1,20})$/;

let newest: string | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The newest token this tab has been given, if any. */
export function consistencyToken(): string | null {
  if (newest === undefined) {
    const stored = storage()?.getItem(STORAGE_KEY) ?? null;
    newest = stored && pattern.test(stored) ? stored : null;
  }
  return newest;
}

/** Keeps `token` when it is later than the one held (answers may arrive out of order). */
export function rememberConsistencyToken(token: string | null | undefined): void {
  if (!token || !pattern.test(token)) return;
  const held = consistencyToken();
  if (held && compareTokens(held, token) >= 0) return;
  newest = token;
  try {
    storage()?.setItem(STORAGE_KEY, token);
  } catch {
    // storage full or disabled: the token still lives in memory
  }
}

/** Forgets the token (tests, sign-out of every tab). */
export function clearConsistencyToken(): void {
  newest = null;
  storage()?.removeItem(STORAGE_KEY);
}

/** Orders "<transaction>.<position>" tokens as numbers: transaction first, then position. */
export function compareTokens(a: string, b: string): number {
  const [ta, pa] = a.split('.');
  const [tb, pb] = b.split('.');
  return compareDecimal(ta, tb) || compareDecimal(pa, pb);
}

function compareDecimal(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
