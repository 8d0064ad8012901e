/**
 * Where to go after a login or sign-up (spec section 4, first matching rule wins).
 */
export interface AfterLoginContext {
  pathname: string;
  search: string;
  /** A redirect stored by requireSignIn (e.g. checkout after adding to cart); same rank as the query param. */
  storedRedirect?: string | null;
  /** Items in the cart. */
  cartItemCount: number;
  user: {
    /** creatorInfo present. */
    isCreator: boolean;
    /** creatorInfo.hasNewDashboardAccess. */
    hasNewDashboardAccess: boolean;
    hasApps: boolean;
    currentSessionSlug?: string | null;
  } | null;
}

export type AfterLoginAction = { kind: 'navigate'; to: string } | { kind: 'close' };

export const REDIRECT_PARAM = 'redirect';
const CLOSE_ONLY_PATHS = ['/build', '/creator', '/dashboard/builder'];

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Only same-site paths: '/x' but never '//host' or 'https://host' (no open redirect). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target) return null;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

export function afterLoginAction(ctx: AfterLoginContext): AfterLoginAction {
  const path = trimSlash(ctx.pathname);
  const redirect = safeRedirect(new URLSearchParams(ctx.search).get(REDIRECT_PARAM)) ?? safeRedirect(ctx.storedRedirect);
  // 1. an explicit redirect
  if (redirect) return { kind: 'navigate', to: redirect };
  // 2. builder pages keep the user where they are
  if (CLOSE_ONLY_PATHS.includes(path)) return { kind: 'close' };
  const user = ctx.user;
  // 3. home: the right landing for who they are
  if (path === '/') {
    if (user?.isCreator && !user.hasNewDashboardAccess) return { kind: 'navigate', to: '/dashboard/classes' };
    if (user?.hasApps) return { kind: 'navigate', to: '/dashboard' };
    return { kind: 'navigate', to: '/library' };
  }
  // 4. new dashboard users
  if (user?.hasNewDashboardAccess) return { kind: 'navigate', to: '/v2/dashboard' };
  // 5. a cart waiting to be paid
  if (path === '/cart' && ctx.cartItemCount > 0) return { kind: 'navigate', to: '/checkout' };
  // 6. an active session of the music school
  if (user?.currentSessionSlug) return { kind: 'navigate', to: '/school/music' };
  // 7.
  return { kind: 'navigate', to: '/' };
}
