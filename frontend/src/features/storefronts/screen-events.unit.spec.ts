import { creatorsPageEvent, creatorStorefrontEvent, productLandingEvent } from './screen-events';
import type { AppLanding, CreatorSummary, Storefront } from './storefronts.queries';

describe('the screen events of the pages of creators’ work', () => {
  it('a live landing page is a product landing at its current address; a draft or no answer is none', () => {
    const landing = { storefrontSlug: 'casey', appSlug: 'stride', appId: 'app-1', isLive: true } as AppLanding;
    expect(productLandingEvent(landing)).toEqual({
      event_type: 'product landing',
      event_properties: { storefrontSlug: 'casey', appSlug: 'stride', appId: 'app-1' },
    });
    expect(productLandingEvent({ ...landing, isLive: false })).toBeNull();
    expect(productLandingEvent(undefined)).toBeNull();
  });

  it('a storefront by its slug, the creators page by how many it lists', () => {
    expect(creatorStorefrontEvent({ storefrontSlug: 'casey' } as Storefront)).toEqual({
      event_type: 'creator storefront',
      event_properties: { storefrontSlug: 'casey' },
    });
    expect(creatorStorefrontEvent(undefined)).toBeNull();
    expect(creatorsPageEvent([{}, {}] as CreatorSummary[])).toEqual({
      event_type: 'creators page',
      event_properties: { creatorCount: 2 },
    });
    expect(creatorsPageEvent([])).toEqual({ event_type: 'creators page', event_properties: { creatorCount: 0 } });
    expect(creatorsPageEvent(undefined)).toBeNull();
  });
});
