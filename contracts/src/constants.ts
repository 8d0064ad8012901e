/** Business constants and limits shared by server and client (spec section 9). */
export const QUERY_CACHE = {
  gcTimeMs: 5 * 60 * 1000,
  retries: 3,
  maxRetryDelayMs: 30_000,
} as const;

export const TOASTS = { autoCloseMs: 5000, position: 'top-right' } as const;

export const BREAKPOINTS = { mobile: 400, tablet: 834, desktop: 1120 } as const;

export const COLORS = { accentYellow: '#FAE26A', dangerRed: '#EB5757', successGreen: '#2F8370' } as const;

export const ANALYTICS = {
  sessionTimeoutMs: 30 * 60 * 1000,
  uploadBatchSize: 100,
  uploadThreshold: 30,
  uploadPeriodMs: 30_000,
  maxSavedEvents: 1000,
  maxStringLength: 4096,
  maxPropertiesPerEvent: 1000,
} as const;

/**
 * Analytics event names of the spec's screens (section 2) that the web app records, with the
 * properties each carries. Creator insights count landing views from 'product landing'.
 */
export const ANALYTICS_EVENTS = {
  /** An app's live landing page was viewed: { storefrontSlug, appSlug, appId } (the current address). */
  productLanding: 'product landing',
  /** A creator's storefront was viewed: { storefrontSlug }. */
  creatorStorefront: 'creator storefront',
  /** The creators page was viewed: { creatorCount }. */
  creatorsPage: 'creators page',
  /** The share modal (an app's landing page, a storefront) was opened: { url, subject, from, id }. */
  shareModal: 'share modal',
  /** In the share modal: the link copied, the QR code downloaded, the device's share sheet opened, a network chosen ({ target }). */
  shareLinkCopied: 'share link copied',
  shareQrDownloaded: 'share qr code downloaded',
  shareSheetOpened: 'share sheet opened',
  shareTargetClicked: 'share target clicked',
} as const;

/** Anonymous visitor ids start with this (the schema of the whole id is anonymousIdSchema in http.ts). */
export const ANONYMOUS_ID_PREFIX = 'anon_';

/** An app's name, and the app idea (prompt) a creator describes: the same limits on the home page and /build. */
export const APP_NAME_MAX = 60;
export const PROMPT_MIN = 3;
export const PROMPT_MAX = 2000;

/** Limits of an app's own pricing (update-price-options and the builder's pricing screen). Prices in cents. */
export const APP_PRICING = {
  /** Stripe's smallest charge in USD. */
  minCents: 50,
  maxMonthlyCents: 10_000_000,
  maxAnnualCents: 100_000_000,
  maxTrialDays: 90,
} as const;

/** The Sparkhouse membership's plans: the subscription a user's membershipStatus follows (spec 3, 4). */
export const MEMBERSHIP_PLANS = { storefrontSlug: 'sparkhouse', appSlug: 'membership' } as const;

/** The creator platform's plans (storefront 'sparkhouse', app 'creator-platform'): a tier of them lets a creator publish. */
export const CREATOR_PLATFORM_PLANS = { storefrontSlug: 'sparkhouse', appSlug: 'creator-platform' } as const;
