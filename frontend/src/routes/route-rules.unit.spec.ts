import { authCallbackRedirect, decodeEncodedPlus, hasEncodedPlus, resolveRouteRule } from './route-rules';

describe('route rules', () => {
  describe('code and state redirect', () => {
    it('sends a page holding both code and state to /auth/callback with the whole query string', () => {
      expect(authCallbackRedirect({ pathname: '/browse', search: '?code=abc&state=xyz&view=all' })).toBe(
        '/auth/callback?code=abc&state=xyz&view=all',
      );
      expect(resolveRouteRule({ pathname: '/', search: '?state=s&code=c' })).toEqual({
        kind: 'redirect',
        to: '/auth/callback?state=s&code=c',
      });
    });

    it('does nothing when already on /auth/callback (with or without a trailing slash)', () => {
      expect(authCallbackRedirect({ pathname: '/auth/callback', search: '?code=a&state=b' })).toBeNull();
      expect(authCallbackRedirect({ pathname: '/auth/callback/', search: '?code=a&state=b' })).toBeNull();
      expect(resolveRouteRule({ pathname: '/auth/callback', search: '?code=a&state=b' })).toBeNull();
    });

    it('needs both params', () => {
      expect(authCallbackRedirect({ pathname: '/', search: '?code=a' })).toBeNull();
      expect(authCallbackRedirect({ pathname: '/', search: '?state=b' })).toBeNull();
      expect(authCallbackRedirect({ pathname: '/', search: '' })).toBeNull();
    });
  });

  describe('encoded plus sign', () => {
    it('detects %2B in any case', () => {
      expect(hasEncodedPlus('/classes/c%2B%2B/intro')).toBe(true);
      expect(hasEncodedPlus('/classes/c%2b/intro')).toBe(true);
      expect(hasEncodedPlus('/classes/c+/intro')).toBe(false);
      expect(hasEncodedPlus('/classes/c%20b')).toBe(false);
    });

    it('decodes only the plus signs', () => {
      expect(decodeEncodedPlus('/watch/c%2B%2b-basics%20x')).toBe('/watch/c++-basics%20x');
    });

    it('reloads the decoded address, keeping query and hash, before any other rule', () => {
      expect(resolveRouteRule({ pathname: '/schools/a%2Bb', search: '?code=1&state=2', hash: '#top' })).toEqual({
        kind: 'reload',
        to: '/schools/a+b?code=1&state=2#top',
      });
    });
  });

  it('lets an ordinary address through', () => {
    expect(resolveRouteRule({ pathname: '/browse', search: '?view=top' })).toBeNull();
  });
});
