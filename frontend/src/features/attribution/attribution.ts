/**
 * Campaign attribution (spec sections 3, 5, 9): campaign params captured on landing, kept in
 * local storage for 30 days, and folded into the payment_info sent with a purchase. Storage and
 * clock are injected; nothing here touches window directly except the default storage.
 */

export const ATTRIBUTION_STORAGE_KEY = 'sparkhouse.attribution';
export const NO_PRICE_OFFER_STORAGE_KEY = 'sparkhouse.noPriceOffer';
export const ATTRIBUTION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Query values are attacker-controlled and end up in storage and payment records: bound them. */
export const CAMPAIGN_PARAM_MAX_LENGTH = 200;

export const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_term',
  'utm_campaign',
  'utm_content',
  'ref',
  'code',
  'source',
  'friend',
  'aaCampaign',
  'slug',
  'p',
] as const;

export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type CampaignParams = Partial<Record<CampaignParam, string>>;

export interface AttributionRecord extends CampaignParams {
  landingPage: string;
  /** Epoch ms of capture. */
  timestamp: number;
}

/** Query params as URLSearchParams or a parsed object (whose values may be arrays or numbers). */
export type QueryInput = URLSearchParams | Readonly<Record<string, unknown>>;

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const clean = (value: unknown): string | undefined => {
  // Strings only (spec 5): arrays from repeated params or numbers from a parser are ignored.
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().slice(0, CAMPAIGN_PARAM_MAX_LENGTH);
  return trimmed === '' ? undefined : trimmed;
};

/** The campaign params present in a query; empty when there are none. */
export function pickCampaignParams(query: QueryInput): CampaignParams {
  const out: CampaignParams = {};
  for (const name of CAMPAIGN_PARAMS) {
    const value = clean(query instanceof URLSearchParams ? query.get(name) : query[name]);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** An attribution record for this landing, or null when the URL carries no campaign params. */
export function captureAttribution(query: QueryInput, landingPage: string, now: number): AttributionRecord | null {
  const params = pickCampaignParams(query);
  if (Object.keys(params).length === 0) return null;
  return { ...params, landingPage: landingPage.slice(0, 2000), timestamp: now };
}

export const isAttributionExpired = (record: Pick<AttributionRecord, 'timestamp'>, now: number): boolean =>
  now - record.timestamp > ATTRIBUTION_MAX_AGE_MS;

/** Validate a stored value field by field, so a tampered entry cannot smuggle other keys in. */
export function parseAttribution(raw: string | null | undefined): AttributionRecord | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.timestamp !== 'number' || !Number.isFinite(v.timestamp)) return null;
  return {
    ...pickCampaignParams(v),
    landingPage: typeof v.landingPage === 'string' ? v.landingPage : '',
    timestamp: v.timestamp,
  };
}

/** The stored record, or null; an expired or unreadable one is removed on the way. */
export function readAttribution(now: number, storage: Storage | null = defaultStorage()): AttributionRecord | null {
  try {
    const record = parseAttribution(storage?.getItem(ATTRIBUTION_STORAGE_KEY));
    if (record && !isAttributionExpired(record, now)) return record;
    storage?.removeItem(ATTRIBUTION_STORAGE_KEY);
    return null;
  } catch {
    return null;
  }
}

export function writeAttribution(record: AttributionRecord, storage: Storage | null = defaultStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(record));
    return true;
  } catch {
    return false;
  }
}

/**
 * On landing: a URL with campaign params replaces the stored record (last touch wins, so params
 * of two campaigns are never mixed); a URL without any leaves it alone. Answers the live record.
 */
export function recordLanding(query: QueryInput, landingPage: string, now: number, storage: Storage | null = defaultStorage()) {
  const captured = captureAttribution(query, landingPage, now);
  if (!captured) return readAttribution(now, storage);
  writeAttribution(captured, storage);
  return captured;
}

export function readNoPriceOffer(storage: Storage | null = defaultStorage()): boolean {
  try {
    return storage?.getItem(NO_PRICE_OFFER_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Cleared by removal rather than 'false', so an absent key and a cleared flag read the same. */
export function writeNoPriceOffer(value: boolean, storage: Storage | null = defaultStorage()): void {
  try {
    if (value) storage?.setItem(NO_PRICE_OFFER_STORAGE_KEY, 'true');
    else storage?.removeItem(NO_PRICE_OFFER_STORAGE_KEY);
  } catch {
    /* not kept: the purchase then says the offer was seen */
  }
}

/** payment_info of POST /purchase and /purchaseItems (spec section 3). */
export interface PaymentInfo {
  sessionSlug?: string;
  schoolSlug?: string;
  utm_campaign?: string;
  utm_content?: string;
  utm_medium?: string;
  utm_source?: string;
  utm_term?: string;
  referrer?: string;
  discountCode?: string;
  friend?: string;
  noPriceOffer: boolean;
  p?: string;
}

export interface PaymentInfoInput {
  attribution: AttributionRecord | null;
  noPriceOffer: boolean;
  sessionSlug?: string | null;
  schoolSlug?: string | null;
  /** A code typed at checkout; else the landing `code` param. */
  discountCode?: string | null;
  /** An explicit referrer; else the landing `ref` param. */
  referrer?: string | null;
  /** The current `p`; else the landing one. */
  p?: string | null;
}

/** Explicit checkout values win over landing params; empty values are left out. */
export function buildPaymentInfo(input: PaymentInfoInput): PaymentInfo {
  const a: Partial<AttributionRecord> = input.attribution ?? {};
  const fields: Omit<PaymentInfo, 'noPriceOffer'> = {
    sessionSlug: clean(input.sessionSlug) ?? a.slug,
    schoolSlug: clean(input.schoolSlug),
    utm_campaign: a.utm_campaign,
    utm_content: a.utm_content,
    utm_medium: a.utm_medium,
    utm_source: a.utm_source,
    utm_term: a.utm_term,
    referrer: clean(input.referrer) ?? a.ref,
    discountCode: clean(input.discountCode) ?? a.code,
    friend: a.friend,
    p: clean(input.p) ?? a.p,
  };
  const info: PaymentInfo = { noPriceOffer: input.noPriceOffer };
  for (const [key, value] of Object.entries(fields) as Array<[keyof typeof fields, string | undefined]>) {
    if (value !== undefined) info[key] = value;
  }
  return info;
}
