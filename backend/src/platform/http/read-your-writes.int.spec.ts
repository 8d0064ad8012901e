import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { headerNames } from '@sparkhouse/contracts';
import { AccessTokens } from '../auth/access-tokens';
import { createTestDatabase, eventually, startApi, testConfig } from '../../test-support';
import { blueprint } from '../../test-support/creator-api';
import { productBody } from '../../test-support/catalogue-api';

/*
 * Read-your-writes across API nodes: a caller writes on node A and reads on node B at once, as a browser
 * behind a load balancer does. The read models are made to trail on purpose: a transaction held open
 * (as any slow writer in the cluster may be) keeps the relay from delivering anything committed after
 * it began, until it ends a moment later. Without the consistency token the read answers the old state.
 */
describe('a caller reads its own writes on another API node', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const nodes: { app: NestExpressApplication; baseUrl: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    for (let i = 0; i < 2; i++) nodes.push(await startApi(config));
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close().catch(() => undefined);
    await db?.drop();
  });

  /** A client like the SPA's: it keeps the newest consistency token it was given and sends it back. */
  function client(userId: string, admin = false) {
    let token: string | null = null;
    let bearer: string | null = null;
    return async (node: number, method: string, path: string, body?: unknown) => {
      bearer ??= await nodes[0].app
        .get(AccessTokens)
        .sign({ sub: userId, email: `${userId}@example.com`, ...(admin ? { 'cognito:groups': ['admin'] } : {}) });
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers[headerNames.consistencyToken] = token;
      const res = await fetch(`${nodes[node].baseUrl}/api${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      token = res.headers.get(headerNames.consistencyToken) ?? token;
      return { status: res.status, body: (await res.json()) as any };
    };
  }

  /** Holds a transaction open (so nothing committed after now is delivered) until the returned release. */
  async function holdDelivery() {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    await c.query('begin');
    await c.query('select pg_current_xact_id()');
    const released = (async () => {
      await new Promise((r) => setTimeout(r, 400));
      await c.query('commit');
      await c.end();
    })();
    return released;
  }

  const admin = client('admin-ryw', true);
  let product: { id: string };

  beforeAll(async () => {
    const published = await admin(0, 'POST', '/catalogue/admin/products', productBody({ title: 'Read Your Writes Cello' }));
    expect(published.status).toBe(201);
    product = published.body.response.product;
    await eventually(async () => (await admin(1, 'GET', `/getProduct?id=${product.id}`)).status === 200);
  });

  it('cart: saved on A, read on B', async () => {
    const learner = client('learner-ryw-cart');
    const released = await holdDelivery();
    expect((await learner(0, 'POST', '/updateCart', { product_ids: [product.id] })).status).toBe(200);
    const read = await learner(1, 'GET', '/getCart');
    expect(read.body.cart.productsInCart.map((p: { id: string }) => p.id)).toEqual([product.id]);
    await released;
  });

  it('progress: saved on A, read on B', async () => {
    const learner = client('learner-ryw-progress');
    const released = await holdDelivery();
    const saved = await learner(0, 'POST', '/updateProductProgress', {
      product_id: product.id,
      content_id: 'c1',
      percent_complete: 40,
      additional_seconds_watched: 120,
      position_in_seconds: 120,
    });
    expect(saved.status).toBe(200);
    const read = await learner(1, 'GET', `/getContentProgress?product_id=${product.id}&content_id=c1`);
    expect(read.body.progress).toMatchObject({ percent_complete: 40, seconds_watched: 120, position_in_seconds: 120 });
    await released;
  });

  it("prices: an app's price options changed on A, read on B", async () => {
    const creator = client('creator-ryw');
    const created = await creator(0, 'POST', '/app-builder/createApp', { name: 'Fresh Prices' });
    expect(created.status).toBe(201);
    const app = created.body.response.app as { appId: string; storefrontSlug: string; appSlug: string };
    const released = await holdDelivery();
    const priced = await creator(0, 'POST', '/payments/update-price-options', { appId: app.appId, monthlyPrice: 1299 });
    expect(priced.status).toBe(200);
    const read = await creator(1, 'GET', `/payments/payment-options/${app.storefrontSlug}/${app.appSlug}`);
    expect(read.status).toBe(200);
    expect(read.body.response.payment_options).toMatchObject([{ id: 'monthly', price: 1299 }]);
    await released;
  });

  it('app documents: a blueprint saved on A, read on B', async () => {
    const creator = client('creator-ryw-docs');
    const created = await creator(0, 'POST', '/app-builder/createApp', { name: 'Fresh Blueprint' });
    expect(created.status).toBe(201);
    const appId = created.body.response.app.appId as string;
    const released = await holdDelivery();
    const saved = await creator(0, 'POST', '/app-builder/updateBlueprint', { appId, blueprint: blueprint('Second Thoughts') });
    expect(saved.status).toBe(200);
    const read = await creator(1, 'GET', `/app-builder/getBlueprintForApp?appId=${appId}`);
    expect(read.status).toBe(200);
    expect(read.body.response.blueprint).toMatchObject({ name: 'Second Thoughts' });
    await released;
  });
});
