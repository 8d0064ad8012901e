import { eventsInHand } from '../../../platform/events/event-rows';
import { defineProjection } from '../../../platform/events/define-projection';
import { collections } from './collections.read-model';
import { productCards, publishCards } from './product-cards.read-model';
import { insertPurchases, purchaseCountsOf, purchases, recordPurchases, recountCardsBought } from './purchases.read-model';

/**
 * The browse read model: product cards with their search document and popularity
 * (product-cards.read-model.ts), collections and schools (collections.read-model.ts), and the purchases
 * that make a product popular and owned (purchases.read-model.ts). Every statement is an upsert or a
 * recount, so feeding an event twice changes nothing. Publications and purchases (most of the log)
 * take a few statements a run; a rebuild reads them in the database.
 */
export const browseProjection = defineProjection({
  name: 'catalogue.browse',
  version: 1,
  tables: ['product_card', 'product_collection', 'catalogue_purchase', 'search_word'],
  // the listings' orders and a buyer's purchases; the statements here find rows by key (and a product's
  // purchases through catalogue_purchase_product_idx)
  queryIndexes: [
    'product_card_newest_idx',
    'product_card_popular_idx',
    'product_card_rated_idx',
    'product_card_category_idx',
    'catalogue_purchase_user_idx',
  ],
  on: { ...productCards, ...collections, ...purchases },
  batch: {
    ProductPublished: (events, tx) => publishCards(tx, eventsInHand(events)),
    PurchaseCompleted: (events, tx) => recordPurchases(tx, eventsInHand(events)),
  },
  setBased: {
    types: ['ProductPublished', 'PurchaseCompleted'],
    apply: (tx, type, rows) => (type === 'ProductPublished' ? publishCards(tx, rows) : recordPurchases(tx, rows)),
    // publications then purchases (a rebuild from the log: the cards, then the purchases of many of them): the
    // purchases first recorded, the cards already there recounted, and the new cards written with the count
    // the recount after them would give (one row version each instead of two: the bulk insert fills its pages)
    followed: {
      first: 'ProductPublished',
      then: 'PurchaseCompleted',
      apply: async (tx, published, bought) => {
        await insertPurchases(tx, bought);
        await recountCardsBought(tx, bought);
        await publishCards(tx, published, purchaseCountsOf(bought));
      },
    },
  },
});
