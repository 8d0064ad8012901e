import type { NestExpressApplication } from '@nestjs/platform-express';
import { Database, type Db } from '../database/database';
import { AccessTokens } from '../auth/access-tokens';
import { createTestDatabase, eventually, startApi, testConfig } from '../../test-support';
import { productBody } from '../../test-support/catalogue-api';
import { EventRelay } from './event-relay';
import { logHead, subscribersReached } from './read-your-writes';
import { Rebuilder } from './rebuilder';
import { SubscriberRegistry } from './subscriber-registry';
import type { Projection } from './subscribers';

const WRITERS = 8;
const SAVES_PER_WRITER = 25;

/*
 * No global lock, and still nothing lost or doubled: 8 writers save at once through two API nodes, half
 * of them on one stream (one member's progress in one lesson) and half on streams of their own, while
 * the relay is killed (its connection terminated) and stopped and started again. Afterwards the one
 * stream holds every save in an unbroken version order, the accumulated read model counts each save
 * exactly once, and every projection equals what a replay from position 0 builds.
 */
describe('8 concurrent writers while the relay is killed and restarted', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: Database;
  const nodes: { app: NestExpressApplication; baseUrl: string }[] = [];
  let productId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    for (let i = 0; i < 2; i++) nodes.push(await startApi(config));
    orm = await Database.connect(db.url);
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close().catch(() => undefined);
    await orm?.close(true);
    await db?.drop();
  });

  const tokens = new Map<string, string>();
  const call = async (node: number, as: string, method: string, path: string, body?: unknown) => {
    if (!tokens.has(as)) {
      const admin = as.startsWith('admin') ? { 'cognito:groups': ['admin'] } : {};
      tokens.set(as, await nodes[0].app.get(AccessTokens).sign({ sub: as, email: `${as}@example.com`, ...admin }));
    }
    const res = await fetch(`${nodes[node].baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens.get(as)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  const sql = <T>(query: string, params: unknown[] = []) => orm.em.fork().getConnection().execute<T[]>(query, params);

  /** The tables a projection owns: the ones its truncate empties (run in a transaction that is rolled back). */
  async function tablesOf(projection: Projection): Promise<string[]> {
    const tables: string[] = [];
    await orm.em
      .fork()
      .transactional(async (tem: Db) => {
        const spy = jest.spyOn(tem.getConnection(), 'execute');
        try {
          await projection.truncate(tem);
          for (const [q] of spy.mock.calls) {
            const m = /^\s*truncate\s+(.+)$/is.exec(String(q));
            if (m) tables.push(...m[1].split(',').map((t) => t.trim()));
          }
        } finally {
          spy.mockRestore();
        }
        throw new Error('roll back');
      })
      .catch((err: Error) => {
        if (err.message !== 'roll back') throw err;
      });
    return tables;
  }

  const dump = async (tables: string[]) => {
    const out: Record<string, string[]> = {};
    for (const t of tables)
      out[t] = (await sql<{ row: string }>(`select to_jsonb(x)::text as row from ${t} x`)).map((r) => r.row).sort();
    return out;
  };

  it('loses nothing, doubles nothing, and every projection equals its replay from zero', async () => {
    const published = await call(0, 'admin-cw', 'POST', '/catalogue/admin/products', productBody({ title: 'Concurrent Cello' }));
    expect(published.status).toBe(201);
    productId = published.body.response.product.id;
    await eventually(async () => (await call(1, 'admin-cw', 'GET', `/getProduct?id=${productId}`)).status === 200);

    const progress = (seconds: number) => ({
      product_id: productId,
      content_id: 'c1',
      percent_complete: 10,
      additional_seconds_watched: seconds,
      position_in_seconds: 10,
    });
    let writing = true;
    const failures: string[] = [];
    const writer = async (w: number) => {
      for (let i = 0; i < SAVES_PER_WRITER; i++) {
        const node = (w + i) % 2;
        // writers 0-3 share one member's progress stream; 4-7 each have their own member (progress and cart)
        const res =
          w < WRITERS / 2
            ? await call(node, 'shared-member', 'POST', '/updateProductProgress', progress(1))
            : i % 2 === 0
              ? await call(node, `member-${w}`, 'POST', '/updateProductProgress', progress(2))
              : await call(node, `member-${w}`, 'POST', '/updateCart', { product_ids: i % 4 === 1 ? [productId] : [] });
        if (res.status !== 200) failures.push(`writer ${w} save ${i}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    const relays = nodes.map((n) => n.app.get(EventRelay));
    const chaos = (async () => {
      for (let round = 0; writing; round++) {
        await new Promise((r) => setTimeout(r, 150));
        if (round % 2 === 0) {
          // killed: the relays' connections (leadership and LISTEN) are cut; they reconnect and compete again
          await sql(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = 'sparkhouse-event-relay'`,
          );
        } else {
          // stopped and started again, possibly in the middle of a batch
          const relay = relays[round % relays.length];
          await relay.stop();
          relay.start();
        }
      }
    })();
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    writing = false;
    await chaos;
    expect(failures).toEqual([]);

    // the shared stream: every save, versions 1..n without a gap or a duplicate
    const shared = await sql<{ v: number }>(`select stream_version as v from domain_event where stream_id = ? order by 1`, [
      `progress-shared-member-${productId}`,
    ]);
    expect(shared.map((r) => r.v)).toEqual(Array.from({ length: (WRITERS / 2) * SAVES_PER_WRITER }, (_, i) => i + 1));

    // everything delivered, once: the read model adds every save's seconds exactly once
    const registry = nodes[0].app.get(SubscriberRegistry);
    const projections = registry.projections();
    await subscribersReached(
      orm.em.fork(),
      registry.all().map((s) => s.name),
      await logHead(orm.em.fork()),
      60_000,
    );
    const watched = async (userId: string) =>
      (
        await sql<{ s: number }>('select seconds_watched as s from product_progress where user_id = ? and product_id = ?', [
          userId,
          productId,
        ])
      )[0]?.s;
    expect(await watched('shared-member')).toBe((WRITERS / 2) * SAVES_PER_WRITER);
    for (let w = WRITERS / 2; w < WRITERS; w++) expect(await watched(`member-${w}`)).toBe(2 * Math.ceil(SAVES_PER_WRITER / 2));

    // every projection: what the live relay built equals a replay from zero
    const rebuilder = nodes[0].app.get(Rebuilder);
    for (const p of projections) {
      const tables = await tablesOf(p);
      expect(tables.length).toBeGreaterThan(0);
      const live = await dump(tables);
      await rebuilder.rebuild(p);
      expect({ projection: p.name, tables: await dump(tables) }).toEqual({ projection: p.name, tables: live });
    }
  });
});
