import { Database } from '../../../platform/database/database';
import { isEventOf, PurchaseRefunded } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';
import { streams } from '../domain/product-state';

describe('learner calls: purchases, progress, library, classes, recommendations, waitlist', () => {
  const api = useCatalogueApi();
  let piano: { id: string; classSlug: string };
  let jazz: { id: string };
  let bread: { id: string };
  let yoga: { id: string };

  beforeAll(async () => {
    piano = await publish(api, { title: 'Piano One', topics: ['piano'], genres: ['classical'] });
    jazz = await publish(api, { title: 'Jazz Two', topics: ['piano', 'improvisation'], genres: ['jazz'] });
    bread = await publish(api, { title: 'Bread Three', category: 'cooking', topics: ['baking'], genres: ['french'] });
    yoga = await publish(api, { title: 'Yoga Four', category: 'fitness', topics: ['yoga'], genres: ['beginner'] });
  });

  const grant = (userId: string, productId: string) => api.admin('POST', '/catalogue/admin/grants', { userId, productId });

  it('grants a product as a price-0 purchase: owned, listed, and a second grant is 409', async () => {
    const res = await grant('buyer-1', piano.id);
    expect(res.status).toBe(201);
    expect(res.body.response.purchase).toMatchObject({ productId: piano.id, priceInCents: 0, owned: true, refundedInfo: null });
    expect((await grant('buyer-1', piano.id)).status).toBe(409);
    expect((await grant('buyer-1', 'nope')).status).toBe(404);
    await eventually(
      async () => (await api.get(`/getUserPurchaseForProduct?product_id=${piano.id}`, 'buyer-1')).body.purchase?.owned,
    );
    const all = await api.get('/getUserPurchases', 'buyer-1');
    expect(all.body.purchases).toHaveLength(1);
    expect(all.body.purchases[0].product.title).toBe('Piano One');
    expect((await api.get(`/getUserPurchaseForProduct?product_id=${jazz.id}`, 'buyer-1')).body).toEqual({ purchase: null });
    expect((await api.get('/getUserPurchases')).status).toBe(401);
  });

  it('counts a refunded purchase as not owned', async () => {
    await grant('buyer-2', bread.id);
    const orm = await Database.connect(api.dbUrl);
    try {
      const [completed] = await new EventStore().readStream(orm.em.fork(), streams.purchase('buyer-2', bread.id));
      if (!isEventOf(completed, 'PurchaseCompleted')) throw new Error('no purchase');
      const { purchaseId } = completed.payload;
      await orm.em.fork().transactional((tem) =>
        new EventStore().append(tem, streams.purchase('buyer-2', bread.id), [
          {
            type: PurchaseRefunded.type,
            payload: { purchaseId, userId: 'buyer-2', productId: bread.id, reason: 'changed my mind' },
          },
        ]),
      );
    } finally {
      await orm.close(true);
    }
    const purchase = await eventually(async () => {
      const p = (await api.get(`/getUserPurchaseForProduct?product_id=${bread.id}`, 'buyer-2')).body.purchase;
      return p?.refundedInfo ? p : null;
    });
    expect(purchase).toMatchObject({ owned: false, refundedInfo: { reason: 'changed my mind' } });
    expect((await api.get('/getLibrary', 'buyer-2')).body.items).toEqual([]);
  });

  it('saves progress and reads it back to resume', async () => {
    const save = (content_id: string, position: number, percent: number, added: number) =>
      api.post(
        '/updateProductProgress',
        {
          product_id: piano.id,
          content_id,
          percent_complete: percent,
          additional_seconds_watched: added,
          position_in_seconds: position,
        },
        'buyer-1',
      );
    const first = await save('c1', 42.5, 14, 30);
    expect(first.status).toBe(200);
    expect(first.body.progress).toMatchObject({ content_id: 'c1', position_in_seconds: 42.5, seconds_watched: 30 });
    await eventually(
      async () => (await api.get(`/getContentProgress?product_id=${piano.id}&content_id=c1`, 'buyer-1')).body.progress,
    );
    await save('c1', 150, 50, 60);
    const resumed = await eventually(async () => {
      const p = (await api.get(`/getContentProgress?product_id=${piano.id}&content_id=c1`, 'buyer-1')).body.progress;
      return p?.position_in_seconds === 150 ? p : null;
    });
    expect(resumed).toMatchObject({ percent_complete: 50, seconds_watched: 90 });
    const product = (await api.get(`/getProductProgress?product_id=${piano.id}`, 'buyer-1')).body.progress;
    expect(product).toMatchObject({
      percent_complete: 37.5,
      resume: { content_id: 'c1', position_in_seconds: 150 },
      seconds_watched: 90,
    });
    expect((await api.get(`/getContentProgress?product_id=${piano.id}&content_id=c2`, 'buyer-1')).body).toEqual({
      progress: null,
    });
    // someone else sees nothing of it
    expect((await api.get(`/getContentProgress?product_id=${piano.id}&content_id=c1`, 'other')).body).toEqual({ progress: null });
  });

  it('rejects bad progress: out-of-range numbers, unknown content or product, no sign-in', async () => {
    const body = {
      product_id: piano.id,
      content_id: 'c1',
      percent_complete: 101,
      additional_seconds_watched: -1,
      position_in_seconds: 0,
    };
    const bad = await api.post('/updateProductProgress', body, 'buyer-1');
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.additional_seconds_watched',
      'body.percent_complete',
    ]);
    const ok = { ...body, percent_complete: 1, additional_seconds_watched: 1 };
    expect((await api.post('/updateProductProgress', { ...ok, content_id: 'zz' }, 'buyer-1')).status).toBe(400);
    expect((await api.post('/updateProductProgress', { ...ok, product_id: 'nope' }, 'buyer-1')).status).toBe(404);
    expect((await api.post('/updateProductProgress', ok)).status).toBe(401);
    expect((await api.get('/getProductProgress?product_id=nope', 'buyer-1')).status).toBe(404);
  });

  it('shows the library: owned products and products with progress, with percent and last watched', async () => {
    await api.post(
      '/updateProductProgress',
      { product_id: yoga.id, content_id: 'c2', percent_complete: 100, additional_seconds_watched: 100, position_in_seconds: 100 },
      'reader',
    );
    await grant('reader', jazz.id);
    const items = await eventually(async () => {
      const got = (await api.get('/getLibrary', 'reader')).body.items;
      return got.length === 2 ? got : null;
    });
    const byTitle = Object.fromEntries(items.map((i: { product: { title: string } }) => [i.product.title, i]));
    expect(byTitle['Yoga Four']).toMatchObject({ owned: false, percentComplete: 25 });
    expect(byTitle['Yoga Four'].lastWatchedAt).toEqual(expect.any(String));
    expect(byTitle['Jazz Two']).toMatchObject({ owned: true, percentComplete: 0, lastWatchedAt: null });
  });

  it('lists enrolled classes with the active-class rules', async () => {
    const now = Date.now();
    const enrol = (productId: string, from: number, to: number) =>
      api.admin('POST', '/catalogue/admin/enrolments', {
        userId: 'student',
        productId,
        classStartDate: new Date(from).toISOString(),
        classEndDate: new Date(to).toISOString(),
      });
    expect((await enrol(piano.id, now - 9e9, now - 8e9)).status).toBe(201);
    expect((await api.get('/getEnrolledClasses', 'student')).status).toBe(200);
    await eventually(async () => (await api.get('/getEnrolledClasses', 'student')).body.hasAnyClass);
    expect((await api.get('/getEnrolledClasses', 'student')).body).toMatchObject({ hasAnyClass: true, hasActiveClass: false });
    await enrol(jazz.id, now - 1e9, now + 1e9);
    const after = await eventually(async () => {
      const b = (await api.get('/getEnrolledClasses', 'student')).body;
      return b.classes.length === 2 ? b : null;
    });
    expect(after.hasActiveClass).toBe(true);
    expect(after.classes.find((c: { productId: string }) => c.productId === jazz.id)).toMatchObject({
      isActive: true,
      classSlug: expect.any(String),
    });
    expect((await enrol(jazz.id, now, now - 1)).status).toBe(400);
    expect((await api.get('/getEnrolledClasses', 'nobody')).body).toEqual({
      classes: [],
      hasActiveClass: false,
      hasAnyClass: false,
    });
  });

  it('recommends by co-purchases and shared labels, leaving out owned and excluded products', async () => {
    // fan-1 and fan-2 bought piano and bread together: bread is co-purchased with piano
    for (const fan of ['fan-1', 'fan-2']) {
      await grant(fan, piano.id);
      await grant(fan, bread.id);
    }
    await eventually(async () => (await api.get(`/getProduct?id=${bread.id}`)).body.product.purchaseCount === 2);
    const res = await api.post('/getRecommendations', { product_ids: [piano.id] });
    expect(res.status).toBe(200);
    expect(res.body.products.map((p: { title: string }) => p.title)).toEqual(['Bread Three', 'Jazz Two']);
    const excluded = await api.post('/getRecommendations', { product_ids: [piano.id], exclude_product_ids: [bread.id] });
    expect(excluded.body.products.map((p: { title: string }) => p.title)).toEqual(['Jazz Two']);
    // fan-1 owns piano and bread: from all their purchases, neither is recommended back
    const mine = await api.post('/getRecommendations', { use_all_purchases: true, user_id: 'fan-1' }, 'fan-1');
    expect(mine.body.products.map((p: { id: string }) => p.id)).not.toContain(bread.id);
    expect(mine.body.products.map((p: { id: string }) => p.id)).toContain(jazz.id);
    expect((await api.post('/getRecommendations', { use_all_purchases: true, user_id: 'fan-1' }, 'fan-2')).status).toBe(403);
    expect((await api.post('/getRecommendations', {})).body).toEqual({ products: [] });
  });

  it('adds to a waitlist by product id or class slug, once, in the envelope style', async () => {
    const res = await api.post('/waitlist/add', { email: 'Wait@Example.com', productId: piano.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', response: { success: true, alreadyOnWaitlist: false } });
    const again = await api.post('/waitlist/add', { email: 'wait@example.com', classSlug: piano.classSlug });
    expect(again.body.response).toEqual({ success: true, alreadyOnWaitlist: true });
    const unknown = await api.post('/waitlist/add', { email: 'wait@example.com', classSlug: 'no-such-class' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'error', error: 'Failed to add to waitlist: no such class.' });
    const invalid = await api.post('/waitlist/add', { email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.status).toBe('error');
  });
});
