import { isEventOf } from '@sparkhouse/contracts';
import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';
import { CARDS, payCheckout, streamOf } from '../test/commerce-test-kit';

/* A completed purchase takes its items out of the server cart in the same step, and a late save cannot put them back. */
describe('the cart after a purchase', () => {
  const api = useCatalogueApi();

  const cartIds = async (userId: string) => {
    const saved = (await streamOf(api, `cart-${userId}`)).filter((e) => isEventOf(e, 'CartUpdated')).at(-1);
    return saved && isEventOf(saved, 'CartUpdated') ? saved.payload.productIds : [];
  };

  it('a free grant and a paid checkout each leave the cart with their purchase; a stale save keeps them out', async () => {
    const free = await publish(api, { title: 'Cart Free Intro', priceInfo: { priceInCents: 0, currency: 'USD' } });
    const paid = await publish(api, { title: 'Cart Paid Violin', priceInfo: { priceInCents: 2900, currency: 'USD' } });
    const other = await publish(api, { title: 'Cart Other Harp', priceInfo: { priceInCents: 1900, currency: 'USD' } });
    const buyer = 'cart-buyer';
    const all = [free.id, paid.id, other.id];
    expect((await api.post('/updateCart', { product_ids: all, offer_valid: null }, buyer)).status).toBe(200);

    const granted = await api.post('/purchase', { product_id: free.id, payment_info: {} }, buyer);
    expect(granted.body.purchasedProductIds).toEqual([free.id]);
    // the same step: the cart's stream says so as soon as the call has answered
    expect(await cartIds(buyer)).toEqual([paid.id, other.id]);

    const checkout = await api.post('/purchase', { product_id: paid.id, payment_info: {} }, buyer);
    expect(await cartIds(buyer)).toEqual([paid.id, other.id]); // not paid yet: kept
    expect((await payCheckout(api, checkout.body.url, CARDS.ok)).status).toBe(303);
    await eventually(async () => (await cartIds(buyer)).length === 1);
    expect(await cartIds(buyer)).toEqual([other.id]);

    // a page that had not seen the purchases saves its old cart within the save window: owned items stay out
    const stale = await api.post('/updateCart', { product_ids: all, offer_valid: null }, buyer);
    expect(stale.body.cart.productsInCart.map((p: { id: string }) => p.id)).toEqual([other.id]);
    expect(await cartIds(buyer)).toEqual([other.id]);
    const read = await eventually(async () => {
      const cart = (await api.get('/getCart', buyer)).body.cart;
      return cart.productsInCart.length === 1 ? cart : null;
    });
    expect(read.productsInCart.map((p: { id: string }) => p.id)).toEqual([other.id]);
  });
});
