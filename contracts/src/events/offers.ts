import { z } from 'zod';
import { defineEvent } from './envelope';

/*
 * Facts of offers. Streams: `offer-<productId>`. A product's prices stay the catalogue's (priceInCents is the
 * offer price, crossedPriceInCents the full one); these facts carry the offer's terms (spec section 3, Offer).
 */

export const ProductOfferSet = defineEvent(
  'ProductOfferSet',
  1,
  z.object({
    productId: z.string(),
    offerKey: z.string(),
    crossedPriceApplicableFrom: z.string().nullable(),
    specialOnlyVip: z.boolean(),
    shouldNotHideDiscount: z.boolean(),
  }),
);

export const ProductOfferRemoved = defineEvent('ProductOfferRemoved', 1, z.object({ productId: z.string() }));

export const offersEvents = [ProductOfferSet, ProductOfferRemoved] as const;
