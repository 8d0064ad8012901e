/**
 * Where offer seen dates live (spec sections 4, 7, 9): two cookies per offer on path /, the
 * user's offersSeenInfo, and POST /saveLastSeenOfferInfo throttled to once per 5 minutes.
 * Pure helpers only: the caller reads document.cookie and writes the strings returned here.
 */
import type { OfferDateValue, OfferSeen, OfferSeenRecord } from './offer-visibility';
import { toEpochMs } from './offer-visibility';

/** At most one last-seen save per offer per 5 minutes (the server also refuses sooner ones). */
export const LAST_SEEN_SAVE_THROTTLE_MS = 300_000;
/** Seen cookies must outlive the 26-day cool-down; the spec's default cookie expiry is 365 days. */
export const OFFER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface OfferCookieNames {
  expirationDateSeen: string;
  lastSeenCurrentOffer: string;
}

export function offerCookieNames(offerKey: string): OfferCookieNames {
  return {
    expirationDateSeen: `${offerKey}ExpirationDateSeen`,
    lastSeenCurrentOffer: `${offerKey}LastSeenCurrentOffer`,
  };
}

/** Parse a document.cookie string; malformed encodings are kept raw rather than dropped. */
export function parseCookies(cookieHeader: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      /* keep raw */
    }
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

export function readSeenFromCookies(cookieHeader: string, offerKey: string): OfferSeen {
  const names = offerCookieNames(offerKey);
  const cookies = parseCookies(cookieHeader);
  return {
    expirationDateSeen: cookies.get(names.expirationDateSeen) ?? null,
    lastSeenCurrentOffer: cookies.get(names.lastSeenCurrentOffer) ?? null,
  };
}

/** The two strings to assign to document.cookie, one per cookie. */
export function seenCookieStrings(offerKey: string, record: OfferSeenRecord): [string, string] {
  const names = offerCookieNames(offerKey);
  const attrs = `; path=/; max-age=${OFFER_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
  const enc = (v: OfferDateValue) => encodeURIComponent(String(v));
  return [
    `${names.expirationDateSeen}=${enc(record.expirationDateSeen)}${attrs}`,
    `${names.lastSeenCurrentOffer}=${enc(record.lastSeenCurrentOffer)}${attrs}`,
  ];
}

/**
 * Cookies (this browser) and the user record (other devices) may disagree; the one seen most
 * recently describes what the user last saw, so it wins. Incomplete records lose.
 */
export function pickSeen(cookieSeen: OfferSeen | null | undefined, userSeen: OfferSeen | null | undefined): OfferSeen {
  const usable = (s: OfferSeen | null | undefined): s is OfferSeen =>
    !!s && s.expirationDateSeen != null && s.expirationDateSeen !== '' && toEpochMs(s.lastSeenCurrentOffer) !== null;
  if (!usable(cookieSeen)) return usable(userSeen) ? userSeen : {};
  if (!usable(userSeen)) return cookieSeen;
  const c = toEpochMs(cookieSeen.lastSeenCurrentOffer) as number;
  const u = toEpochMs(userSeen.lastSeenCurrentOffer) as number;
  return u > c ? userSeen : cookieSeen;
}

/** Body of POST /saveLastSeenOfferInfo. */
export function lastSeenPayload(offerKey: string, record: OfferSeenRecord) {
  return { offer_key: offerKey, exp_date_seen: record.expirationDateSeen, offer_last_seen: record.lastSeenCurrentOffer };
}

/** The throttle rule: never saved, or the last save is at least 5 minutes old. */
export function shouldSaveLastSeen(lastSavedAt: number | null | undefined, now: number): boolean {
  return lastSavedAt === null || lastSavedAt === undefined || now - lastSavedAt >= LAST_SEEN_SAVE_THROTTLE_MS;
}

/** Per-offer throttle state: `tryAcquire` answers whether to save now and, if so, notes it. */
export function createLastSeenThrottle() {
  const lastSaved = new Map<string, number>();
  return {
    tryAcquire(offerKey: string, now: number): boolean {
      if (!shouldSaveLastSeen(lastSaved.get(offerKey), now)) return false;
      lastSaved.set(offerKey, now);
      return true;
    },
    /** Forget one offer (or all) so the next save goes out, e.g. after sign-out. */
    reset(offerKey?: string): void {
      if (offerKey === undefined) lastSaved.clear();
      else lastSaved.delete(offerKey);
    },
  };
}
