import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import { headerNames } from '@sparkhouse/contracts';
import { AccessTokens } from '../platform/auth/access-tokens';
import { Clock } from '../modules/identity/users/infra/clock';
import { createTestDatabase, eventually, grantCreatorPlan, startApi, testConfig } from '../test-support';
import { productBody } from '../test-support/catalogue-api';

/*
 * Read-your-writes for a plain HTTP client (curl, a mobile app, an integration): no consistency token,
 * nothing but who it is. Each round writes through one API node and at once reads through the other,
 * alternating; the server must answer the caller's own write every time. The read models are made to
 * trail on purpose: a transaction is held open for a moment again and again (as a slow writer anywhere
 * in the cluster may), and nothing committed after it began is delivered until it ends. A control node
 * that may not wait shows that reads do miss while delivery is held.
 */
const ROUNDS = 500;
/** Callers working at once (each runs its rounds one after another). */
const LANES = 10;
/** How long each held transaction keeps delivery back. */
const HOLD_MS = 120;

type Who = { user: string } | { anon: string };
type Answer = { status: number; body: any };

describe('a plain HTTP caller reads its own writes on any API node, with no token', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const nodes: { app: NestExpressApplication; baseUrl: string }[] = [];
  let control: { app: NestExpressApplication; baseUrl: string };
  const tokens = new Map<string, string>();
  let holding = false;
  let holder: Promise<void> | null = null;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    for (let i = 0; i < 2; i++) nodes.push(await startApi(config));
    control = await startApi(testConfig(db.url, { READ_YOUR_WRITES_WAIT_MS: '0', RUN_PROJECTIONS: 'false' }));
  });
  afterAll(async () => {
    await stopHolding();
    for (const n of [...nodes, control]) await n?.app.close().catch(() => undefined);
    await db?.drop();
  });

  /** Keeps delivery back: a transaction open for HOLD_MS, then a short gap, again and again until stopped. */
  function startHolding() {
    holding = true;
    holder = (async () => {
      const c = new Client({ connectionString: db.url });
      await c.connect();
      try {
        while (holding) {
          await c.query('begin');
          await c.query('select pg_current_xact_id()');
          await new Promise((r) => setTimeout(r, HOLD_MS));
          await c.query('commit');
          await new Promise((r) => setTimeout(r, Math.random() * 30));
        }
      } finally {
        await c.end();
      }
    })();
  }
  async function stopHolding() {
    holding = false;
    await holder;
    holder = null;
  }

  async function call(node: { baseUrl: string }, method: string, path: string, who: Who, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if ('user' in who) {
      if (!tokens.has(who.user))
        tokens.set(who.user, await nodes[0].app.get(AccessTokens).sign({ sub: who.user, email: `${who.user}@example.com` }));
      headers.authorization = `Bearer ${tokens.get(who.user)}`;
    } else headers[headerNames.nonAuthUserId] = who.anon;
    const res = await fetch(`${node.baseUrl}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // a plain client: whatever consistency token comes back is not kept
    return { status: res.status, body: await res.json() };
  }
  const admin = { user: 'ryw-admin' };
  async function adminCall(method: string, path: string, body?: unknown) {
    if (!tokens.has(admin.user))
      tokens.set(
        admin.user,
        await nodes[0].app
          .get(AccessTokens)
          .sign({ sub: admin.user, email: 'ryw-admin@example.com', 'cognito:groups': ['admin'] }),
      );
    return call(nodes[0], method, path, admin, body);
  }

  /**
   * ROUNDS rounds over LANES callers: round k of a lane writes through node k % 2 and reads through the
   * other; `expected` says what the read must show. Answers the rounds whose read missed the write.
   */
  async function rounds(
    lane: (l: number) => Promise<Who> | Who,
    write: (node: { baseUrl: string }, who: Who, k: number, l: number) => Promise<Answer>,
    read: (node: { baseUrl: string }, who: Who, k: number, l: number) => Promise<Answer>,
    shows: (answer: Answer, k: number, l: number) => boolean,
    readers: (k: number) => { baseUrl: string } = (k) => nodes[(k + 1) % 2],
    count = ROUNDS,
  ): Promise<string[]> {
    const misses: string[] = [];
    startHolding();
    try {
      await Promise.all(
        Array.from({ length: LANES }, async (_, l) => {
          const who = await lane(l);
          for (let k = 0; k < count / LANES; k++) {
            const written = await write(nodes[k % 2], who, k, l);
            if (written.status !== 200) throw new Error(`write answered ${written.status}: ${JSON.stringify(written.body)}`);
            const answer = await read(readers(k), who, k, l);
            if (answer.status !== 200 || !shows(answer, k, l))
              misses.push(`lane ${l} round ${k}: ${JSON.stringify(answer.body)}`);
          }
        }),
      );
    } finally {
      await stopHolding();
    }
    return misses;
  }

  let products: string[];
  beforeAll(async () => {
    products = [];
    for (const title of ['RYW Cello', 'RYW Viola']) {
      const res = await adminCall('POST', '/catalogue/admin/products', productBody({ title }));
      expect(res.status).toBe(201);
      products.push(res.body.response.product.id);
    }
    await eventually(async () => (await call(nodes[1], 'GET', `/getProduct?id=${products[1]}`, admin)).status === 200);
  });

  const cartOf = (k: number) => (k % 2 ? [products[0], products[1]] : [products[1]]);
  const saveCart = (node: { baseUrl: string }, who: Who, k: number) =>
    call(node, 'POST', '/updateCart', who, { product_ids: cartOf(k) });
  const readCart = (node: { baseUrl: string }, who: Who) => call(node, 'GET', '/getCart', who);
  const cartShows = (a: Answer, k: number) =>
    JSON.stringify(a.body.cart.productsInCart.map((p: { id: string }) => p.id)) === JSON.stringify(cartOf(k));

  it('control: while delivery is held, a read that may not wait misses writes', async () => {
    const misses = await rounds(
      (l) => ({ user: `ryw-control-${l}` }),
      saveCart,
      readCart,
      cartShows,
      () => control,
      50,
    );
    expect(misses.length).toBeGreaterThan(0);
  });

  it('cart: updateCart -> getCart', async () => {
    expect(await rounds((l) => ({ user: `ryw-cart-${l}` }), saveCart, readCart, cartShows)).toEqual([]);
  });

  it('progress: updateProductProgress -> getContentProgress', async () => {
    const misses = await rounds(
      (l) => ({ user: `ryw-progress-${l}` }),
      (node, who, k) =>
        call(node, 'POST', '/updateProductProgress', who, {
          product_id: products[0],
          content_id: 'c1',
          percent_complete: (k * 7) % 100,
          additional_seconds_watched: 1,
          position_in_seconds: k + 1,
        }),
      (node, who) => call(node, 'GET', `/getContentProgress?product_id=${products[0]}&content_id=c1`, who),
      (a, k) => a.body.progress?.position_in_seconds === k + 1,
    );
    expect(misses).toEqual([]);
  });

  it('prices: update-price-options -> payment-options', async () => {
    const apps: { appId: string; storefrontSlug: string; appSlug: string }[] = [];
    const misses = await rounds(
      async (l) => {
        const who = { user: `ryw-prices-${l}` };
        const created = await call(nodes[0], 'POST', '/app-builder/createApp', who, { name: `Fresh Prices ${l}` });
        expect(created.status).toBe(201);
        apps[l] = created.body.response.app;
        return who;
      },
      (node, who, k, l) =>
        call(node, 'POST', '/payments/update-price-options', who, { appId: apps[l].appId, monthlyPrice: 1000 + k }),
      (node, who, _k, l) => call(node, 'GET', `/payments/payment-options/${apps[l].storefrontSlug}/${apps[l].appSlug}`, who),
      (a, k) =>
        a.body.response.payment_options.some((o: { id: string; price: number }) => o.id === 'monthly' && o.price === 1000 + k),
    );
    expect(misses).toEqual([]);
  });

  it('media: saveAppMedia -> getAppMedia', async () => {
    const appIds: string[] = [];
    const url = (k: number, l: number) => `https://cdn.example.com/ryw-${l}-${k}.png`;
    const misses = await rounds(
      async (l) => {
        const who = { user: `ryw-media-${l}` };
        const created = await call(nodes[0], 'POST', '/app-builder/createApp', who, { name: `Fresh Media ${l}` });
        expect(created.status).toBe(201);
        appIds[l] = created.body.response.app.appId;
        return who;
      },
      (node, who, k, l) =>
        call(node, 'POST', '/app-builder/saveAppMedia', who, { appId: appIds[l], type: 'image', url: url(k, l) }),
      (node, who, _k, l) => call(node, 'GET', `/app-builder/getAppMedia?appId=${appIds[l]}&limit=1`, who),
      (a, k, l) => a.body.response.media[0]?.url === url(k, l),
    );
    expect(misses).toEqual([]);
  });

  it('onboarding state: saveOnboardingUserState -> getOnboardingUserState (anonymous visitors)', async () => {
    const owner = { user: 'ryw-onboarding-owner' };
    const app = (await call(nodes[0], 'POST', '/app-builder/createApp', owner, { name: 'Fresh Onboarding' })).body.response.app;
    const flow = {
      pages: [
        { id: 'hello', title: 'Welcome', body: 'One question.', questions: [] },
        {
          id: 'you',
          title: 'About you',
          questions: [{ id: 'km', prompt: 'Kilometres a week?', kind: 'number', min: 0, max: 1000 }],
        },
      ],
    };
    expect(
      (await call(nodes[0], 'POST', '/apps/saveAppOnboardingFlowV2', owner, { appId: app.appId, onboardingFlow: flow })).status,
    ).toBe(200);
    await grantCreatorPlan(db.url, owner.user);
    expect((await call(nodes[0], 'POST', `/apps/publishApp/${app.appId}`, owner, {})).status).toBe(200);
    const path = `${app.storefrontSlug}/${app.appSlug}`;
    await eventually(
      async () =>
        (await call(nodes[1], 'GET', `/apps/getAppOnboardingFlow/${path}`, { anon: 'anon_ryw-visitor-0' })).body.response
          ?.isDraft === false,
    );
    const misses = await rounds(
      (l) => ({ anon: `anon_ryw-visitor-${l}` }),
      (node, who, k) =>
        call(node, 'POST', `/apps/saveOnboardingUserState/${path}`, who, {
          userState: { answers: { km: k } },
          pagesInfo: { currentPageId: 'you', completedPageIds: ['hello'] },
        }),
      (node, who) => call(node, 'GET', `/apps/getOnboardingUserState/${path}`, who),
      (a, k) => a.body.response.userState?.answers?.km === k,
    );
    expect(misses).toEqual([]);
  });

  it('offer seen -> quote: the price a buyer is quoted follows the offer dates they just saw', async () => {
    const res = await adminCall(
      'POST',
      '/catalogue/admin/products',
      productBody({ title: 'RYW Offer Cello', priceInfo: { priceInCents: 1900, crossedPriceInCents: 3900, currency: 'USD' } }),
    );
    expect(res.status).toBe(201);
    const offered = res.body.response.product.id as string;
    await eventually(async () => (await call(nodes[0], 'GET', `/getProduct?id=${offered}`, admin)).status === 200);
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const moved = new Date(Date.now() + 20 * 86_400_000).toISOString();
    expect(
      (await adminCall('PUT', `/offers/admin/products/${offered}`, { offerKey: 'rywLaunch', crossedPriceApplicableFrom: until }))
        .status,
    ).toBe(200);
    await eventually(
      async () =>
        (await call(nodes[1], 'GET', `/offers/getProductOffers?product_ids=${offered}`, admin)).body.offers?.length === 1,
    );
    // a seen offer is recorded at most once per 5 minutes: the identity module's clock moves on 5 minutes a call
    let now = Date.now();
    const clocks = nodes.map((n) => jest.spyOn(n.app.get(Clock), 'now').mockImplementation(() => new Date((now += 300_001))));
    try {
      // seen at the offer's own date: the offer price; seen at another date just now: hidden for the cool-down
      const seenDate = (k: number) => (k % 2 ? moved : until);
      const misses = await rounds(
        async (l) => {
          const who = { user: `ryw-buyer-${l}` };
          const created = await call(nodes[l % 2], 'POST', '/users/createUser', who, {
            userId: who.user,
            email: `${who.user}@example.com`,
            firstName: 'Ryw',
            lastName: `Buyer ${l}`,
          });
          expect(created.status).toBe(200);
          return who;
        },
        (node, who, k) =>
          call(node, 'POST', '/saveLastSeenOfferInfo', who, {
            offer_key: 'rywLaunch',
            exp_date_seen: seenDate(k),
            offer_last_seen: Date.now(),
          }).then((a) => (a.body.saved === true ? a : { status: 500, body: a.body })),
        (node, who) => call(node, 'POST', '/payments/quote', who, { product_ids: [offered], payment_info: {} }),
        (a, k) => a.body.response.lines[0].priceInCents === (k % 2 ? 3900 : 1900),
      );
      expect(misses).toEqual([]);
    } finally {
      for (const c of clocks) c.mockRestore();
    }
  });
});
