import { decideOfferVisibility } from '../../../../../frontend/src/features/offers/offer-visibility';
import { OFFER_COOLDOWN_MS, priceForBuyer, toEpochMs, type BuyerOfferContext, type OfferTerms } from './offer-price';

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

  it('parses the date forms the browser stores', () => {
    expect(toEpochMs('1800000000000')).toBe(1_800_000_000_000);
    expect(toEpochMs(END)).toBe(Date.parse(END));
    expect(toEpochMs('')).toBeNull();
    expect(toEpochMs(new Date(Number.NaN))).toBeNull();
  });
});

describe('the server agrees with the browser (frontend offer-visibility)', () => {
  const seenCases = [
    {},
    { expirationDateSeen: END, lastSeenCurrentOffer: NOW - 5000 },
    { expirationDateSeen: '2026-11-25T00:00:00.000Z', lastSeenCurrentOffer: NOW - 1000 },
    { expirationDateSeen: '2026-11-25T00:00:00.000Z', lastSeenCurrentOffer: NOW - OFFER_COOLDOWN_MS },
    { expirationDateSeen: '2026-11-25T00:00:00.000Z', lastSeenCurrentOffer: NOW - OFFER_COOLDOWN_MS + 1 },
  ];
  const termCases: OfferTerms[] = [
    terms(),
    terms({ crossedPriceApplicableFrom: null }),
    terms({ specialOnlyVip: true }),
    terms({ shouldNotHideDiscount: true }),
    terms({ crossedPriceApplicableFrom: '2026-11-01T00:00:00.000Z' }),
    terms({ crossedPriceApplicableFrom: NOW + 1 }),
  ];
  const pCases = [null, 'vip'];

  it('charges the offer price exactly when the browser shows the offer', () => {
    let checked = 0;
    for (const t of termCases)
      for (const seen of seenCases)
        for (const p of pCases) {
          const shown = decideOfferVisibility({
            offer: { ...t, price: 1999, crossedPrice: 3999 },
            offerKey: t.offerKey,
            now: NOW,
            queryP: p,
            seen,
          });
          // the browser sends noPriceOffer when its cool-down hid the offer
          const charged = priceForBuyer(price, t, ctx({ p, seen, noPriceOffer: shown.noPriceOffer }));
          expect({ t, seen, p, offerApplied: charged.offerApplied }).toEqual({ t, seen, p, offerApplied: shown.visible });
          checked += 1;
        }
    expect(checked).toBe(termCases.length * seenCases.length * pCases.length);
  });
});
