import { landingViews } from './landing-views';

const base = { occurred_at: '2026-11-28T10:00:00.000Z', user_id: null, device_id: 'anon_abcdefgh', properties: {} };

describe('landing views from analytics events', () => {
  it('keeps "product landing" events with both slugs, by the app’s stream', () => {
    const out = landingViews([
      { ...base, event_type: 'product landing', properties: { storefrontSlug: 'ana', appSlug: 'run' } },
      {
        ...base,
        event_type: 'product landing',
        user_id: 'u1',
        properties: { storefrontSlug: 'ana', appSlug: 'run', appId: 'app-1' },
      },
      { ...base, event_type: 'product landing', properties: { storefrontSlug: 'ana' } },
      { ...base, event_type: 'page view', properties: { storefrontSlug: 'ana', appSlug: 'run' } },
      { ...base, event_type: 'product landing', properties: { storefrontSlug: 'bo', appSlug: 7 } },
    ]);
    expect([...out.keys()]).toEqual(['app-landing-ana-run']);
    expect(out.get('app-landing-ana-run')).toEqual([
      {
        type: 'AppLandingViewed',
        payload: { storefrontSlug: 'ana', appSlug: 'run', visitorId: 'anon_abcdefgh', viewedAt: '2026-11-28T10:00:00.000Z' },
      },
      {
        type: 'AppLandingViewed',
        payload: { storefrontSlug: 'ana', appSlug: 'run', appId: 'app-1', visitorId: 'u1', viewedAt: '2026-11-28T10:00:00.000Z' },
      },
    ]);
  });
});
