import { deciderSpec } from '../../../test-support/decider-spec';
import { completeCheckout, expireCheckout } from '../domain/checkout';
import { grantCredit } from '../domain/credit';
import { completePurchase, refundPurchase, type PurchaseCompletion } from '../domain/purchase-plan';
import { renewSubscription } from '../domain/subscription-state';
import { checkoutModel, creditModel, purchasesModel, subscriptionModel } from '../infra/streams';

const started = {
  type: 'CheckoutSessionStarted',
  payload: {
    sessionId: 'cs_1',
    userId: 'u1',
    mode: 'payment',
    lines: [{ productId: 'p1', priceInCents: 900 }],
    amountTotalInCents: 900,
    currency: 'USD',
    storefrontSlug: null,
    appSlug: null,
    priceOptionId: null,
    attribution: {},
    discountCode: null,
  },
};
const completion = {
  sessionId: 'cs_1',
  userId: 'u1',
  mode: 'payment' as const,
  productIds: ['p1'],
  subscriptionId: null,
  paymentIntentId: 'pi_1',
  customerId: 'cus_1',
  amountTotalInCents: 900,
};

describe('ProcessStripeEvent: a checkout session', () => {
  const complete = deciderSpec(checkoutModel, completeCheckout);
  const expire = deciderSpec(checkoutModel, expireCheckout);

  it('completes once, however often the provider says so', () => {
    complete
      .given(started)
      .when(completion)
      .then([{ type: 'CheckoutSessionCompleted', payload: completion }]);
    complete.given(started, { type: 'CheckoutSessionCompleted', payload: completion }).when(completion).thenNothing();
  });

  it('expires once, and never after it completed', () => {
    const expiry = { sessionId: 'cs_1', userId: 'u1' };
    expire
      .given(started)
      .when(expiry)
      .then([{ type: 'CheckoutSessionExpired', payload: expiry }]);
    expire.given(started, { type: 'CheckoutSessionExpired', payload: expiry }).when(expiry).thenNothing();
    expire.given(started, { type: 'CheckoutSessionCompleted', payload: completion }).when(expiry).thenNothing();
  });

  it('folds how it started (what its completion and refund are about)', () => {
    expect(complete.given(started).state).toMatchObject({ started: started.payload, completed: false, expired: false });
  });
});

describe('ProcessStripeEvent: purchases paid at checkout', () => {
  const complete = deciderSpec(purchasesModel, completePurchase);
  const refund = deciderSpec(purchasesModel, refundPurchase);
  const paid: PurchaseCompletion = {
    purchaseId: 'cs_1:p1',
    userId: 'u1',
    productId: 'p1',
    priceInCents: 900,
    currency: 'USD',
    source: 'stripe',
    checkoutSessionId: 'cs_1',
    attribution: {},
    discountCode: null,
  };
  const refunded = { purchaseId: 'cs_1:p1', userId: 'u1', productId: 'p1', reason: 'refunded (ch_1)' };

  it('a purchase is recorded once per session and product, even after its refund (a redelivered webhook buys nothing)', () => {
    complete
      .given()
      .when(paid)
      .then([{ type: 'PurchaseCompleted', payload: paid }]);
    complete.given({ type: 'PurchaseCompleted', payload: paid }).when(paid).thenNothing();
    complete
      .given({ type: 'PurchaseCompleted', payload: paid }, { type: 'PurchaseRefunded', payload: refunded })
      .when(paid)
      .thenNothing();
  });

  it('a refund ends an owned purchase, once; an unknown one is left alone', () => {
    refund
      .given({ type: 'PurchaseCompleted', payload: paid })
      .when(refunded)
      .then([{ type: 'PurchaseRefunded', payload: refunded }]);
    refund
      .given({ type: 'PurchaseCompleted', payload: paid }, { type: 'PurchaseRefunded', payload: refunded })
      .when(refunded)
      .thenNothing();
    refund.given().when(refunded).thenNothing();
  });
});

describe('ProcessStripeEvent: a paid subscription period', () => {
  const renew = deciderSpec(subscriptionModel, renewSubscription);
  const grant = deciderSpec(creditModel, grantCredit);
  const subscriptionStarted = {
    type: 'SubscriptionStarted',
    payload: {
      subscriptionId: 'sub_1',
      userId: 'u1',
      customerId: 'cus_1',
      storefrontSlug: 'sparkhouse',
      appSlug: 'membership',
      appId: null,
      priceOptionId: 'membership-monthly',
      planDisplayName: 'Monthly',
      tierSlug: null,
      status: 'active',
      trialEnd: null,
      currentPeriodEnd: '2026-12-28T00:00:00.000Z',
      startedAt: '2026-11-28T00:00:00.000Z',
    },
  };
  const renewal = {
    subscriptionId: 'sub_1',
    userId: 'u1',
    invoiceId: 'in_2',
    amountPaidInCents: 1200,
    periodStart: '2026-12-28T00:00:00.000Z',
    periodEnd: '2027-01-28T00:00:00.000Z',
  };

  it('is renewed once per invoice', () => {
    renew
      .given(subscriptionStarted)
      .when(renewal)
      .then([{ type: 'SubscriptionRenewed', payload: renewal }]);
    renew.given(subscriptionStarted, { type: 'SubscriptionRenewed', payload: renewal }).when(renewal).thenNothing();
    renew
      .given(subscriptionStarted, { type: 'SubscriptionRenewed', payload: { ...renewal, invoiceId: 'in_1' } })
      .when(renewal)
      .then([{ type: 'SubscriptionRenewed', payload: renewal }]);
  });

  it("grants the period's credit once per invoice", () => {
    const credit = { userId: 'u1', grantId: 'in_2', amountInCents: 1000, subscriptionId: 'sub_1', reason: 'subscription-period' };
    grant
      .given()
      .when(credit)
      .then([{ type: 'CreditGranted', payload: credit }]);
    grant.given({ type: 'CreditGranted', payload: credit }).when(credit).thenNothing();
  });
});
