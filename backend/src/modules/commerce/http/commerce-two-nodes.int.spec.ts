import { Database } from '../../../platform/database/database';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AccessTokens } from '../../../platform/auth/access-tokens';
import { createTestDatabase, eventually, startApi, testConfig } from '../../../test-support';
import { productBody } from '../../../test-support/catalogue-api';

/*
 * Two API nodes on one database: the emulator's state is shared and survives a node going away, and its
 * webhooks are delivered once in all (one node at a time delivers, the other stands by).
 */
describe('commerce on two API nodes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const nodes: { app: NestExpressApplication; baseUrl: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    for (let i = 0; i < 2; i++) nodes.push(await startApi(testConfig(db.url)));
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close().catch(() => undefined);
    await db.drop();
  });

  const call = async (node: number, method: string, path: string, body?: unknown, as = 'buyer-2n', admin = false) => {
    const token = await nodes[node].app
      .get(AccessTokens)
      .sign({ sub: as, email: `${as}@example.com`, ...(admin ? { 'cognito:groups': ['admin'] } : {}) });
    const res = await fetch(`${nodes[node].baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };

  it('a session started on node A is paid on node B after A stops; one purchase, each event delivered once', async () => {
    const published = await call(
      0,
      'POST',
      '/catalogue/admin/products',
      productBody({ title: 'Two Nodes Cello' }),
      'admin-2n',
      true,
    );
    expect(published.status).toBe(201);
    const productId = published.body.response.product.id;
    await eventually(async () => (await call(1, 'GET', `/getProduct?id=${productId}`)).status === 200);
    const started = await call(0, 'POST', '/purchase', { product_id: productId, payment_info: {} });
    expect(started.status).toBe(200);
    await nodes[0].app.close();
    const path = new URL(started.body.url).pathname;
    const form = new URLSearchParams({ card_number: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'Ada' });
    const paid = await fetch(`${nodes[1].baseUrl}${path}/pay`, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await eventually(
      async () => (await call(1, 'GET', `/getUserPurchaseForProduct?product_id=${productId}`)).body.purchase?.owned,
      { timeoutMs: 60_000 },
    );
    const orm = await Database.connect(db.url);
    try {
      const conn = orm.em.fork().getConnection();
      const deliveries = await conn.execute(`select event_id, status, attempts from stripe_emulator_delivery order by seq`);
      expect(deliveries.length).toBeGreaterThanOrEqual(2);
      await eventually(
        async () => (await conn.execute(`select 1 from stripe_emulator_delivery where status <> 'delivered'`)).length === 0,
      );
      const received = await conn.execute(`select count(*)::int as n from commerce_stripe_event`);
      expect(received[0].n).toBe(deliveries.length);
      const purchases = await conn.execute(
        `select count(*)::int as n from domain_event where type = 'PurchaseCompleted' and stream_id = ?`,
        [`purchase-buyer-2n-${productId}`],
      );
      expect(purchases[0].n).toBe(1);
    } finally {
      await orm.close(true);
    }
  });
});
