/**
 * The home banner (spec sections 3 and 4): shown only while the feature flag
 * homepage-yellow-banner-text is on and until the visitor dismisses it; its text switches to the
 * after-countdown text once the countdown end date has passed.
 */
export const BANNER_FLAG = 'homepage-yellow-banner-text';
export const BANNER_DISMISSED_STORAGE_KEY = 'sparkhouse.homeBanner.dismissed';

export const BANNER_THEMES = ['holiday', 'sfschool', 'spring', 'none'] as const;
export type BannerTheme = (typeof BANNER_THEMES)[number];

/** The banner flag payload of spec section 3. */
export interface BannerPayload {
  titleBoldText?: string | null;
  descriptionText?: string | null;
  descriptionTextAfterCountdown?: string | null;
  countdownEndDate?: string | null;
  url?: string | null;
  specialTheme?: string | null;
}

export const bannerTheme = (payload: BannerPayload): BannerTheme =>
  (BANNER_THEMES as readonly string[]).includes(payload.specialTheme ?? '') ? (payload.specialTheme as BannerTheme) : 'none';

const endTime = (payload: BannerPayload): number | null => {
  if (!payload.countdownEndDate) return null;
  const time = new Date(payload.countdownEndDate).getTime();
  return Number.isFinite(time) ? time : null;
};

/** Milliseconds left before the countdown ends; null when there is no (readable) countdown. */
export function countdownRemaining(payload: BannerPayload, now: number): number | null {
  const end = endTime(payload);
  return end === null ? null : Math.max(0, end - now);
}

export const isCountdownOver = (payload: BannerPayload, now: number): boolean => {
  const end = endTime(payload);
  return end !== null && now > end;
};

/** The description to show now: the after-countdown text once past the end date (when one is given). */
export function bannerDescription(payload: BannerPayload, now: number): string {
  if (isCountdownOver(payload, now) && payload.descriptionTextAfterCountdown) return payload.descriptionTextAfterCountdown;
  return payload.descriptionText ?? '';
}

/** 93_784_000 -> "1d 02h 03m 04s"; days are left out while zero. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor((total % 86_400) / 3600))}h ${pad(Math.floor((total % 3600) / 60))}m ${pad(total % 60)}s`;
  return days > 0 ? `${days}d ${hms}` : hms;
}

/**
 * Which banner a dismissal is for: a new campaign (another title, text, link or end date) shows
 * again even after the previous one was closed.
 */
export const bannerSignature = (payload: BannerPayload): string =>
  [payload.titleBoldText, payload.descriptionText, payload.url, payload.countdownEndDate].map((v) => v ?? '').join('|');

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function isBannerDismissed(payload: BannerPayload, store: Storage | null = storage()): boolean {
  try {
    return store?.getItem(BANNER_DISMISSED_STORAGE_KEY) === bannerSignature(payload);
  } catch {
    return false;
  }
}

export function dismissBanner(payload: BannerPayload, store: Storage | null = storage()): void {
  try {
    store?.setItem(BANNER_DISMISSED_STORAGE_KEY, bannerSignature(payload));
  } catch {
    /* not remembered: it closes for this page view only */
  }
}

/** Whether the banner shows: flag on, a payload with something to say, not dismissed. */
export function shouldShowBanner(
  flagOn: boolean,
  payload: BannerPayload | null | undefined,
  store?: Storage | null,
): payload is BannerPayload {
  if (!flagOn || !payload) return false;
  if (!payload.titleBoldText && !payload.descriptionText) return false;
  return !isBannerDismissed(payload, store === undefined ? storage() : store);
}
