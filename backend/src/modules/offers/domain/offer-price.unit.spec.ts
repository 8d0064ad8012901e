import { OFFER_COOLDOWN_MS, priceForBuyer, type BuyerOfferContext, type OfferTerms } from './offer-price';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const END = '2026-12-01T00:00:00.000Z';
const price = { priceInCents: 1999, crossedPriceInCents: 3999 };
const terms = (o: Partial<OfferTerms> = {}): OfferTerms => ({
  offerKey: 'launch',
  crossedPriceApplicableFrom: END,
  specialOnlyVip: false,
  shouldNotHideDiscount: false,
  ...o,
});
const ctx = (c: Partial<BuyerOfferContext> = {}): BuyerOfferContext => ({ now: NOW, isVip: false, noPriceOffer: false, ...c });

describe('priceForBuyer (server offer check)', () => {
  it('charges the price when there is no crossed price above it', () => {
    expect(priceForBuyer({ priceInCents: 1500, crossedPriceInCents: null }, terms(), ctx())).toMatchObject({
      priceInCents: 1500,
      offerApplied: false,
      reason: 'no-offer',
    });
    expect(priceForBuyer({ priceInCents: 1500, crossedPriceInCents: 1500 }, terms(), ctx()).priceInCents).toBe(1500);
  });

  it('charges the full price without offer terms or without an applicable date', () => {
    expect(priceForBuyer(price, null, ctx())).toMatchObject({ priceInCents: 3999, reason: 'no-applicable-date' });
    expect(priceForBuyer(price, terms({ crossedPriceApplicableFrom: null }), ctx()).priceInCents).toBe(3999);
    expect(priceForBuyer(price, terms({ crossedPriceApplicableFrom: 'not a date' }), ctx()).priceInCents).toBe(3999);
  });

  it('gives the offer price on a live offer', () => {
    expect(priceForBuyer(price, terms(), ctx())).toEqual({
      priceInCents: 1999,
      fullPriceInCents: 3999,
      offerApplied: true,
      reason: 'offer',
    });
  });

  it('VIP-only offers need p=vip or a VIP user', () => {
    const vipOnly = terms({ specialOnlyVip: true });
    expect(priceForBuyer(price, vipOnly, ctx()).reason).toBe('vip-only');
    expect(priceForBuyer(price, vipOnly, ctx({ p: 'VIP' })).priceInCents).toBe(3999);
    expect(priceForBuyer(price, vipOnly, ctx({ p: 'vip' })).priceInCents).toBe(1999);
    expect(priceForBuyer(price, vipOnly, ctx({ isVip: true })).priceInCents).toBe(1999);
  });

  it('ends at the applicable date exactly', () => {
    expect(priceForBuyer(price, terms(), ctx({ now: Date.parse(END) - 1 })).priceInCents).toBe(1999);
    expect(priceForBuyer(price, terms(), ctx({ now: Date.parse(END) })).reason).toBe('expired');
    // past the date even shouldNotHideDiscount cannot bring it back
    expect(priceForBuyer(price, terms({ shouldNotHideDiscount: true }), ctx({ now: Date.parse(END) + 1 })).priceInCents).toBe(
      3999,
    );
  });

  it('shouldNotHideDiscount beats noPriceOffer and the cool-down', () => {
    const seen = { expirationDateSeen: '2026-11-25T00:00:00.000Z', lastSeenCurrentOffer: NOW - 1000 };
    expect(priceForBuyer(price, terms({ shouldNotHideDiscount: true }), ctx({ noPriceOffer: true, seen })).reason).toBe('forced');
  });

  it('noPriceOffer from payment_info means the buyer saw the full price', () => {
    expect(priceForBuyer(price, terms(), ctx({ noPriceOffer: true }))).toMatchObject({
      priceInCents: 3999,
      reason: 'no-price-offer',
    });
  });

  it('re-checks the 26-day cool-down from the user record, to the millisecond', () => {
    const moved = '2026-11-25T00:00:00.000Z';
    const inside = { expirationDateSeen: moved, lastSeenCurrentOffer: NOW - OFFER_COOLDOWN_MS + 1 };
    const over = { expirationDateSeen: moved, lastSeenCurrentOffer: NOW - OFFER_COOLDOWN_MS };
    expect(priceForBuyer(price, terms(), ctx({ seen: inside })).reason).toBe('cool-down');
    expect(priceForBuyer(price, terms(), ctx({ seen: over })).reason).toBe('offer');
    // the same date seen (as epoch text, as cookies keep it) is no change
    const same = { expirationDateSeen: String(Date.parse(END)), lastSeenCurrentOffer: String(NOW - 1000) };
    expect(priceForBuyer(price, terms(), ctx({ seen: same })).reason).toBe('offer');
  });

  it('a VIP user is priced as p=vip, cool-down included', () => {
    const vipOnly = terms({ specialOnlyVip: true });
    const seen = { expirationDateSeen: '2026-11-25T00:00:00.000Z', lastSeenCurrentOffer: NOW - 1000 };
    expect(priceForBuyer(price, vipOnly, ctx({ isVip: true, p: 'other', seen })).reason).toBe('cool-down');
    expect(priceForBuyer(price, vipOnly, ctx({ isVip: true, now: Date.parse(END) })).reason).toBe('expired');
  });

  it('noPriceOffer outranks the seen record but not a missing or ended offer', () => {
    const seen = { expirationDateSeen: '2026-11-25T00:00:00.000Z', lastSeenCurrentOffer: NOW - 1000 };
    expect(priceForBuyer(price, terms(), ctx({ noPriceOffer: true, seen })).reason).toBe('no-price-offer');
    expect(priceForBuyer(price, terms(), ctx({ noPriceOffer: true, now: Date.parse(END) })).reason).toBe('expired');
    expect(priceForBuyer(price, null, ctx({ noPriceOffer: true })).reason).toBe('no-applicable-date');
  });
});
