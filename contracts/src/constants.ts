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
