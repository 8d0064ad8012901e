// The class a bench's members buy or watch: published by the admin through the catalogue's API.

/**
 * Publishes a class (USD 25, music, in the `bench` storefront) and answers its product id; with
 * `readableWithinMs`, only once GET /api/getProduct finds it (the read model has it).
 */
export async function publishProduct(
  base,
  adminToken,
  { title, classSlug, description, topic, contents = [], readableWithinMs },
) {
  const published = await fetch(`${base}/api/catalogue/admin/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      classSlug,
      storefrontSlug: 'bench',
      creator: { id: 'bench', name: 'Bench' },
      description,
      category: 'music',
      topics: [topic],
      genres: ['classical'],
      priceInfo: { priceInCents: 2500, currency: 'USD' },
      media: { coverUrl: '', videoUrl: '', contents },
    }),
  });
  if (published.status !== 201) throw new Error(`publish answered ${published.status}: ${await published.text()}`);
  const productId = (await published.json()).response.product.id;
  if (readableWithinMs === undefined) return productId;
  for (let deadline = Date.now() + readableWithinMs; ;) {
    if ((await fetch(`${base}/api/getProduct?id=${productId}`)).status === 200) return productId;
    if (Date.now() > deadline) throw new Error('the product never reached the read model');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The one lesson every member of the write benches watches. */
export const CELLO_LESSON = [{ contentId: 'c1', title: 'Bowing', durationSeconds: 600 }];
