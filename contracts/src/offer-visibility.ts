/**
 * Offer visibility (spec section 4, constants of section 9), decided ONCE as a pure function: the
 * browser's price display and cart, and the server's checkout price (backend offers module,
 * priceForBuyer) all call it, so what a buyer is shown is what they are charged. No I/O here: the
 * caller supplies the clock, the `p` query param and what was seen before (cookies or the user
 * record's offersSeenInfo), then persists the returned record and noPriceOffer flag itself.
 */

/** After the offer's date changes, it stays hidden this long after the last view: 26 days. */
export const OFFER_COOLDOWN_MS = 22464e5;

/** Seen values arrive as ISO strings, epoch-ms numbers or numeric strings (cookies are text). */
export type OfferDateValue = string | number;

/** The terms the rules read (spec section 3, Offer; its prices play no part in visibility). */
export interface OfferVisibilityTerms {
  /** The instant the crossed (full) price applies again: the offer's end date. */
  crossedPriceApplicableFrom?: OfferDateValue | null;
  specialOnlyVip?: boolean | null;
  shouldNotHideDiscount?: boolean | null;
}

export interface OfferSeen {
  expirationDateSeen?: OfferDateValue | null;
  lastSeenCurrentOffer?: OfferDateValue | null;
}

export interface OfferSeenRecord {
  expirationDateSeen: OfferDateValue;
  /** Epoch ms of this view. */
  lastSeenCurrentOffer: number;
}

export type OfferVisibilityReason =
  'no-applicable-date' | 'vip-only' | 'expired' | 'forced' | 'first-view' | 'same-date' | 'cool-down' | 'cool-down-over';

export interface OfferVisibilityInput {
  offer: OfferVisibilityTerms;
  /** Epoch ms or Date: injected so tests and callers share one clock. */
  now: number | Date;
  /** The `p` query param (the VIP audience arrives with p=vip). */
  queryP?: string | null;
  seen: OfferSeen;
}

export interface OfferVisibility {
  visible: boolean;
  reason: OfferVisibilityReason;
  /** Present when the caller must save the seen dates (cookies and, signed in, the user record). */
  record?: OfferSeenRecord;
  /** True only when hidden by the date-change cool-down (the user is not offered this price). */
  noPriceOffer: boolean;
}

/** Parse any seen/offer date form to epoch ms; null when absent or unreadable. */
export function toEpochMs(value: OfferDateValue | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.getTime() : null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  // Cookies turn epoch numbers into digit strings; Date.parse would reject them.
  if (/^-?\d+$/.test(text)) return Number(text);
  const parsed = Date.parse(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Same offer date, whether stored as ISO text or epoch ms; unreadable values compare as text. */
function sameDate(a: OfferDateValue, b: OfferDateValue): boolean {
  const [ma, mb] = [toEpochMs(a), toEpochMs(b)];
  return ma !== null && mb !== null ? ma === mb : String(a) === String(b);
}

const shown = (reason: OfferVisibilityReason, record?: OfferSeenRecord): OfferVisibility => ({
  visible: true,
  reason,
  ...(record ? { record } : {}),
  noPriceOffer: false,
});
const hidden = (reason: OfferVisibilityReason, noPriceOffer = false): OfferVisibility => ({
  visible: false,
  reason,
  noPriceOffer,
});

/** The rules of spec section 4, first match wins. */
export function decideOfferVisibility(input: OfferVisibilityInput): OfferVisibility {
  const { offer, queryP, seen } = input;
  const now = toEpochMs(input.now);
  const date = offer.crossedPriceApplicableFrom;
  const dateMs = toEpochMs(date);
  // An unreadable date is treated like a missing one: never show a discount we cannot bound.
  if (date === null || date === undefined || dateMs === null) return hidden('no-applicable-date');
  // VIP-only offers require p=vip; with it the remaining rules still apply (expiry included).
  if (offer.specialOnlyVip && queryP !== 'vip') return hidden('vip-only');
  // "Applicable from": at that very instant the crossed price applies, so the offer is over.
  // An unreadable clock cannot prove the offer is still live either.
  if (now === null || now >= dateMs) return hidden('expired');
  if (offer.shouldNotHideDiscount) return shown('forced');

  const record: OfferSeenRecord = { expirationDateSeen: date, lastSeenCurrentOffer: now };
  const seenDate = seen.expirationDateSeen;
  const lastSeen = toEpochMs(seen.lastSeenCurrentOffer);
  // Nothing usable recorded (no date seen, or no readable last-seen time): this is the first view.
  if (seenDate === null || seenDate === undefined || seenDate === '' || lastSeen === null) {
    return shown('first-view', record);
  }
  // Refreshing lastSeen on each view is what the cool-down counts from if the date later moves.
  if (sameDate(seenDate, date)) return shown('same-date', record);
  // The date moved: hide it until 26 days after the last view so a moved deadline is not noticed.
  if (now - lastSeen < OFFER_COOLDOWN_MS) return hidden('cool-down', true);
  return shown('cool-down-over', record);
}

/**
 * The stored noPriceOffer flag after a decision: set when hidden by the cool-down, cleared when
 * shown, left as it was when hidden for another reason (the spec names only those two moves).
 */
export function nextNoPriceOffer(previous: boolean, decision: OfferVisibility): boolean {
  if (decision.noPriceOffer) return true;
  if (decision.visible) return false;
  return previous;
}
