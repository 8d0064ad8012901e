import { deciderSpec } from '../../../test-support/decider-spec';
import { removeBought } from '../domain/cart';
import { cartModel } from '../infra/streams';
import { decide } from './update-cart.command';

const AT = '2026-11-28T10:00:00.000Z';
const saved = (productIds: string[], offerValid: boolean | null = true) => ({
  type: 'CartUpdated',
  payload: { userId: 'u1', productIds, offerValid, updatedAt: '2026-11-28T09:00:00.000Z' },
});

describe('UpdateCart decides', () => {
  const spec = deciderSpec(cartModel, decide);

  it('the cart as sent, each product once, less what the user owns', () => {
    spec
      .given(saved(['p9']))
      .when({ userId: 'u1', productIds: ['p1', 'p2', 'p1', 'p3'], offerValid: false, owned: new Set(['p2']), updatedAt: AT })
      .then([{ type: 'CartUpdated', payload: { userId: 'u1', productIds: ['p1', 'p3'], offerValid: false, updatedAt: AT } }]);
  });

  it('an empty save empties the cart', () => {
    spec
      .given(saved(['p1']))
      .when({ userId: 'u1', productIds: [], offerValid: null, owned: new Set(), updatedAt: AT })
      .then([{ type: 'CartUpdated', payload: { userId: 'u1', productIds: [], offerValid: null, updatedAt: AT } }]);
  });
});

describe('a purchase takes its products out of the cart', () => {
  const spec = deciderSpec(cartModel, removeBought);

  it('keeps the rest of the cart, in order, with its offer flag', () => {
    spec
      .given(saved(['p1', 'p2', 'p3'], false))
      .when({ productIds: ['p2', 'p4'], updatedAt: AT })
      .then([{ type: 'CartUpdated', payload: { userId: 'u1', productIds: ['p1', 'p3'], offerValid: false, updatedAt: AT } }]);
  });

  it('records nothing when none of them is in the cart, or there is no cart', () => {
    spec
      .given(saved(['p1']))
      .when({ productIds: ['p2'], updatedAt: AT })
      .thenNothing();
    spec
      .given()
      .when({ productIds: ['p2'], updatedAt: AT })
      .thenNothing();
    spec
      .given(saved(['p1', 'p2']), saved(['p1']))
      .when({ productIds: ['p2'], updatedAt: AT })
      .thenNothing();
  });
});
