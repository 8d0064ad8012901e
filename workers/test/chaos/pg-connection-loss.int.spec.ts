import { Client } from 'pg';
import { AccessTokens } from '@sparkhouse/backend';
import { eventually } from '@sparkhouse/backend/test-support';
import { productBody } from '../../../backend/src/test-support/catalogue-api';
import { startStack } from '../stack';

/*
 * Chaos: every PostgreSQL backend of the product (the API's pool, the catalogue's pool, the relay's lock
 * connection, the listener, the worker's pool) is terminated, three times, while 10 signed-in writers
 * save their carts as fast as they can, as a restart or a failover does. Nothing may crash; a request
 * caught by the fault answers 503 (never 500, never a reset), no acknowledged write is lost or doubled,
 * and the relay and projections resume by themselves (each writer's last cart is read back).
 */
const WRITERS = 10;
const TERMINATIONS = 3;
/** A request that began this long after the last termination must not fail (the fault's own window). */
const FAULT_WINDOW_MS = 3000;

describe('chaos: PostgreSQL connections lost under load', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let admin: Client;

  beforeAll(async () => {
    stack = await startStack();
    admin = new Client({ connectionString: stack.config.DATABASE_URL, application_name: 'chaos-admin' });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await stack?.close();
  });

  const bearer = (userId: string, groups: string[] = []) =>
    stack.api.get(AccessTokens).sign({ sub: userId, email: `${userId}@example.com`, 'cognito:groups': groups });

  async function call(token: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${stack.baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
  }

  /** Terminates every backend of the product's database but this test's own; answers how many. */
  async function terminateAll(): Promise<number> {
    const { rows } = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  }

  it('survives every backend terminated three times: 503s only in the fault window, nothing lost or doubled, projections resume', async () => {
    const adminToken = await bearer('chaos-admin', ['admin']);
    const products: string[] = [];
    for (let i = 0; i < 3; i++) {
      const published = await call(adminToken, 'POST', '/catalogue/admin/products', productBody({ title: `Chaos Cello ${i}` }));
      expect(published.status).toBe(201);
      products.push(published.body.response.product.id);
    }
    await eventually(async () => (await call(adminToken, 'GET', `/getProduct?id=${products[2]}`)).status === 200);

    const variants = [[products[0]], [products[0], products[1]], [products[2]], []];
    const writers = await Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => ({
        userId: `chaos-writer-${i}`,
        token: await bearer(`chaos-writer-${i}`),
        attempted: 0,
        acknowledged: 0,
      })),
    );
    const answers: { status: number; startedAt: number; retryAfter: string | null }[] = [];
    let running = true;
    const load = writers.map(async (w) => {
      while (running) {
        const startedAt = Date.now();
        w.attempted += 1;
        const res = await call(w.token, 'POST', '/updateCart', { product_ids: variants[w.attempted % variants.length] });
        answers.push({ status: res.status, startedAt, retryAfter: res.retryAfter });
        if (res.status === 200) w.acknowledged += 1;
      }
    });

    const acknowledged = () => writers.reduce((n, w) => n + w.acknowledged, 0);
    let lastTerminationAt = 0;
    try {
      for (let round = 0; round < TERMINATIONS; round++) {
        // some acknowledged writes between the faults: the product came back by itself each time
        const before = acknowledged();
        await eventually(() => acknowledged() >= before + 2 * WRITERS, { timeoutMs: 30_000 });
        expect(await terminateAll()).toBeGreaterThan(0);
        lastTerminationAt = Date.now();
      }
      const before = acknowledged();
      await eventually(() => acknowledged() >= before + 2 * WRITERS, { timeoutMs: 30_000 });
    } finally {
      running = false;
      await Promise.all(load);
    }
    const recoveredAt = Math.min(
      ...answers.filter((a) => a.status === 200 && a.startedAt > lastTerminationAt).map((a) => a.startedAt),
    );
    console.log(
      `chaos pg: ${answers.length} writes, ${answers.filter((a) => a.status === 503).length} answered 503, ` +
        `first acknowledged write ${recoveredAt - lastTerminationAt} ms after the last termination`,
    );

    // a request caught by the fault answers 503 with Retry-After, never anything else
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.filter((a) => a.status !== 503)).toEqual([]);
    expect(failed.filter((a) => a.retryAfter !== '1')).toEqual([]);
    expect(failed.filter((a) => a.startedAt > lastTerminationAt + FAULT_WINDOW_MS)).toEqual([]);

    // no acknowledged write lost, none doubled: each writer's stream holds one event per acknowledged
    // write, plus at most the writes whose answer was cut off after their commit
    for (const w of writers) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from domain_event where stream_id = $1', [
        `cart-${w.userId}`,
      ]);
      expect(rows[0].n).toBeGreaterThanOrEqual(w.acknowledged);
      expect(rows[0].n).toBeLessThanOrEqual(w.attempted);
    }

    // the relay and the projections resumed: each writer's last acknowledged cart is read back
    for (const w of writers) {
      const last = variants[w.attempted % variants.length];
      await eventually(async () => {
        const saved = await call(w.token, 'GET', '/getCart');
        return (
          saved.status === 200 &&
          JSON.stringify(saved.body.cart.productsInCart.map((p: { id: string }) => p.id)) === JSON.stringify(last)
        );
      });
    }
    expect((await fetch(`${stack.baseUrl}/api/health/ready`)).status).toBe(200);
  });
});
