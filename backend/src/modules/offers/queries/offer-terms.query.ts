import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { ProductOfferSet, type commerce, type EventPayload } from '@sparkhouse/contracts';
import { offerStream } from '../infra/streams';
import { ProductBrowseQueries } from '../../catalogue';
import { rows } from '../../../platform/database/sql';
import { priceForBuyer, type BuyerOfferContext, type BuyerPrice, type OfferTerms } from '../domain/offer-price';

interface TermsRow {
  product_id: string;
  offer_key: string;
  crossed_price_applicable_from: Date | string | null;
  special_only_vip: boolean;
  should_not_hide_discount: boolean;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The offers of products: their terms (read model, or the write side for money) and the price a buyer pays. */
@Injectable()
export class OfferQueries {
  constructor(
    private readonly orm: Database,
    private readonly products: ProductBrowseQueries,
  ) {}

  /** Offer terms by product id (products without an offer are absent). */
  async terms(productIds: readonly string[]): Promise<Map<string, OfferTerms>> {
    if (productIds.length === 0) return new Map();
    const found = await rows<TermsRow>(
      this.orm.em.fork(),
      `select product_id, offer_key, crossed_price_applicable_from, special_only_vip, should_not_hide_discount
         from offer_terms where product_id = any(?::text[])`,
      [`{${productIds.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
    );
    return new Map(
      found.map((r) => [
        r.product_id,
        {
          offerKey: r.offer_key,
          crossedPriceApplicableFrom: iso(r.crossed_price_applicable_from),
          specialOnlyVip: r.special_only_vip,
          shouldNotHideDiscount: r.should_not_hide_discount,
        },
      ]),
    );
  }

  /**
   * Offer terms by product id as the offers' own streams tell them (the write side): what a quote or a
   * purchase decides with, never trailing a change made a moment ago.
   */
  async termsFromLog(productIds: readonly string[]): Promise<Map<string, OfferTerms>> {
    if (productIds.length === 0) return new Map();
    const latest = await rows<{ stream_id: string; type: string; payload: EventPayload<typeof ProductOfferSet> }>(
      this.orm.em.fork(),
      `select distinct on (stream_id) stream_id, type, payload from domain_event
        where stream_id in (select ? || x from jsonb_array_elements_text(?::jsonb) x)
        order by stream_id, stream_version desc`,
      [offerStream(''), JSON.stringify(productIds)],
    );
    const out = new Map<string, OfferTerms>();
    for (const e of latest) {
      if (e.type !== ProductOfferSet.type) continue; // removed
      const p = e.payload;
      out.set(p.productId, {
        offerKey: p.offerKey,
        crossedPriceApplicableFrom: p.crossedPriceApplicableFrom,
        specialOnlyVip: p.specialOnlyVip,
        shouldNotHideDiscount: p.shouldNotHideDiscount,
      });
    }
    return out;
  }

  /**
   * The price a buyer pays for a product under its offer terms (domain/offer-price.ts: the same rule
   * as the browser's offer visibility, so the price charged is the price shown).
   */
  priceForBuyer(
    priceInfo: { priceInCents: number; crossedPriceInCents: number | null },
    terms: OfferTerms | null,
    buyer: BuyerOfferContext,
  ): BuyerPrice {
    return priceForBuyer(priceInfo, terms, buyer);
  }

  /** The offers of some products, with their prices from the catalogue (offer price, full price). */
  async productOffers(productIds: readonly string[]): Promise<commerce.ProductOffer[]> {
    const [terms, cards] = await Promise.all([this.terms(productIds), this.products.cards(productIds)]);
    const out: commerce.ProductOffer[] = [];
    for (const card of cards) {
      const t = terms.get(card.id);
      if (!t) continue;
      out.push({
        productId: card.id,
        offerKey: t.offerKey,
        crossedPriceApplicableFrom: t.crossedPriceApplicableFrom === null ? null : String(t.crossedPriceApplicableFrom),
        specialOnlyVip: t.specialOnlyVip,
        shouldNotHideDiscount: t.shouldNotHideDiscount,
        price: card.priceInfo.priceInCents,
        crossedPrice: card.priceInfo.crossedPriceInCents ?? card.priceInfo.priceInCents,
      });
    }
    return out;
  }
}
