import { isEventOf, type NewEvent } from '@sparkhouse/contracts';
import type { StreamModel } from '../platform/events/event-store';
import { deciderSpec } from './decider-spec';

// a tiny stream for the helper itself: a product's offer, set (for VIPs or not) and removed
type Offer = { vipOnly: boolean };
const model: StreamModel<Offer> = {
  name: 'test.offer@1',
  fold: (state, events) =>
    events.reduce<Offer | null>(
      (s, e) => (isEventOf(e, 'ProductOfferSet') ? { vipOnly: e.payload.specialOnlyVip } : null),
      state,
    ),
};
const setOffer = (productId: string, vipOnly: boolean): NewEvent => ({
  type: 'ProductOfferSet',
  payload: {
    productId,
    offerKey: 'spring',
    crossedPriceApplicableFrom: null,
    specialOnlyVip: vipOnly,
    shouldNotHideDiscount: false,
  },
});
const decide = (state: Offer | null, cmd: { productId: string; vipOnly: boolean }): NewEvent[] => {
  if (!cmd.productId) throw new Error('Which product?');
  return state?.vipOnly === cmd.vipOnly ? [] : [setOffer(cmd.productId, cmd.vipOnly)];
};

describe('deciderSpec (given / when / then)', () => {
  const spec = deciderSpec(model, decide);

  it('folds the given events into the state the command decides on', () => {
    expect(spec.given(setOffer('p1', false), setOffer('p1', true)).state).toEqual({ vipOnly: true });
    expect(spec.given().state).toBeNull();
  });

  it('checks the decided events, nothing, or the refusal', () => {
    spec
      .given()
      .when({ productId: 'p1', vipOnly: true })
      .then([setOffer('p1', true)]);
    spec.given(setOffer('p1', true)).when({ productId: 'p1', vipOnly: true }).thenNothing();
    spec.given().when({ productId: '', vipOnly: true }).thenThrows('Which product?');
  });

  it('fails when the decider decides otherwise', () => {
    expect(() =>
      spec
        .given(setOffer('p1', true))
        .when({ productId: 'p1', vipOnly: true })
        .then([setOffer('p1', true)]),
    ).toThrow();
    expect(() => spec.given().when({ productId: 'p1', vipOnly: false }).thenNothing()).toThrow();
    expect(() => spec.given().when({ productId: 'p1', vipOnly: false }).thenThrows('Which product?')).toThrow();
  });
});
