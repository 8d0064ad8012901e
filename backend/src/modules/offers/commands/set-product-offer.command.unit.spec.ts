import { deciderSpec } from '../../../test-support/decider-spec';
import { offerModel } from '../infra/streams';
import { decide, SetProductOffer } from './set-product-offer.command';

const terms = { productId: 'p1', offerKey: 'launch', specialOnlyVip: false, shouldNotHideDiscount: false };

describe('SetProductOffer decides', () => {
  const spec = deciderSpec(offerModel, decide);

  it('the terms as given, the date as ISO-8601, and no date as null', () => {
    spec
      .given()
      .when(new SetProductOffer('p1', 'launch', '2026-12-01T10:00:00+02:00', false, false))
      .then([{ type: 'ProductOfferSet', payload: { ...terms, crossedPriceApplicableFrom: '2026-12-01T08:00:00.000Z' } }]);
    spec
      .given()
      .when(new SetProductOffer('p1', 'launch', null, true, true))
      .then([
        {
          type: 'ProductOfferSet',
          payload: { ...terms, crossedPriceApplicableFrom: null, specialOnlyVip: true, shouldNotHideDiscount: true },
        },
      ]);
  });

  it('replaces the terms in force, and sets them again after a removal', () => {
    const set = { type: 'ProductOfferSet', payload: { ...terms, crossedPriceApplicableFrom: null } };
    const given = spec.given(set);
    expect(given.state).toEqual({
      productId: 'p1',
      terms: { offerKey: 'launch', crossedPriceApplicableFrom: null, specialOnlyVip: false, shouldNotHideDiscount: false },
    });
    given
      .when(new SetProductOffer('p1', 'summer', null, false, false))
      .then([{ type: 'ProductOfferSet', payload: { ...terms, offerKey: 'summer', crossedPriceApplicableFrom: null } }]);
    spec
      .given(set, { type: 'ProductOfferRemoved', payload: { productId: 'p1' } })
      .when(new SetProductOffer('p1', 'launch', null, false, false))
      .then([set]);
  });
});
