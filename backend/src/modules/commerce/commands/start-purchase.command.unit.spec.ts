import { deciderSpec } from '../../../test-support/decider-spec';
import { spendCredit } from '../domain/credit';
import { grantPurchase, type PurchaseCompletion } from '../domain/purchase-plan';
import { creditModel, purchasesModel } from '../infra/streams';

const granted = (amountInCents: number, grantId = 'in_1') => ({
  type: 'CreditGranted',
  payload: { userId: 'u1', grantId, amountInCents, subscriptionId: 'sub_1', reason: 'subscription-period' },
});
const spent = (amountInCents: number, spendId = 's0') => ({
  type: 'CreditSpent',
  payload: { userId: 'u1', spendId, amountInCents, productIds: ['p0'] },
});

describe('StartPurchase spends credit', () => {
  const spec = deciderSpec(creditModel, spendCredit);
  const spend = { userId: 'u1', spendId: 's1', amountInCents: 600, productIds: ['p1', 'p2'] };

  it('when the balance (grants less spends) covers it', () => {
    spec
      .given(granted(1000), spent(400))
      .when(spend)
      .then([{ type: 'CreditSpent', payload: { userId: 'u1', spendId: 's1', amountInCents: 600, productIds: ['p1', 'p2'] } }]);
  });

  it('refuses when the credit changed meanwhile, or there is none', () => {
    spec.given(granted(1000), spent(401)).when(spend).thenThrows('Your credit changed meanwhile; please try again.');
    spec.given().when(spend).thenThrows('Your credit changed meanwhile; please try again.');
  });
});

describe('StartPurchase grants free and credit items', () => {
  const spec = deciderSpec(purchasesModel, grantPurchase);
  const purchase = (source: 'free' | 'credit', purchaseId = `${source}-s1:p1`): PurchaseCompletion => ({
    purchaseId,
    userId: 'u1',
    productId: 'p1',
    priceInCents: source === 'free' ? 0 : 900,
    currency: 'USD',
    source,
    checkoutSessionId: null,
    attribution: { utm_source: 'news' },
    discountCode: null,
  });
  const owned = { type: 'PurchaseCompleted', payload: { ...purchase('free', 'cs_1:p1'), source: 'stripe' } };
  const refunded = { type: 'PurchaseRefunded', payload: { purchaseId: 'cs_1:p1', userId: 'u1', productId: 'p1', reason: null } };

  it('a product not owned (never bought, or refunded)', () => {
    spec
      .given()
      .when(purchase('credit'))
      .then([{ type: 'PurchaseCompleted', payload: purchase('credit') }]);
    spec
      .given(owned, refunded)
      .when(purchase('free'))
      .then([{ type: 'PurchaseCompleted', payload: purchase('free') }]);
  });

  it('nothing for a free product owned already; a refusal when credit would pay for one', () => {
    spec.given(owned).when(purchase('free')).thenNothing();
    spec.given(owned).when(purchase('credit')).thenThrows('You bought this meanwhile; nothing was charged.');
  });
});
