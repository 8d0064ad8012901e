/**
 * "Email me my plan" (issue 26), what server and web app share: the emailed one-time link's shape and
 * the sentences its requests and refusals are worded with. Free of zod, for the web app's first page.
 */

/** A link works for 24 hours after it was asked for. */
export const ONBOARDING_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The link's one-time token: 32 random bytes, base64url. */
export const ONBOARDING_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The web app's page the email points to; the token follows in the fragment (`#<token>`). */
export const onboardingLinkPath = (app: { storefrontSlug: string; appSlug: string }) =>
  `/apps/${encodeURIComponent(app.storefrontSlug)}/${encodeURIComponent(app.appSlug)}/onboarding/link`;

/** What the visitor reads whether or not the address has an account. */
export const LINK_SENT = 'If that address has an account, we sent it a link.';

export const LINK_REFUSALS = {
  invalid: 'This link is not valid. Open the whole link from the email, or ask for a new one at the end of the app’s onboarding.',
  otherAccount: 'This link was sent to another account. Sign in with the account whose email received it.',
  used: 'This link has already been used. Each link works once: your plan is kept with the account it was sent to.',
  expired: 'This link has expired (links work for 24 hours). Ask for a new one at the end of the app’s onboarding.',
} as const;

/** The link was good, but these answers were already kept with another account (its holder signed in). */
export const LINKED_TO_ANOTHER_ACCOUNT = 'These answers and this plan are already kept with another account.';
