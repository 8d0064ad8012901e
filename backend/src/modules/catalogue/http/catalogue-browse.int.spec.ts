import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';

describe('catalogue browse calls (real API process)', () => {
  const api = useCatalogueApi({ HOMEPAGE_YELLOW_BANNER_TEXT: 'Spring sale | 30% off every class' });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // five products, released one day apart; "old" is the oldest, "new" the newest
    const made = [
      await publish(api, {
        title: 'Old Watercolor Landscapes',
        category: 'art',
        topics: ['watercolor'],
        genres: ['landscape'],
        releaseDate: '2025-01-01T00:00:00.000Z',
      }),
      await publish(api, {
        title: 'Jazz Piano Voicings',
        topics: ['piano'],
        genres: ['jazz'],
        releaseDate: '2025-02-01T00:00:00.000Z',
        rating: 4.9,
      }),
      await publish(api, {
        title: 'Blues Guitar Licks',
        topics: ['guitar'],
        genres: ['blues'],
        releaseDate: '2025-03-01T00:00:00.000Z',
        rating: 3.1,
      }),
      await publish(api, {
        title: 'Sourdough at Home',
        category: 'cooking',
        topics: ['baking'],
        genres: ['home-cooking'],
        description: 'Bread with wild yeast.',
        releaseDate: '2025-04-01T00:00:00.000Z',
      }),
      await publish(api, {
        title: 'New Piano Improvisation',
        topics: ['piano', 'music-theory'],
        genres: ['jazz'],
        releaseDate: '2025-05-01T00:00:00.000Z',
      }),
    ];
    [ids.old, ids.jazz, ids.blues, ids.bread, ids.new] = made.map((p) => p.id);
  });

  const titles = (body: { products: { title: string }[] }) => body.products.map((p) => p.title);

  it('pages newest first with a keyset cursor, and ends with a null cursor on the last page', async () => {
    const first = await api.get('/getProducts?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.products.map((p: { id: string }) => p.id)).toEqual([ids.new, ids.bread]);
    expect(first.body.lastProductId).toBe(ids.bread);
    const second = await api.get(`/getProducts?limit=2&lastProductId=${ids.bread}`);
    expect(second.body.products.map((p: { id: string }) => p.id)).toEqual([ids.blues, ids.jazz]);
    const last = await api.get(`/getProducts?limit=2&lastProductId=${second.body.lastProductId}`);
    expect(last.body).toMatchObject({ lastProductId: null });
    expect(last.body.products.map((p: { id: string }) => p.id)).toEqual([ids.old]);
    const exact = await api.get(`/getProducts?limit=5`);
    expect(exact.body.lastProductId).toBeNull();
  });

  it('answers an empty page for an unknown lastProductId', async () => {
    const res = await api.get('/getProducts?lastProductId=no-such-product');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ products: [], lastProductId: null });
  });

  it('filters by comma lists of categories, topics and genres', async () => {
    expect(titles((await api.get('/getProducts?categories=cooking,art')).body)).toEqual([
      'Sourdough at Home',
      'Old Watercolor Landscapes',
    ]);
    expect(titles((await api.get('/getProducts?topics=guitar,music-theory')).body)).toEqual([
      'New Piano Improvisation',
      'Blues Guitar Licks',
    ]);
    expect(titles((await api.get('/getProducts?genres=jazz&topics=piano&categories=music')).body)).toEqual([
      'New Piano Improvisation',
      'Jazz Piano Voicings',
    ]);
  });

  it('orders by the view: top rated', async () => {
    const res = await api.get('/getProducts?sort=top_rated&categories=music');
    expect(titles(res.body)[0]).toBe('Jazz Piano Voicings');
    expect(titles(res.body).at(-1)).toBe('Blues Guitar Licks');
  });

  it('searches text ranked, with prefixes, typos and the description, and pages through results', async () => {
    const piano = await api.get('/getProducts?search=piano');
    expect(titles(piano.body).sort()).toEqual(['Jazz Piano Voicings', 'New Piano Improvisation']);
    expect(titles((await api.get('/getProducts?search=sourd')).body)).toEqual(['Sourdough at Home']);
    expect(titles((await api.get('/getProducts?search=wild%20yeast')).body)).toEqual(['Sourdough at Home']);
    expect(titles((await api.get('/getProducts?search=watercolour')).body)).toEqual(['Old Watercolor Landscapes']);
    expect(titles((await api.get('/getProducts?title=blues')).body)).toEqual(['Blues Guitar Licks']);
    const page1 = await api.get('/getProducts?search=piano&limit=1');
    const page2 = await api.get(`/getProducts?search=piano&limit=1&lastProductId=${page1.body.lastProductId}`);
    expect([...titles(page1.body), ...titles(page2.body)]).toEqual(titles(piano.body));
    expect(page2.body.lastProductId).toBeNull();
    expect((await api.get('/getProducts?search=zzzqqq')).body.products).toEqual([]);
    // a typo is corrected against the catalogue's words, on every page of the search
    const typo1 = await api.get('/getProducts?search=pianno&limit=1');
    const typo2 = await api.get(`/getProducts?search=pianno&limit=1&lastProductId=${typo1.body.lastProductId}`);
    expect([...titles(typo1.body), ...titles(typo2.body)]).toEqual(titles(piano.body));
    // and the answer says what it searched for, so the page can say "Showing results for piano"
    expect(typo1.body.searchedFor).toBe('piano');
    expect(piano.body).not.toHaveProperty('searchedFor');
  });

  it('answers bad parameters with a clear 400, never a 5xx', async () => {
    const nonNumeric = await api.get('/getProducts?limit=ten');
    expect(nonNumeric.status).toBe(400);
    expect(nonNumeric.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(nonNumeric.body.details[0].path).toBe('query.limit');
    const long = await api.get(`/getProducts?search=${'a'.repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(long.body.details[0]).toMatchObject({ path: 'query.search' });
    expect((await api.get('/getProducts?limit=0')).status).toBe(400);
    expect((await api.get('/getProducts?sort=random')).status).toBe(400);
    expect((await api.get("/getProducts?search=')%20%7C%20!%3A*&topics=%27")).status).toBe(200);
    expect((await api.get('/getMostPopularProducts?isForHomepage=maybe')).status).toBe(400);
  });

  it('gets a product by id and by storefront + class slug, and 404s unknown ones', async () => {
    const byId = await api.get(`/getProduct?id=${ids.jazz}`);
    expect(byId.body.product).toMatchObject({ title: 'Jazz Piano Voicings', media: { durationSeconds: 400 } });
    expect(byId.body.product.media.contents).toHaveLength(2);
    const { classSlug, storefrontSlug } = byId.body.product;
    const bySlug = await api.get(`/getProductWithClassSlug?class_slug=${classSlug}&storefront_slug=${storefrontSlug}`);
    expect(bySlug.body.product.id).toBe(ids.jazz);
    expect((await api.get('/getProduct?id=nope')).status).toBe(404);
    expect((await api.get('/getProductWithClassSlug?class_slug=nope&storefront_slug=nope')).body).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await api.get('/getProductWithClassSlug?class_slug=Not%20A%20Slug&storefront_slug=x')).status).toBe(400);
  });

  it('updates a product through the admin call, for admins only', async () => {
    const res = await api.admin('PATCH', `/catalogue/admin/products/${ids.blues}`, {
      rating: 4.2,
      media: { coverUrl: '/x.webp' },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.product).toMatchObject({ rating: 4.2, media: { coverUrl: '/x.webp', durationSeconds: 400 } });
    await eventually(async () => (await api.get(`/getProduct?id=${ids.blues}`)).body.product.rating === 4.2);
    expect((await api.get(`/getProduct?id=${ids.blues}`)).body.product.media.contents).toHaveLength(2);
    expect((await api.post('/catalogue/admin/products', {}, 'learner-1')).status).toBe(403);
    expect((await api.admin('PATCH', '/catalogue/admin/products/nope', { rating: 1 })).status).toBe(404);
  });

  it('lists collections without schools, gets one by slug, and 404s unknown slugs', async () => {
    const made = await api.admin('POST', '/catalogue/admin/collections', {
      slug: 'jazz-picks',
      title: 'Jazz Picks',
      productIds: [ids.jazz, ids.new],
    });
    expect(made.status).toBe(201);
    expect(
      (await api.admin('POST', '/catalogue/admin/schools', { slug: 'music', title: 'Music School', productIds: [ids.jazz] }))
        .status,
    ).toBe(201);
    expect((await api.admin('POST', '/catalogue/admin/collections', { slug: 'jazz-picks', title: 'Again' })).status).toBe(409);
    expect(
      (await api.admin('POST', '/catalogue/admin/collections', { slug: 'bad', title: 'x', productIds: ['nope'] })).status,
    ).toBe(400);
    await eventually(async () => (await api.get('/getSchoolWithSlug?slug=music')).status === 200);
    const all = await api.get('/getAllProductCollections');
    expect(all.body.collections.map((c: { slug: string }) => c.slug)).toEqual(['jazz-picks']);
    const one = await api.get('/getProductCollectionWithSlug?slug=jazz-picks');
    expect(one.body.collection.products.map((p: { id: string }) => p.id)).toEqual([ids.jazz, ids.new]);
    expect(one.body.collection.coverUrl).toBe('/api/media/covers/cover-0001.webp');
    const missing = await api.get('/getProductCollectionWithSlug?slug=no-such-collection');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await api.get('/getSchoolWithSlug?slug=jazz-picks')).status).toBe(404);
  });

  it('serves home rows, home content with the flagged banner and categories', async () => {
    const row = await api.get('/getNewReleasesProducts?isForHomepage=true&limit=50');
    expect(row.body.products).toHaveLength(5);
    expect(row.body.lastProductId).toBeNull();
    const popular = await api.get('/getMostPopularProducts?limit=2');
    expect(popular.body.products).toHaveLength(2);
    const home = await api.get('/getHomeContent');
    expect(home.body.banner).toMatchObject({
      titleBoldText: 'Spring sale',
      descriptionText: '30% off every class',
      url: '/browse',
    });
    expect(home.body.hero.title).toBeTruthy();
    expect(home.body.browseCategories[0]).toEqual({ slug: 'music', title: 'Music', productCount: 3 });
  });

  it('serves media read-only: the demo video with byte ranges, traversal refused', async () => {
    const range = await api.raw('/media/videos/demo-class.webm', { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-99\//);
    expect(range.headers.get('cache-control')).toContain('max-age');
    expect((await api.raw('/media/videos/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await api.raw('/media/covers/.env')).status).toBe(404);
    expect((await api.raw('/media/covers/missing.webp')).status).toBe(404);
  });
});
