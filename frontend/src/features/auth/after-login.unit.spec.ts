import { afterLoginAction, safeRedirect, type AfterLoginContext } from './after-login';

const user = (over: Partial<NonNullable<AfterLoginContext['user']>> = {}) => ({
  isCreator: false,
  hasNewDashboardAccess: false,
  hasApps: false,
  currentSessionSlug: null,
  ...over,
});
const ctx = (over: Partial<AfterLoginContext> = {}): AfterLoginContext => ({
  pathname: '/browse',
  search: '',
  cartItemCount: 0,
  user: user(),
  ...over,
});

describe('after login or sign-up (spec section 4, first matching rule)', () => {
  it('1. follows the redirect query param, before anything else', () => {
    expect(afterLoginAction(ctx({ pathname: '/build', search: '?redirect=%2Fcheckout%3Fa%3D1' }))).toEqual({
      kind: 'navigate',
      to: '/checkout?a=1',
    });
  });

  it('1. follows a redirect stored by requireSignIn', () => {
    expect(afterLoginAction(ctx({ pathname: '/cart', storedRedirect: '/checkout' }))).toEqual({
      kind: 'navigate',
      to: '/checkout',
    });
  });

  it('refuses redirects off the site', () => {
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(afterLoginAction(ctx({ search: '?redirect=//evil.example' }))).toEqual({ kind: 'navigate', to: '/' });
  });

  it.each(['/build', '/creator', '/dashboard/builder', '/creator/'])('2. just closes on %s', (pathname) => {
    expect(afterLoginAction(ctx({ pathname, user: user({ hasNewDashboardAccess: true }) }))).toEqual({ kind: 'close' });
  });

  it('3. on / : creator without new-dashboard access -> /dashboard/classes', () => {
    expect(afterLoginAction(ctx({ pathname: '/', user: user({ isCreator: true, hasApps: true }) }))).toEqual({
      kind: 'navigate',
      to: '/dashboard/classes',
    });
  });

  it('3. on / : with apps -> /dashboard, else /library', () => {
    expect(
      afterLoginAction(ctx({ pathname: '/', user: user({ isCreator: true, hasNewDashboardAccess: true, hasApps: true }) })),
    ).toEqual({
      kind: 'navigate',
      to: '/dashboard',
    });
    expect(afterLoginAction(ctx({ pathname: '/', user: user() }))).toEqual({ kind: 'navigate', to: '/library' });
    expect(afterLoginAction(ctx({ pathname: '/', user: null }))).toEqual({ kind: 'navigate', to: '/library' });
  });

  it('4. new dashboard users -> /v2/dashboard (even on a cart with items)', () => {
    expect(
      afterLoginAction(
        ctx({ pathname: '/cart', cartItemCount: 2, user: user({ isCreator: true, hasNewDashboardAccess: true }) }),
      ),
    ).toEqual({ kind: 'navigate', to: '/v2/dashboard' });
  });

  it('5. on /cart with items -> /checkout; an empty cart falls through', () => {
    expect(afterLoginAction(ctx({ pathname: '/cart', cartItemCount: 1 }))).toEqual({ kind: 'navigate', to: '/checkout' });
    expect(afterLoginAction(ctx({ pathname: '/cart', cartItemCount: 0 }))).toEqual({ kind: 'navigate', to: '/' });
  });

  it('6. a current session slug -> /school/music', () => {
    expect(afterLoginAction(ctx({ user: user({ currentSessionSlug: 'spring-2026' }) }))).toEqual({
      kind: 'navigate',
      to: '/school/music',
    });
  });

  it('7. otherwise /', () => {
    expect(afterLoginAction(ctx())).toEqual({ kind: 'navigate', to: '/' });
  });
});
