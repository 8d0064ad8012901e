import { Client } from 'pg';
import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';
import { sql, streamOf } from '../test/commerce-test-kit';

/*
 * Money is decided from the write side. The read models are made to trail on purpose: a transaction held
 * open (as any slow writer in the cluster may be) keeps the relay from delivering anything committed after
 * it began. Meanwhile a buyer's last-seen offer date moves (the offer's cool-down starts) and an offer is
 * set on another class: the quote, the purchase and its checkout session still charge what the facts say.
 */
describe('prices decided from the write side while the read models trail', () => {
  const api = useCatalogueApi();
  const buyer = 'cool-down-buyer';
  let held: Client | null = null;

  /** Holds a transaction open: nothing committed after now is delivered to a projection until release. */
  async function pauseDelivery() {
    held = new Client({ connectionString: api.dbUrl });
    await held.connect();
    await held.query('begin');
    await held.query('select pg_current_xact_id()');
  }
  async function resumeDelivery() {
    await held?.query('commit');
    await held?.end();
    held = null;
  }
  afterEach(resumeDelivery);

  const quote = async (productId: string) =>
    (await api.post('/payments/quote', { product_ids: [productId], payment_info: {} }, buyer)).body.response.lines[0];

  it('a cool-down started a moment ago, and an offer set a moment ago, decide the price at once', async () => {
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const seen = await publish(api, {
      title: 'Cool-down Cello',
      priceInfo: { priceInCents: 9900, currency: 'USD', crossedPriceInCents: 11900 },
    });
    const fresh = await publish(api, {
      title: 'Fresh Offer Flute',
      priceInfo: { priceInCents: 1900, currency: 'USD', crossedPriceInCents: 3900 },
    });
    expect(
      (await api.admin('PUT', `/offers/admin/products/${seen.id}`, { offerKey: 'spring', crossedPriceApplicableFrom: until }))
        .status,
    ).toBe(200);
    const created = await api.post(
      '/users/createUser',
      { userId: buyer, email: `${buyer}@example.com`, firstName: 'Cora', lastName: 'Down' },
      buyer,
    );
    expect(created.status).toBe(200);
    // the offer is live for a first view
    await eventually(async () => (await quote(seen.id)).priceInCents === 9900);

    await pauseDelivery();
    // the buyer saw the offer with another end date an hour ago: the date moved, the 26-day cool-down runs
    const saved = await api.post(
      '/saveLastSeenOfferInfo',
      {
        offer_key: 'spring',
        exp_date_seen: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        offer_last_seen: Date.now() - 3_600_000,
      },
      buyer,
    );
    expect(saved.body).toMatchObject({ success: true, saved: true });
    // an offer set on another class meanwhile
    expect(
      (await api.admin('PUT', `/offers/admin/products/${fresh.id}`, { offerKey: 'flute', crossedPriceApplicableFrom: until }))
        .status,
    ).toBe(200);

    for (let i = 0; i < 5; i++) expect(await quote(seen.id)).toMatchObject({ priceInCents: 11900, offerApplied: false });
    expect(await quote(fresh.id)).toMatchObject({ priceInCents: 1900, offerApplied: true });
    const bought = await api.post('/purchaseItems', { product_ids: [seen.id, fresh.id], payment_info: {} }, buyer);
    expect(bought.status).toBe(200);
    expect((await streamOf(api, `checkout-${bought.body.sessionId}`))[0].payload).toMatchObject({
      lines: [
        { productId: seen.id, priceInCents: 11900 },
        { productId: fresh.id, priceInCents: 1900 },
      ],
      amountTotalInCents: 13800,
    });
    // the read models did trail all along: neither the seen date nor the new offer had reached them
    const [row] = await sql<{ offers_seen: Record<string, unknown> }>(
      api,
      `select offers_seen from commerce_buyer where user_id = ?`,
      [buyer],
    );
    expect(row?.offers_seen?.spring).toBeUndefined();
    expect(await sql(api, `select 1 from offer_terms where product_id = ?`, [fresh.id])).toHaveLength(0);
  });
});
