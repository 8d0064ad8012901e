import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { commerce } from '@sparkhouse/contracts';
import { ProductBrowseQueries } from '../../catalogue';
import { rows } from '../../../platform/database/sql';
import type { OfferTerms } from '../domain/offer-price';

interface TermsRow {
  product_id: string;
  offer_key: string;
  crossed_price_applicable_from: Date | string | null;
  special_only_vip: boolean;
  should_not_hide_discount: boolean;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

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
