/**
 * The spec's route rules (section 2) as pure functions; <RouteRules> in the layout applies them.
 */
export const AUTH_CALLBACK_PATH = '/auth/callback';

export interface RouteLocation {
  pathname: string;
  search: string;
  hash?: string;
}

export type RouteRuleAction =
  /** Client-side navigation, replacing the current history entry. */
  | { kind: 'redirect'; to: string }
  /** A full page load of a new address. */
  | { kind: 'reload'; to: string };

const stripTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function isAuthCallbackPath(pathname: string): boolean {
  return stripTrailingSlash(pathname) === AUTH_CALLBACK_PATH;
}

/** Rule a: a code and a state in the query, away from /auth/callback -> go there, query and all. */
export function authCallbackRedirect({ pathname, search }: RouteLocation): string | null {
  if (isAuthCallbackPath(pathname)) return null;
  const params = new URLSearchParams(search);
  if (!params.has('code') || !params.has('state')) return null;
  const query = search.startsWith('?') ? search : `?${search}`;
  return `${AUTH_CALLBACK_PATH}${query}`;
}

const ENCODED_PLUS = /%2b/gi;

/** Rule b: an encoded plus sign (%2B or %2b) in the path. */
export function hasEncodedPlus(pathname: string): boolean {
  return /%2b/i.test(pathname);
}

export function decodeEncodedPlus(pathname: string): string {
  return pathname.replace(ENCODED_PLUS, '+');
}

/** The first rule that applies to a location, or null when the page may render as it is. */
export function resolveRouteRule(location: RouteLocation): RouteRuleAction | null {
  if (hasEncodedPlus(location.pathname)) {
    return { kind: 'reload', to: `${decodeEncodedPlus(location.pathname)}${location.search}${location.hash ?? ''}` };
  }
  const callback = authCallbackRedirect(location);
  if (callback) return { kind: 'redirect', to: callback };
  return null;
}
