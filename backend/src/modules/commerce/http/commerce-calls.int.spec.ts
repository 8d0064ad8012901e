import { io, type Socket } from 'socket.io-client';
import { AppCreated, AppPublished, SERVER_EVENTS, type CheckoutUpdatedMessage } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { AccessTokens } from '../../../platform/auth/access-tokens';
import { EventStore } from '../../../platform/events/event-store';
import { eventually } from '../../../test-support';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';
import { CARDS, payCheckout, seedPlans, sql, streamOf } from '../test/commerce-test-kit';

/* Every commerce call through HTTP, with the emulator delivering its own webhooks (the PostgreSQL outbox). */
describe('commerce calls', () => {
  const api = useCatalogueApi();
  let paid: { id: string };
  let cheap: { id: string };
  let free: { id: string };
  let offer: { id: string };

  beforeAll(async () => {
    paid = await publish(api, { title: 'Calls Guitar', priceInfo: { priceInCents: 2900, currency: 'USD' } });
    cheap = await publish(api, { title: 'Calls Ukulele', priceInfo: { priceInCents: 700, currency: 'USD' } });
    free = await publish(api, { title: 'Calls Free Intro', priceInfo: { priceInCents: 0, currency: 'USD' } });
    offer = await publish(api, {
      title: 'Calls Offer',
      priceInfo: { priceInCents: 1900, currency: 'USD', crossedPriceInCents: 3900 },
    });
    await seedPlans(api);
    await eventually(
      async () => (await api.get('/payments/creator-platform/payment-options')).body.response?.payment_options?.length === 4,
    );
  });

  const appendToApp = async (appId: string, event: { type: string; payload: unknown }) => {
    const orm = await Database.connect(api.dbUrl);
    try {
      await orm.em.fork().transactional((tem) => new EventStore().append(tem, `app-${appId}`, [event]));
    } finally {
      await orm.close(true);
    }
  };
  const appendAppCreated = (appId: string, ownerId: string, appSlug: string) =>
    appendToApp(appId, {
      type: AppCreated.type,
      payload: { appId, ownerId, name: 'Run Coach', storefrontSlug: 'coach-co', appSlug, isIdea: false, prompt: '' },
    });
  const appendAppPublished = (appId: string) =>
    appendToApp(appId, {
      type: AppPublished.type,
      payload: {
        appId,
        versions: { blueprint: null, 'landing-page': null, 'onboarding-flow': null },
        theme: null,
        canvasSettings: null,
        publishedAt: new Date().toISOString(),
      },
    });

  it('payment options: the membership, yearly first and preselected, prices in cents; unknown app 404', async () => {
    const res = await api.get('/payments/payment-options/sparkhouse/membership?user_id=u1');
    expect(res.status).toBe(200);
    const r = res.body.response;
    expect(r.payment_options.map((o: { id: string }) => o.id)).toEqual(['membership-yearly', 'membership-monthly']);
    expect(r.defaultSelectedId).toBe('membership-yearly');
    expect(r.prices_in_cents).toBe(true);
    expect(r.payment_options[0]).toMatchObject({
      price: 14999,
      monthlyPrice: 1250,
      currency: 'USD',
      durationUnit: 'year',
      trialDays: 7,
      isRecurring: true,
    });
    expect(r.payment_options[1].priceId).toMatch(/^price_/);
    expect(typeof r.transformationPromiseByDate).toBe('string');
    const unknown = await api.get('/payments/payment-options/nobody/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'error', error: 'Failed to fetch payment options' });
    expect((await api.get('/payments/payment-options/Bad Slug/x')).status).toBe(400);
  });

  it('creator platform: tiers and a checkout for a tier; a price option of another tier is 404', async () => {
    const opts = (await api.get('/payments/creator-platform/payment-options')).body.response;
    expect(opts.tiers.map((t: { slug: string }) => t.slug)).toEqual(['starter', 'pro']);
    expect(opts.payment_options[0].durationUnit).toBe('year');
    const body = {
      price_option_id: 'pro-monthly',
      success_url: '/dashboard/builder?mode=publish&payment_success=true&tier=pro',
      cancel_url: '/creator',
      tier_slug: 'pro',
    };
    const res = await api.post('/payments/creator-platform/create-checkout-session', body, 'creator-1');
    expect(res.status).toBe(200);
    expect(res.body.response.url).toContain('/api/stripe-emulator/checkout/');
    const wrong = await api.post(
      '/payments/creator-platform/create-checkout-session',
      { ...body, tier_slug: 'starter' },
      'creator-1',
    );
    expect(wrong.status).toBe(404);
    expect((await api.post('/payments/creator-platform/create-checkout-session', body)).status).toBe(401);
  });

  it('paid publish: a creator buys a tier through the creator-platform checkout (card 4242), then may publish', async () => {
    const created = await api.post('/app-builder/createApp', { name: 'Tier Bought' }, 'tier-creator');
    expect(created.status).toBe(201);
    const appId = created.body.response.app.appId;
    const refused = await api.post(`/apps/publishApp/${appId}`, {}, 'tier-creator');
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: 'TIER_REQUIRED' });
    const session = await api.post(
      '/payments/creator-platform/create-checkout-session',
      {
        price_option_id: 'starter-yearly',
        success_url: `/dashboard/builder?mode=publish&payment_success=true&tier=starter&appId=${appId}`,
        cancel_url: `/dashboard/builder?mode=publish&appId=${appId}`,
        tier_slug: 'starter',
      },
      'tier-creator',
    );
    expect(session.status).toBe(200);
    // a declined card buys nothing
    expect((await payCheckout(api, session.body.response.url, CARDS.declined)).status).not.toBe(303);
    expect((await api.get(`/apps/getPublishPreview/${appId}`, 'tier-creator')).body.response.publishing.allowed).toBe(false);
    const paid = await payCheckout(api, session.body.response.url, CARDS.ok);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('mode=publish&payment_success=true&tier=starter');
    // the webhook lands by itself; the publish check reads it
    await eventually(
      async () => (await api.get(`/apps/getPublishPreview/${appId}`, 'tier-creator')).body.response?.publishing?.allowed,
      { timeoutMs: 60_000 },
    );
    expect((await api.get(`/apps/getPublishPreview/${appId}`, 'tier-creator')).body.response.publishing).toEqual({
      allowed: true,
      reason: null,
      tierSlug: 'starter',
    });
    expect((await api.post(`/apps/publishApp/${appId}`, {}, 'tier-creator')).status).toBe(200);
  });

  it('create-checkout-session: validation, own userId only, other origins refused, trial on the session', async () => {
    const body = {
      userId: 'trial-1',
      storefrontSlug: 'sparkhouse',
      appSlug: 'membership',
      priceOptionId: 'membership-yearly',
      successUrl: 'http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: '/cart',
      metadata: { source: 'home' },
    };
    expect((await api.post('/payments/create-checkout-session', body)).status).toBe(401);
    expect((await api.post('/payments/create-checkout-session', body, 'someone-else')).status).toBe(403);
    const bad = await api.post('/payments/create-checkout-session', { ...body, priceOptionId: '' }, 'trial-1');
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('error');
    expect(
      (await api.post('/payments/create-checkout-session', { ...body, successUrl: 'https://evil.example/x' }, 'trial-1')).status,
    ).toBe(400);
    expect((await api.post('/payments/create-checkout-session', { ...body, priceOptionId: 'nope' }, 'trial-1')).status).toBe(404);
    const res = await api.post('/payments/create-checkout-session', body, 'trial-1');
    expect(res.status).toBe(200);
    expect(await streamOf(api, `checkout-${res.body.response.sessionId}`)).toHaveLength(1);
    // paying starts a 7-day trial: the webhook arrives by itself (the outbox)
    expect((await payCheckout(api, res.body.response.url, CARDS.ok)).status).toBe(303);
    const sub = await eventually(async () => {
      const s = (await api.get('/subscription', 'trial-1')).body.response;
      return s?.status === 'trialing' ? s : null;
    });
    expect(sub).toEqual({ status: 'trialing', trialDaysRemaining: 7, isTrialExpired: false });
    const list = (await api.get('/payments/subscriptions', 'trial-1')).body.response;
    expect(list).toMatchObject({ hasActiveSubscription: false, hasActiveOrTrialSubscription: true });
    expect(list.subscriptions[0]).toMatchObject({
      priceOptionId: 'membership-yearly',
      planDisplayName: 'Yearly',
      status: 'trialing',
    });
    // one subscription per plan at a time
    const twice = await api.post('/payments/create-checkout-session', body, 'trial-1');
    expect(twice.status).toBe(409);
    expect(twice.body.status).toBe('error');
    // no credit during the trial ($0 period)
    expect((await api.get('/getMonthlyCreditForUser', 'trial-1')).body).toEqual({ monthlyCreditInfo: { monthlyCredit: 0 } });
  });

  it('subscriptions of another user: admins only', async () => {
    expect((await api.get('/payments/subscriptions?asUserId=trial-1', 'trial-2')).status).toBe(403);
    const asAdmin = await api.admin('GET', '/payments/subscriptions?asUserId=trial-1');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.response.subscriptions).toHaveLength(1);
    expect((await api.get('/subscription', 'never-subscribed')).body.response).toEqual({
      status: 'none',
      trialDaysRemaining: 0,
      isTrialExpired: false,
    });
    expect((await api.get('/subscription')).status).toBe(401);
  });

  it('update-price-options: only the owner, only the prices sent, Stripe prices created', async () => {
    await appendAppCreated('app-run', 'owner-1', 'run-coach');
    await eventually(async () => (await api.get('/payments/payment-options/coach-co/run-coach', 'owner-1')).status === 200);
    expect((await api.get('/payments/payment-options/coach-co/run-coach', 'owner-1')).body.response.payment_options).toEqual([]);
    const body = { appId: 'app-run', monthlyPrice: 999, annualPrice: 7999, annualDurationUnit: 'month' };
    expect((await api.post('/payments/update-price-options', body, 'intruder')).status).toBe(403);
    expect((await api.post('/payments/update-price-options', { appId: 'app-run' }, 'owner-1')).status).toBe(400);
    expect((await api.post('/payments/update-price-options', { ...body, monthlyPrice: 9.5 }, 'owner-1')).status).toBe(400);
    expect((await api.post('/payments/update-price-options', { ...body, appId: 'no-app' }, 'owner-1')).status).toBe(404);
    const res = await api.post('/payments/update-price-options', body, 'owner-1');
    expect(res.status).toBe(200);
    expect(res.body.response.payment_options.map((o: { id: string; duration: number }) => [o.id, o.duration])).toEqual([
      ['annual', 12],
      ['monthly', 1],
    ]);
    // only the monthly price changes; the annual one stays
    const annualPriceId = res.body.response.payment_options[0].priceId;
    const again = await api.post('/payments/update-price-options', { appId: 'app-run', monthlyPrice: 1299 }, 'owner-1');
    expect(again.body.response.payment_options).toMatchObject([
      { id: 'annual', price: 7999, priceId: annualPriceId },
      { id: 'monthly', price: 1299 },
    ]);
    const opts = await eventually(async () => {
      const o = (await api.get('/payments/payment-options/coach-co/run-coach', 'owner-1')).body.response;
      return o.payment_options.find((x: { id: string; price: number }) => x.id === 'monthly' && x.price === 1299) ? o : null;
    });
    expect(opts.defaultSelectedId).toBe('annual');
    expect((await api.admin('POST', '/payments/update-price-options', { appId: 'app-run', annualPrice: 8999 })).status).toBe(200);
  });

  it('an unpublished app shows and sells its plans to its owner and admins only, as getAppBySlug hides it', async () => {
    await appendAppCreated('app-draft', 'owner-2', 'draft-coach');
    await eventually(async () => (await api.get('/payments/payment-options/coach-co/draft-coach', 'owner-2')).status === 200);
    const priced = await api.post('/payments/update-price-options', { appId: 'app-draft', monthlyPrice: 500 }, 'owner-2');
    expect(priced.status).toBe(200);
    const path = '/payments/payment-options/coach-co/draft-coach';
    for (const who of [undefined, 'stranger-1']) {
      const res = await api.get(path, who);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 'error', error: 'Failed to fetch payment options' });
      expect(JSON.stringify(res.body)).not.toContain('monthly');
    }
    expect((await api.admin('GET', path)).status).toBe(200);
    const checkout = {
      userId: 'stranger-1',
      storefrontSlug: 'coach-co',
      appSlug: 'draft-coach',
      priceOptionId: 'monthly',
      successUrl: '/done',
      cancelUrl: '/back',
    };
    expect((await api.post('/payments/create-checkout-session', checkout, 'stranger-1')).status).toBe(404);

    await appendAppPublished('app-draft');
    const open = await eventually(async () => {
      const res = await api.get(path);
      return res.status === 200 ? res : null;
    });
    expect(open!.body.response.payment_options.map((o: { id: string }) => o.id)).toEqual(['monthly']);
    expect((await api.post('/payments/create-checkout-session', checkout, 'stranger-1')).status).toBe(200);
  });

  it('cart: saved through an event, read with catalogue details; unknown products 400; auth required', async () => {
    expect((await api.get('/getCart', 'cart-1')).body).toEqual({
      cart: { productsInCart: [], lastUpdated: null, offerValid: null },
    });
    const saved = await api.post('/updateCart', { product_ids: [paid.id, offer.id], offer_valid: true }, 'cart-1');
    expect(saved.status).toBe(200);
    expect(saved.body.cart.productsInCart.map((i: { id: string }) => i.id)).toEqual([paid.id, offer.id]);
    expect(saved.body.cart.productsInCart[1]).toMatchObject({
      title: 'Calls Offer',
      creatorName: 'Ava Reyes',
      priceInfo: { priceInCents: 1900, crossedPriceInCents: 3900 },
      subscriptionSlug: null,
    });
    const read = await eventually(async () => {
      const c = (await api.get('/getCart', 'cart-1')).body.cart;
      return c.productsInCart.length === 2 ? c : null;
    });
    expect(read).toMatchObject({ offerValid: true });
    expect(typeof read.lastUpdated).toBe('string');
    expect((await api.post('/updateCart', { product_ids: ['nope'] }, 'cart-1')).status).toBe(400);
    expect((await api.post('/updateCart', { product_ids: 'x' }, 'cart-1')).status).toBe(400);
    expect((await api.post('/updateCart', { product_ids: [] })).status).toBe(401);
    expect((await api.get('/getCart')).status).toBe(401);
    expect((await streamOf(api, 'cart-cart-1')).map((e) => e.type)).toEqual(['CartUpdated']);
  });

  it('purchaseItems: free granted at once, the rest to one checkout; the webhook lands by itself and is pushed', async () => {
    const token = await api.app.get(AccessTokens).sign({ sub: 'buyer-1', email: 'buyer-1@example.com' });
    const base = (await api.raw('/up')).url.replace(/\/api\/up$/, '');
    const socket: Socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    const pushes: CheckoutUpdatedMessage[] = [];
    socket.on(SERVER_EVENTS.checkoutUpdated, (m) => pushes.push(m));
    await eventually(() => socket.connected);
    try {
      const res = await api.post(
        '/purchaseItems',
        { product_ids: [free.id, paid.id], payment_info: { utm_source: 'ads' } },
        'buyer-1',
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        completed: false,
        purchasedProductIds: [free.id],
        checkoutProductIds: [paid.id],
        creditSpentInCents: 0,
      });
      expect(res.body.lines.map((l: { settlement: string }) => l.settlement)).toEqual(['free', 'card']);
      await eventually(
        async () => (await api.get(`/getUserPurchaseForProduct?product_id=${free.id}`, 'buyer-1')).body.purchase?.owned,
      );
      expect((await api.get(`/payments/checkout-sessions/${res.body.sessionId}`, 'buyer-1')).body.response.status).toBe(
        'pending',
      );
      await payCheckout(api, res.body.url, CARDS.ok);
      await eventually(
        async () => (await api.get(`/getUserPurchaseForProduct?product_id=${paid.id}`, 'buyer-1')).body.purchase?.owned,
        { timeoutMs: 60_000 },
      );
      const push = await eventually(() => pushes.find((p) => p.sessionId === res.body.sessionId));
      expect(push).toMatchObject({ status: 'completed', mode: 'payment', productIds: [paid.id] });
      // when the push arrives, the page's re-read already sees the new state
      expect((await api.get(`/payments/checkout-sessions/${res.body.sessionId}`, 'buyer-1')).body.response.status).toBe(
        'completed',
      );
      const [delivery] = await sql<{ n: number }>(
        api,
        `select count(*)::int as n from stripe_emulator_delivery where status = 'delivered'`,
      );
      expect(delivery.n).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('purchase: monthly credit is spent first, whole items only; bad input 400; unknown product 404', async () => {
    const orm = await Database.connect(api.dbUrl);
    try {
      await orm.em.fork().transactional((tem) =>
        new EventStore().append(tem, 'credit-credit-user', [
          {
            type: 'CreditGranted',
            payload: { userId: 'credit-user', grantId: 'in_test', amountInCents: 1000, subscriptionId: null, reason: 'test' },
          },
        ]),
      );
    } finally {
      await orm.close(true);
    }
    await eventually(
      async () => (await api.get('/getMonthlyCreditForUser', 'credit-user')).body.monthlyCreditInfo.monthlyCredit === 10,
    );
    const quote = await api.post('/payments/quote', { product_ids: [paid.id, cheap.id], payment_info: {} }, 'credit-user');
    expect(quote.body.response).toMatchObject({
      creditAvailableInCents: 1000,
      creditToSpendInCents: 700,
      cardTotalInCents: 2900,
    });
    const res = await api.post('/purchaseItems', { product_ids: [paid.id, cheap.id], payment_info: {} }, 'credit-user');
    expect(res.body).toMatchObject({ purchasedProductIds: [cheap.id], checkoutProductIds: [paid.id], creditSpentInCents: 700 });
    await eventually(
      async () => (await api.get('/getMonthlyCreditForUser', 'credit-user')).body.monthlyCreditInfo.monthlyCredit === 3,
    );
    const [spent] = await streamOf(api, `purchase-credit-user-${cheap.id}`);
    expect(spent.payload).toMatchObject({ source: 'credit', priceInCents: 700 });
    expect((await api.post('/purchase', { payment_info: {} }, 'credit-user')).status).toBe(400);
    expect(
      (await api.post('/purchase', { product_id: paid.id, payment_info: { noPriceOffer: 'maybe' } }, 'credit-user')).status,
    ).toBe(400);
    expect((await api.post('/purchase', { product_id: 'nope', payment_info: {} }, 'credit-user')).status).toBe(404);
    expect((await api.post('/purchase', { product_id: paid.id, payment_info: {} })).status).toBe(401);
    expect((await api.get('/getMonthlyCreditForUser')).status).toBe(401);
    expect((await api.post('/getCardData', {}, 'nobody-yet')).body).toEqual({ cardData: null });
  });

  it('purchase double submit with credit: every click answers the one checkout, the credit is spent once', async () => {
    const orm = await Database.connect(api.dbUrl);
    try {
      await orm.em.fork().transactional((tem) =>
        new EventStore().append(tem, 'credit-double-clicker', [
          {
            type: 'CreditGranted',
            payload: {
              userId: 'double-clicker',
              grantId: 'in_double',
              amountInCents: 1000,
              subscriptionId: null,
              reason: 'test',
            },
          },
        ]),
      );
    } finally {
      await orm.close(true);
    }
    const clicks = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post('/purchaseItems', { product_ids: [paid.id, cheap.id], payment_info: {} }, 'double-clicker'),
      ),
    );
    expect(clicks.map((r) => r.status)).toEqual(Array(6).fill(200));
    const sessionIds = new Set(clicks.map((r) => r.body.sessionId));
    expect(sessionIds.size).toBe(1);
    expect(clicks.every((r) => r.body.url === clicks[0].body.url && r.body.checkoutProductIds[0] === paid.id)).toBe(true);
    // one request granted the credit item; the others reused its checkout
    expect(clicks.flatMap((r) => r.body.purchasedProductIds)).toEqual([cheap.id]);
    expect((await streamOf(api, 'credit-double-clicker')).map((e) => e.type)).toEqual(['CreditGranted', 'CreditSpent']);
    expect((await streamOf(api, `purchase-double-clicker-${cheap.id}`)).map((e) => e.type)).toEqual(['PurchaseCompleted']);
  });

  it('offers: terms kept by product; the server charges the offer price only while the offer is live for the buyer', async () => {
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString();
    expect(
      (await api.admin('PUT', `/offers/admin/products/${offer.id}`, { offerKey: 'bad key', crossedPriceApplicableFrom: until }))
        .status,
    ).toBe(400);
    const userToken = await api.app.get(AccessTokens).sign({ sub: 'not-admin', email: 'not-admin@example.com' });
    const asUser = await api.raw(`/offers/admin/products/${offer.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ offerKey: 'launch', crossedPriceApplicableFrom: until }),
    });
    expect(asUser.status).toBe(403);
    expect(
      (await api.admin('PUT', '/offers/admin/products/nope', { offerKey: 'launch', crossedPriceApplicableFrom: until })).status,
    ).toBe(404);
    // no terms yet: full price
    let q = await api.post('/payments/quote', { product_ids: [offer.id], payment_info: {} }, 'offer-buyer');
    expect(q.body.response.lines[0]).toMatchObject({ priceInCents: 3900, offerApplied: false });
    const set = await api.admin('PUT', `/offers/admin/products/${offer.id}`, {
      offerKey: 'launch',
      crossedPriceApplicableFrom: until,
      specialOnlyVip: true,
    });
    expect(set.status).toBe(200);
    const listed = await eventually(
      async () => (await api.get(`/offers/getProductOffers?product_ids=${offer.id},${paid.id}`)).body.offers?.[0],
    );
    expect(listed).toMatchObject({
      productId: offer.id,
      offerKey: 'launch',
      specialOnlyVip: true,
      price: 1900,
      crossedPrice: 3900,
    });
    q = await api.post('/payments/quote', { product_ids: [offer.id], payment_info: {} }, 'offer-buyer');
    expect(q.body.response.lines[0].priceInCents).toBe(3900);
    q = await api.post('/payments/quote', { product_ids: [offer.id], payment_info: { p: 'vip' } }, 'offer-buyer');
    expect(q.body.response.lines[0]).toMatchObject({ priceInCents: 1900, offerApplied: true });
    q = await api.post(
      '/payments/quote',
      { product_ids: [offer.id], payment_info: { p: 'vip', noPriceOffer: true } },
      'offer-buyer',
    );
    expect(q.body.response.lines[0].priceInCents).toBe(3900);
    const buy = await api.post('/purchase', { product_id: offer.id, payment_info: { p: 'vip' } }, 'offer-buyer');
    expect(buy.body.lines[0]).toMatchObject({ priceInCents: 1900, settlement: 'card' });
    expect((await streamOf(api, `checkout-${buy.body.sessionId}`))[0].payload).toMatchObject({
      lines: [{ productId: offer.id, priceInCents: 1900 }],
    });
    expect((await api.admin('DELETE', `/offers/admin/products/${offer.id}`)).body.response).toEqual({ removed: true });
    expect((await api.get('/offers/getProductOffers?product_ids=')).status).toBe(400);
  });
});
