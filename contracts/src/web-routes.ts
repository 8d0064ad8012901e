/**
 * Every page of the web app (spec section 2, and the operations console), as React Router paths. The
 * SPA's router declares exactly these (a test checks it), and the server answers any other path with the
 * app's not-found page and HTTP 404.
 */
export const WEB_ROUTES = [
  '/',
  '/browse',
  '/classes/:storefrontSlug/:classSlug',
  '/collections/:slug',
  '/schools/:slug',
  '/school/music',
  '/watch/:titleAndId',
  '/library',
  '/dashboard',
  '/dashboard/classes',
  '/dashboard/builder',
  '/apps/:storefrontSlug/:appSlug',
  '/apps/:storefrontSlug/:appSlug/onboarding',
  '/apps/:storefrontSlug/:appSlug/onboarding/link',
  '/creators',
  '/creators/:storefrontSlug',
  '/apps/:storefrontSlug/:appSlug/app',
  '/unsubscribe/reminders',
  '/build',
  '/creator',
  '/v2/dashboard',
  '/v2/classes',
  '/v2/sparks',
  '/cart',
  '/checkout',
  '/checkout/success',
  '/checkout/cancel',
  '/_app',
  '/auth/callback',
  '/terms',
  '/privacy',
  '/ops',
  '/ops/jobs',
  '/ops/jobs/:runId',
  '/ops/events',
  '/ops/projections',
  '/ops/alerts',
  '/ops/emails',
  '/ops/webhooks',
  '/ops/analytics',
  '/ops/members',
  '/ops/pipeline-check',
] as const;

const patterns = WEB_ROUTES.map((route) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`));

/** Whether a path (decoded, without query) is a page of the web app. */
export function isWebRoute(pathname: string): boolean {
  return patterns.some((p) => p.test(pathname));
}
