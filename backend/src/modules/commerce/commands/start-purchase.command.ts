import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { type commerce } from '@sparkhouse/contracts';
import { ProductBrowseQueries } from '../../catalogue';
import { OfferQueries } from '../../offers';
import { EventStore } from '../../../platform/events/event-store';
import { notFound } from '../../../platform/http/errors';
import { foldBuyer } from '../domain/buyer';
import { removeFromCart } from '../infra/cart-stream';
import { foldCredit, spendCredit } from '../domain/credit';
import { grantPurchase, ownedPurchaseIds, planPurchase, type PlannedProduct, type PurchasePlan } from '../domain/purchase-plan';
import { CheckoutClaims, checkoutKey } from '../infra/checkout-claims';
import { StripeSupport } from '../infra/stripe-support';
import { creditModel, deciding, purchaseIdOf, purchasesModel, streams } from '../infra/streams';

/** payment_info as validated by the contract (spec 3: attribution, discount code, offer flags). */
export type PaymentInfo = Partial<Record<(typeof ATTRIBUTION_FIELDS)[number] | 'discountCode', string | null>>;

const ATTRIBUTION_FIELDS = [
  'sessionSlug',
  'schoolSlug',
  'utm_campaign',
  'utm_content',
  'utm_medium',
  'utm_source',
  'utm_term',
  'referrer',
  'friend',
  'p',
] as const;

/** The attribution fields of payment_info that hold text (campaign params are strings only). */
export function attributionOf(info: PaymentInfo): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ATTRIBUTION_FIELDS) {
    const v = info[k];
    if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  }
  return out;
}

/** Buy products: see planPurchase for how; the card part becomes one Stripe checkout session. */
export class StartPurchase {
  constructor(
    readonly userId: string,
    readonly email: string | null,
    readonly productIds: readonly string[],
    readonly paymentInfo: PaymentInfo & { noPriceOffer: boolean },
    readonly successUrl: string | undefined,
    readonly cancelUrl: string | undefined,
    /** Only work out the plan (the quote call); change nothing. */
    readonly dryRun = false,
  ) {}
}

export interface StartPurchaseResult extends commerce.PurchaseResult {
  plan: PurchasePlan;
  creditAvailableInCents: number;
}

@CommandHandler(StartPurchase)
export class StartPurchaseHandler implements ICommandHandler<StartPurchase, StartPurchaseResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly products: ProductBrowseQueries,
    private readonly offers: OfferQueries,
    private readonly stripe: StripeSupport,
    private readonly claims: CheckoutClaims,
  ) {}

  async execute(c: StartPurchase): Promise<StartPurchaseResult> {
    const ids = [...new Set(c.productIds)];
    const successUrl = c.successUrl ? this.stripe.returnUrl(c.successUrl, 'success_url') : this.stripe.defaultSuccessUrl();
    const cancelUrl = c.cancelUrl ? this.stripe.returnUrl(c.cancelUrl, 'cancel_url') : this.stripe.defaultCancelUrl();
    // money is decided from the write side (the products', offers' and buyer's own streams), never from
    // read models that may trail a change made a moment ago (a price, an offer, a last-seen offer date)
    const [cards, terms, buyer] = await Promise.all([
      this.products.cardsFromLog(ids),
      this.offers.termsFromLog(ids),
      this.events.readStream(this.orm.em.fork(), streams.user(c.userId)).then(foldBuyer),
    ]);
    const byId = new Map(cards.map((p) => [p.id, p]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw notFound(`No such product: ${missing[0]}`);
    const currency = cards[0].priceInfo.currency;
    const now = Date.now();
    const priced: PlannedProduct[] = ids.map((id) => {
      const card = byId.get(id)!;
      const t = terms.get(id) ?? null;
      const price = this.offers.priceForBuyer(card.priceInfo, t, {
        now,
        p: typeof c.paymentInfo.p === 'string' ? c.paymentInfo.p : null,
        isVip: buyer.isVip,
        noPriceOffer: c.paymentInfo.noPriceOffer,
        seen: t ? buyer.offersSeen[t.offerKey] : null,
      });
      return {
        productId: id,
        title: card.title,
        priceInCents: price.priceInCents,
        fullPriceInCents: price.fullPriceInCents,
        offerApplied: price.offerApplied,
      };
    });

    // ownership and credit from one snapshot: a concurrent grant (one transaction spends the credit and
    // records the purchase) is seen whole or not at all, so double clicks plan the same card lines
    const { owned, creditAvailableInCents } = await this.orm.em.fork().snapshot(async (em) => {
      const owned = new Set<string>();
      for (const id of ids) {
        if (ownedPurchaseIds(await this.events.readStream(em, streams.purchase(c.userId, id))).size > 0) owned.add(id);
      }
      const balance = foldCredit(await this.events.readStream(em, streams.credit(c.userId))).balanceInCents;
      return { owned, creditAvailableInCents: Math.max(0, balance) };
    });
    const plan = planPurchase(priced, owned, creditAvailableInCents);
    const base = {
      plan,
      creditAvailableInCents,
      lines: plan.lines,
      alreadyOwnedProductIds: plan.lines.filter((l) => l.settlement === 'owned').map((l) => l.productId),
      creditSpentInCents: plan.creditToSpendInCents,
    };
    const immediate = plan.lines.filter((l) => l.settlement === 'free' || l.settlement === 'credit');
    const card = plan.lines.filter((l) => l.settlement === 'card');
    if (c.dryRun) {
      return {
        ...base,
        completed: card.length === 0,
        url: null,
        sessionId: null,
        purchasedProductIds: [],
        checkoutProductIds: card.map((l) => l.productId),
      };
    }

    const attribution = attributionOf(c.paymentInfo);
    const discountCode =
      typeof c.paymentInfo.discountCode === 'string' && c.paymentInfo.discountCode ? c.paymentInfo.discountCode : null;
    const grant = async () =>
      immediate.length > 0
        ? this.grantNow(c.userId, immediate, plan.creditToSpendInCents, currency, attribution, discountCode)
        : [];

    if (card.length === 0) {
      const purchasedProductIds = await grant();
      return { ...base, completed: true, url: null, sessionId: null, purchasedProductIds, checkoutProductIds: [] };
    }
    const checkoutProductIds = card.map((l) => l.productId);
    // A double submit (or a second try after leaving the payment page) gets the buyer's open session for
    // the same request. The request that made it granted the free and credit items first (before its
    // session was recorded), so a reuse grants nothing: the second click is not refused for credit spent.
    const claim = await this.claims.reuseOrClaim(
      c.userId,
      checkoutKey({ productIds: ids, lines: card, currency, successUrl, cancelUrl, discountCode, attribution }),
    );
    if ('reuse' in claim) {
      const { url, sessionId } = claim.reuse;
      return { ...base, completed: false, url, sessionId, purchasedProductIds: [], checkoutProductIds };
    }
    let purchasedProductIds: string[];
    try {
      purchasedProductIds = await grant();
    } catch (err) {
      await this.claims.release(claim.claimId);
      throw err;
    }
    const amountTotalInCents = card.reduce((s, l) => s + l.priceInCents, 0);
    const session = await this.claims.openSession(
      claim.claimId,
      async () => {
        const customer = await this.stripe.ensureCustomer(c.userId, c.email);
        const lineItems = [];
        for (const l of card)
          lineItems.push({ price: await this.stripe.oneTimePrice(l.productId, l.title, l.priceInCents, currency), quantity: 1 });
        return {
          mode: 'payment',
          customer,
          client_reference_id: c.userId,
          line_items: lineItems,
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: {
            kind: 'purchase',
            userId: c.userId,
            productIds: checkoutProductIds.join(',').slice(0, 500),
            ...(discountCode ? { discountCode } : {}),
            ...Object.fromEntries(Object.entries(attribution).map(([k, v]) => [k, v.slice(0, 500)])),
          },
        };
      },
      () => ({
        userId: c.userId,
        mode: 'payment',
        lines: card.map((l) => ({ productId: l.productId, priceInCents: l.priceInCents })),
        amountTotalInCents,
        currency,
        storefrontSlug: null,
        appSlug: null,
        priceOptionId: null,
        attribution,
        discountCode,
      }),
    );
    return { ...base, completed: false, url: session.url, sessionId: session.sessionId, purchasedProductIds, checkoutProductIds };
  }

  /**
   * Free items and items paid with credit: one transaction; the credit is re-checked under the append lock
   * (domain/credit.ts spendCredit), and each product is granted unless owned (domain/purchase-plan.ts grantPurchase).
   */
  private async grantNow(
    userId: string,
    lines: PurchasePlan['lines'],
    creditToSpend: number,
    currency: string,
    attribution: Record<string, string>,
    discountCode: string | null,
  ): Promise<string[]> {
    const spendId = randomUUID();
    return this.orm.em.fork().transactional(async (tem) => {
      if (creditToSpend > 0) {
        const productIds = lines.filter((l) => l.settlement === 'credit').map((l) => l.productId);
        await this.events.appendIf(
          tem,
          streams.credit(userId),
          deciding(creditModel, spendCredit, { userId, spendId, amountInCents: creditToSpend, productIds }),
        );
      }
      const granted: string[] = [];
      for (const l of lines) {
        const purchaseId = purchaseIdOf(l.settlement === 'credit' ? `credit-${spendId}` : `free-${spendId}`, l.productId);
        const appended = await this.events.appendIf(
          tem,
          streams.purchase(userId, l.productId),
          deciding(purchasesModel, grantPurchase, {
            purchaseId,
            userId,
            productId: l.productId,
            priceInCents: l.priceInCents,
            currency,
            source: l.settlement,
            checkoutSessionId: null,
            attribution,
            discountCode,
          }),
        );
        if (appended) granted.push(l.productId);
      }
      // the granted items leave the server cart in the same transaction
      await removeFromCart(tem, this.events, userId, granted);
      return granted;
    });
  }
}
