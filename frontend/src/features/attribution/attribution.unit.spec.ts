import {
  ATTRIBUTION_MAX_AGE_MS,
  ATTRIBUTION_STORAGE_KEY,
  buildPaymentInfo,
  CAMPAIGN_PARAM_MAX_LENGTH,
  CAMPAIGN_PARAMS,
  captureAttribution,
  isAttributionExpired,
  NO_PRICE_OFFER_STORAGE_KEY,
  parseAttribution,
  pickCampaignParams,
  readAttribution,
  readNoPriceOffer,
  recordLanding,
  writeAttribution,
  writeNoPriceOffer,
  type AttributionRecord,
} from './attribution';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const store = () => window.localStorage;

beforeEach(() => window.localStorage.clear());

describe('capturing campaign params', () => {
  it('knows the twelve params of the spec', () => {
    expect([...CAMPAIGN_PARAMS].sort()).toEqual(
      [
        'aaCampaign',
        'code',
        'friend',
        'p',
        'ref',
        'slug',
        'source',
        'utm_campaign',
        'utm_content',
        'utm_medium',
        'utm_source',
        'utm_term',
      ].sort(),
    );
  });

  it('keeps known params from URLSearchParams, trimmed, dropping empties and unknown names', () => {
    const q = new URLSearchParams('utm_source=%20news%20&utm_medium=&code=SAVE10&p=vip&other=x&friend=ann');
    expect(pickCampaignParams(q)).toEqual({ utm_source: 'news', code: 'SAVE10', p: 'vip', friend: 'ann' });
  });

  it('from a parsed query object, only string values count', () => {
    expect(pickCampaignParams({ utm_source: ['a', 'b'], ref: 42, slug: 'jazz', aaCampaign: { x: 1 }, source: null })).toEqual({
      slug: 'jazz',
    });
  });

  it('caps each value length', () => {
    const long = 'x'.repeat(CAMPAIGN_PARAM_MAX_LENGTH + 50);
    expect(pickCampaignParams(new URLSearchParams({ utm_term: long })).utm_term).toHaveLength(CAMPAIGN_PARAM_MAX_LENGTH);
  });

  it('builds a record with landing page and timestamp, or null without params', () => {
    expect(captureAttribution(new URLSearchParams('ref=blog'), '/classes/jazz?ref=blog', NOW)).toEqual({
      ref: 'blog',
      landingPage: '/classes/jazz?ref=blog',
      timestamp: NOW,
    });
    expect(captureAttribution(new URLSearchParams('q=piano'), '/browse', NOW)).toBeNull();
  });
});

describe('stored attribution, 30 days', () => {
  const record: AttributionRecord = { utm_source: 'news', landingPage: '/', timestamp: NOW };

  it('expires strictly after 30 days', () => {
    expect(ATTRIBUTION_MAX_AGE_MS).toBe(30 * DAY);
    expect(isAttributionExpired(record, NOW + 30 * DAY)).toBe(false);
    expect(isAttributionExpired(record, NOW + 30 * DAY + 1)).toBe(true);
  });

  it('reads back within 30 days; an older record is discarded and removed', () => {
    writeAttribution(record, store());
    expect(readAttribution(NOW + 30 * DAY, store())).toEqual(record);
    expect(readAttribution(NOW + 30 * DAY + 1, store())).toBeNull();
    expect(store().getItem(ATTRIBUTION_STORAGE_KEY)).toBeNull();
  });

  it('bad JSON or shapes read as nothing and are removed; unknown keys are dropped', () => {
    for (const raw of ['{oops', '[]', 'null', '{"utm_source":"x"}', '{"timestamp":"yesterday"}']) {
      store().setItem(ATTRIBUTION_STORAGE_KEY, raw);
      expect(readAttribution(NOW, store())).toBeNull();
      expect(store().getItem(ATTRIBUTION_STORAGE_KEY)).toBeNull();
    }
    expect(parseAttribution(JSON.stringify({ timestamp: 1, evil: 'x', ref: 7, code: 'C' }))).toEqual({
      code: 'C',
      landingPage: '',
      timestamp: 1,
    });
  });

  it('a landing with params replaces the record whole (last touch); one without keeps it', () => {
    recordLanding(new URLSearchParams('utm_source=news&friend=ann'), '/a', NOW, store());
    const second = recordLanding(new URLSearchParams('utm_source=ads'), '/b', NOW + 1000, store());
    expect(second).toEqual({ utm_source: 'ads', landingPage: '/b', timestamp: NOW + 1000 });
    expect(recordLanding(new URLSearchParams(''), '/c', NOW + 2000, store())).toEqual(second);
    expect(readAttribution(NOW + 3000, store())).toEqual(second);
  });

  it('missing or failing storage never throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readAttribution(NOW, broken)).toBeNull();
    expect(writeAttribution(record, broken)).toBe(false);
    expect(writeAttribution(record, null)).toBe(false);
    expect(readAttribution(NOW, null)).toBeNull();
    expect(readNoPriceOffer(broken)).toBe(false);
    expect(() => writeNoPriceOffer(true, broken)).not.toThrow();
  });
});

describe('noPriceOffer in local storage', () => {
  it('is set, read and cleared', () => {
    expect(readNoPriceOffer(store())).toBe(false);
    writeNoPriceOffer(true, store());
    expect(store().getItem(NO_PRICE_OFFER_STORAGE_KEY)).toBe('true');
    expect(readNoPriceOffer(store())).toBe(true);
    writeNoPriceOffer(false, store());
    expect(store().getItem(NO_PRICE_OFFER_STORAGE_KEY)).toBeNull();
  });
});

describe('payment_info at purchase', () => {
  const attribution: AttributionRecord = {
    utm_source: 's',
    utm_medium: 'm',
    utm_term: 't',
    utm_campaign: 'c',
    utm_content: 'n',
    ref: 'blog',
    code: 'SAVE10',
    source: 'ignored',
    friend: 'ann',
    aaCampaign: 'ignored',
    slug: 'jazz-101',
    p: 'vip',
    landingPage: '/',
    timestamp: NOW,
  };

  it('carries the landing params and the flag', () => {
    expect(buildPaymentInfo({ attribution, noPriceOffer: true, schoolSlug: 'music' })).toEqual({
      sessionSlug: 'jazz-101',
      schoolSlug: 'music',
      utm_campaign: 'c',
      utm_content: 'n',
      utm_medium: 'm',
      utm_source: 's',
      utm_term: 't',
      referrer: 'blog',
      discountCode: 'SAVE10',
      friend: 'ann',
      noPriceOffer: true,
      p: 'vip',
    });
  });

  it('explicit checkout values win over landing params', () => {
    const info = buildPaymentInfo({
      attribution,
      noPriceOffer: false,
      sessionSlug: 'live-3',
      discountCode: ' TYPED ',
      referrer: 'partner',
      p: 'x',
    });
    expect(info).toMatchObject({
      sessionSlug: 'live-3',
      discountCode: 'TYPED',
      referrer: 'partner',
      p: 'x',
      noPriceOffer: false,
    });
  });

  it('without attribution only the flag and explicit values are sent (no undefined keys)', () => {
    expect(buildPaymentInfo({ attribution: null, noPriceOffer: false })).toEqual({ noPriceOffer: false });
    expect(buildPaymentInfo({ attribution: null, noPriceOffer: false, discountCode: '  ', schoolSlug: null })).toEqual({
      noPriceOffer: false,
    });
  });
});
