import {
  decideOfferVisibility,
  nextNoPriceOffer,
  OFFER_COOLDOWN_MS,
  toEpochMs,
  type OfferVisibilityInput,
  type OfferVisibilityTerms,
} from './offer-visibility';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const OLD_DATE = '2026-11-30T00:00:00.000Z';
const NEW_DATE = '2026-12-31T00:00:00.000Z';
const offer = (extra: Partial<OfferVisibilityTerms> = {}): OfferVisibilityTerms => ({
  crossedPriceApplicableFrom: NEW_DATE,
  ...extra,
});
const decide = (over: Partial<OfferVisibilityInput> = {}) =>
  decideOfferVisibility({ offer: offer(), now: NOW, queryP: null, seen: {}, ...over });

describe('offer visibility rules (spec section 4), in order', () => {
  it('1. no crossedPriceApplicableFrom: hidden, even when forced or VIP', () => {
    for (const missing of [undefined, null, '']) {
      const d = decide({ offer: offer({ crossedPriceApplicableFrom: missing, shouldNotHideDiscount: true }) });
      expect(d).toEqual({ visible: false, reason: 'no-applicable-date', noPriceOffer: false });
    }
  });

  it('1b. an unreadable date counts as missing', () => {
    expect(decide({ offer: offer({ crossedPriceApplicableFrom: 'soon' }) }).reason).toBe('no-applicable-date');
  });

  it('2. specialOnlyVip: hidden unless p is exactly vip', () => {
    const vipOffer = offer({ specialOnlyVip: true });
    expect(decide({ offer: vipOffer }).reason).toBe('vip-only');
    expect(decide({ offer: vipOffer, queryP: 'VIP' }).visible).toBe(false);
    expect(decide({ offer: vipOffer, queryP: 'other' }).visible).toBe(false);
    expect(decide({ offer: vipOffer, queryP: 'vip' })).toMatchObject({ visible: true, reason: 'first-view' });
  });

  it('2b. the VIP rule comes before the forced rule', () => {
    expect(decide({ offer: offer({ specialOnlyVip: true, shouldNotHideDiscount: true }) }).reason).toBe('vip-only');
  });

  it('3. past the price-applicable date: hidden, from the instant itself (VIP and forced too)', () => {
    const at = Date.parse(NEW_DATE);
    expect(decide({ now: at - 1 }).visible).toBe(true);
    expect(decide({ now: at }).reason).toBe('expired');
    expect(decide({ now: at + 1, offer: offer({ shouldNotHideDiscount: true }) }).reason).toBe('expired');
    expect(decide({ now: at + 1, queryP: 'vip', offer: offer({ specialOnlyVip: true }) }).reason).toBe('expired');
  });

  it('4. shouldNotHideDiscount: shown without recording, even inside a cool-down', () => {
    const d = decide({
      offer: offer({ shouldNotHideDiscount: true }),
      seen: { expirationDateSeen: OLD_DATE, lastSeenCurrentOffer: NOW - 1000 },
    });
    expect(d).toEqual({ visible: true, reason: 'forced', noPriceOffer: false });
  });

  it('5. first view: shown and the seen dates recorded', () => {
    expect(decide()).toEqual({
      visible: true,
      reason: 'first-view',
      record: { expirationDateSeen: NEW_DATE, lastSeenCurrentOffer: NOW },
      noPriceOffer: false,
    });
    // Half a record (no usable last-seen time) is a first view too.
    expect(decide({ seen: { expirationDateSeen: OLD_DATE, lastSeenCurrentOffer: 'garbage' } }).reason).toBe('first-view');
    expect(decide({ seen: { lastSeenCurrentOffer: NOW - 5 } }).reason).toBe('first-view');
    // An empty stored date (an emptied cookie) is no date seen, not a changed one.
    expect(decide({ seen: { expirationDateSeen: '', lastSeenCurrentOffer: NOW - 5 } }).reason).toBe('first-view');
  });

  it('6. later views show while the date matches, refreshing last seen', () => {
    const d = decide({ seen: { expirationDateSeen: NEW_DATE, lastSeenCurrentOffer: NOW - 10 * OFFER_COOLDOWN_MS } });
    expect(d).toMatchObject({
      visible: true,
      reason: 'same-date',
      record: { expirationDateSeen: NEW_DATE, lastSeenCurrentOffer: NOW },
    });
  });

  it('6b. the date matches across ISO text, epoch ms and cookie digit strings', () => {
    const ms = Date.parse(NEW_DATE);
    expect(decide({ seen: { expirationDateSeen: ms, lastSeenCurrentOffer: NOW - 1 } }).reason).toBe('same-date');
    expect(
      decide({
        offer: offer({ crossedPriceApplicableFrom: ms }),
        seen: { expirationDateSeen: String(ms), lastSeenCurrentOffer: String(NOW - 1) },
      }).reason,
    ).toBe('same-date');
    expect(decide({ seen: { expirationDateSeen: '2026-12-31T00:00:00Z', lastSeenCurrentOffer: NOW - 1 } }).reason).toBe(
      'same-date',
    );
  });

  describe('7. the date changed: cool-down of 26 days after the last seen time', () => {
    const lastSeen = NOW - 1000;
    const seen = { expirationDateSeen: OLD_DATE, lastSeenCurrentOffer: lastSeen };

    it('the constant is 26 days', () => {
      expect(OFFER_COOLDOWN_MS).toBe(26 * 24 * 60 * 60 * 1000);
    });

    it('hidden with noPriceOffer right after the change', () => {
      expect(decide({ seen })).toEqual({ visible: false, reason: 'cool-down', noPriceOffer: true });
    });

    it('still hidden at 26 days minus 1 ms, nothing recorded', () => {
      const d = decide({ seen, now: lastSeen + OFFER_COOLDOWN_MS - 1 });
      expect(d).toEqual({ visible: false, reason: 'cool-down', noPriceOffer: true });
    });

    it('shown again at exactly 26 days and re-recorded with the new date', () => {
      const now = lastSeen + OFFER_COOLDOWN_MS;
      expect(decide({ seen, now })).toEqual({
        visible: true,
        reason: 'cool-down-over',
        record: { expirationDateSeen: NEW_DATE, lastSeenCurrentOffer: now },
        noPriceOffer: false,
      });
    });

    it('after re-recording, the new date is a plain match', () => {
      const now = lastSeen + OFFER_COOLDOWN_MS;
      const record = decide({ seen, now }).record!;
      expect(decide({ seen: record, now: now + 1 }).reason).toBe('same-date');
    });

    it('an unreadable stored date differs from any real one', () => {
      expect(decide({ seen: { expirationDateSeen: 'weird', lastSeenCurrentOffer: lastSeen } }).reason).toBe('cool-down');
    });
  });

  it('the VIP audience (p=vip) still goes through the seen-date rules', () => {
    const vipOffer = offer({ specialOnlyVip: true });
    const seen = { expirationDateSeen: OLD_DATE, lastSeenCurrentOffer: NOW - 1000 };
    expect(decide({ offer: vipOffer, queryP: 'vip', seen })).toEqual({ visible: false, reason: 'cool-down', noPriceOffer: true });
    expect(decide({ offer: vipOffer, queryP: 'vip', seen: { ...seen, expirationDateSeen: NEW_DATE } }).reason).toBe('same-date');
  });

  it('an unreadable clock hides the offer', () => {
    expect(decide({ now: new Date('bad') }).reason).toBe('expired');
  });

  it('accepts now as a Date', () => {
    expect(decide({ now: new Date(NOW) }).record?.lastSeenCurrentOffer).toBe(NOW);
  });
});

describe('noPriceOffer flag moves', () => {
  it('set when hidden by the cool-down, cleared when shown, kept when hidden otherwise', () => {
    const cool = decide({ seen: { expirationDateSeen: OLD_DATE, lastSeenCurrentOffer: NOW } });
    expect(nextNoPriceOffer(false, cool)).toBe(true);
    expect(nextNoPriceOffer(true, decide())).toBe(false);
    const expired = decide({ now: Date.parse(NEW_DATE) });
    expect(nextNoPriceOffer(true, expired)).toBe(true);
    expect(nextNoPriceOffer(false, expired)).toBe(false);
  });
});

describe('toEpochMs', () => {
  it('reads numbers, digit strings, ISO text and Dates; rejects the rest', () => {
    expect(toEpochMs(5)).toBe(5);
    expect(toEpochMs(' 1700000000000 ')).toBe(1_700_000_000_000);
    expect(toEpochMs('1970-01-01T00:00:01Z')).toBe(1000);
    expect(toEpochMs(new Date(7))).toBe(7);
    expect(toEpochMs(new Date('x'))).toBeNull();
    expect(toEpochMs(Number.NaN)).toBeNull();
    expect(toEpochMs('nope')).toBeNull();
    expect(toEpochMs(undefined)).toBeNull();
    expect(toEpochMs(null)).toBeNull();
    expect(toEpochMs('')).toBeNull();
    expect(toEpochMs('-5')).toBe(-5);
  });
});
