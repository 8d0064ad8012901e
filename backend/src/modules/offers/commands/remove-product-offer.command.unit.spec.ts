import { deciderSpec } from '../../../test-support/decider-spec';
import { offerModel } from '../infra/streams';
import { decide, RemoveProductOffer } from './remove-product-offer.command';

describe('RemoveProductOffer decides', () => {
  const spec = deciderSpec(offerModel, decide);
  const set = {
    type: 'ProductOfferSet',
    payload: {
      productId: 'p1',
      offerKey: 'launch',
      crossedPriceApplicableFrom: null,
      specialOnlyVip: false,
      shouldNotHideDiscount: false,
    },
  };
  const removed = { type: 'ProductOfferRemoved', payload: { productId: 'p1' } };

  it('removes an offer in force', () => {
    spec.given(set).when(new RemoveProductOffer('p1')).then([removed]);
    spec.given(set, removed, set).when(new RemoveProductOffer('p1')).then([removed]);
  });

  it('records nothing when there is no offer: never set, or removed already', () => {
    spec.given().when(new RemoveProductOffer('p1')).thenNothing();
    spec.given(set, removed).when(new RemoveProductOffer('p1')).thenNothing();
  });
});
