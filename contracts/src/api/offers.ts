// Offers (spec sections 3 and 4): the offer terms of products, read by the pages that show prices and
// checked again by the server at purchase. Only calls are exported from this file.
import { z } from 'zod';
import { defineCall } from '../http';
import { commerceIdField, productOfferInput, productOfferSchema } from './commerce-schemas';

export const getProductOffers = defineCall({
  id: 'getProductOffers',
  module: 'offers',
  method: 'GET',
  path: '/offers/getProductOffers',
  access: 'public',
  style: 'legacy',
  summary:
    'The offers of some products (comma-separated product_ids, at most 100); products without an offer are left out. ' +
    'price is the offer price, crossedPrice the full price (cents).',
  query: z.object({
    product_ids: z
      .string()
      .max(5000, 'is too long')
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ])
      .refine((v) => v.length >= 1 && v.length <= 100, 'must name 1 to 100 products'),
  }),
  response: z.object({ offers: z.array(productOfferSchema) }),
});

export const setProductOffer = defineCall({
  id: 'setProductOffer',
  module: 'offers',
  method: 'PUT',
  path: '/offers/admin/products/:productId',
  access: 'admin',
  style: 'envelope',
  summary:
    "Set a product's offer terms (its prices stay the catalogue's: priceInCents and crossedPriceInCents). Unknown product: 404.",
  params: z.object({ productId: commerceIdField }),
  body: productOfferInput,
  response: z.object({ offer: productOfferSchema }),
});

export const removeProductOffer = defineCall({
  id: 'removeProductOffer',
  module: 'offers',
  method: 'DELETE',
  path: '/offers/admin/products/:productId',
  access: 'admin',
  style: 'envelope',
  summary: "Remove a product's offer: buyers pay its full (crossed) price.",
  params: z.object({ productId: commerceIdField }),
  response: z.object({ removed: z.boolean() }),
});
