import { CREATOR_PLATFORM_PLANS, SubscriptionCanceled } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { eventually } from '../../../test-support';
import { blueprint, landingPage, useCreatorApi, type As } from '../../../test-support/creator-api';

/**
 * Paid publish and pricing as a document: what goes live (every part as draft against live, field by
 * field), publishing refused without a creator-platform plan (402) and allowed with one, the pricing
 * going live with the app, and nothing of an unpublished app served to visitors.
 */
describe('publishing: what goes live, the creator plan, pricing going live', () => {
  const api = useCreatorApi();
  const mia: As = { as: 'mia-chen' };
  const stranger: As = { as: 'stranger' };

  const create = async (name: string, who = mia) => {
    const res = await api.post('/app-builder/createApp', { name }, who);
    if (res.status !== 201) throw new Error(`createApp answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.response.app as { appId: string; storefrontSlug: string; appSlug: string };
  };
  const preview = async (appId: string, who = mia) => {
    const res = await api.get(`/apps/getPublishPreview/${appId}`, who);
    if (res.status !== 200) throw new Error(`getPublishPreview answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.response as {
      isPublished: boolean;
      hasUnpublishedChanges: boolean;
      documents: {
        part: string;
        state: string;
        changes: { path: string; label: string; change: string; before: string | null; after: string | null }[];
      }[];
      publishing: { allowed: boolean; reason: string | null; tierSlug: string | null };
      visitorView: {
        live: { landingPage: { hero: { title: string } } | null; pricing: Record<string, unknown> | null } | null;
        draft: { landingPage: { hero: { title: string } } | null; pricing: Record<string, unknown> | null };
      };
    };
  };
  const doc = (p: Awaited<ReturnType<typeof preview>>, part: string) => p.documents.find((d) => d.part === part)!;

  it('what goes live: ownership and bad input', async () => {
    const app = await create('Private Preview');
    expect((await api.get(`/apps/getPublishPreview/${app.appId}`, stranger)).status).toBe(404);
    expect((await api.get(`/apps/getPublishPreview/${app.appId}`)).status).toBe(401);
    const bad = await api.get('/apps/getPublishPreview/not-an-id', mia);
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('error');
    expect((await api.get(`/apps/getPublishPreview/${app.appId}`, { as: 'admin-1', admin: true })).status).toBe(200);
  });

  it('refuses to publish without a creator plan (402, nothing written), admins publish, a plan opens it', async () => {
    const app = await create('Paid Publish');
    await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('Paid Publish') }, mia);
    const first = await preview(app.appId);
    expect(first.publishing).toEqual({ allowed: false, reason: 'tier-required', tierSlug: null });
    const events = await api.streamLength(`app-${app.appId}`);
    const refused = await api.post(`/apps/publishApp/${app.appId}`, {}, mia);
    expect(refused).toMatchObject({
      status: 402,
      body: { status: 'error', code: 'TIER_REQUIRED', error: 'Choose a creator plan to publish your app.' },
    });
    expect(await api.streamLength(`app-${app.appId}`)).toBe(events);
    // someone else's app stays unknown, whether or not they have a plan
    await api.grantCreatorPlan('stranger');
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, stranger)).status).toBe(404);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, {})).status).toBe(401);

    await api.grantCreatorPlan('mia-chen', 'pro');
    expect((await preview(app.appId)).publishing).toEqual({ allowed: true, reason: null, tierSlug: 'pro' });
    const published = await api.post(`/apps/publishApp/${app.appId}`, {}, mia);
    expect(published.status).toBe(200);
    expect(published.body.response.app).toMatchObject({ isPublished: true, hasUnpublishedChanges: false });

    // an admin publishes a creator's app without a plan of their own
    const other = await create('Admin Publishes', { as: 'no-plan-creator' });
    await api.post(
      '/app-builder/updateBlueprint',
      { appId: other.appId, blueprint: blueprint('Admin') },
      { as: 'no-plan-creator' },
    );
    expect((await api.post(`/apps/publishApp/${other.appId}`, {}, { as: 'no-plan-creator' })).status).toBe(402);
    expect((await api.post(`/apps/publishApp/${other.appId}`, {}, { as: 'admin-1', admin: true })).status).toBe(200);
  });

  it('a canceled plan no longer publishes', async () => {
    const app = await create('Canceled Plan', { as: 'lapsed' });
    await api.grantCreatorPlan('lapsed');
    const [sub] = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ stream_id: string }[]>(
        `select stream_id from domain_event where type = 'SubscriptionStarted' and payload->>'userId' = 'lapsed'`,
      );
    const subscriptionId = sub.stream_id.replace(/^subscription-/, '');
    await api.orm.em.fork().transactional((tem) =>
      new EventStore().append(tem, sub.stream_id, [
        {
          type: SubscriptionCanceled.type,
          payload: { subscriptionId, userId: 'lapsed', canceledAt: new Date().toISOString() },
        },
      ]),
    );
    await eventually(async () => (await preview(app.appId, { as: 'lapsed' })).publishing.allowed === false);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, { as: 'lapsed' })).status).toBe(402);
    expect(CREATOR_PLATFORM_PLANS.appSlug).toBe('creator-platform');
  });

  it('shows every part as draft against live, field by field, pricing in dollars', async () => {
    await api.grantCreatorPlan('mia-chen');
    const app = await create('Field By Field');
    const never = await preview(app.appId);
    expect(never).toMatchObject({ isPublished: false, hasUnpublishedChanges: false });
    expect(never.visitorView).toEqual({ live: null, draft: { landingPage: null, onboardingFlow: null, pricing: null } });
    expect(never.documents.map((d) => [d.part, d.state])).toEqual([
      ['blueprint', 'unchanged'],
      ['onboardingFlow', 'unchanged'],
      ['landingPage', 'unchanged'],
      ['pricing', 'unchanged'],
      ['theme', 'unchanged'],
      ['canvasSettings', 'unchanged'],
    ]);

    await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('Field By Field') }, mia);
    await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: landingPage('Run faster') }, mia);
    const priced = await api.post(
      '/payments/update-price-options',
      { appId: app.appId, monthlyPrice: 999, annualPrice: 7900 },
      mia,
    );
    expect(priced.status).toBe(200);
    const draft = await preview(app.appId);
    expect(draft.hasUnpublishedChanges).toBe(true);
    expect(doc(draft, 'blueprint').state).toBe('new');
    expect(doc(draft, 'blueprint').changes).toContainEqual({
      path: 'name',
      label: 'Name',
      change: 'added',
      before: null,
      after: 'Field By Field',
    });
    expect(doc(draft, 'pricing')).toMatchObject({ state: 'new' });
    expect(doc(draft, 'pricing').changes).toEqual(
      expect.arrayContaining([
        { path: 'monthlyPrice', label: 'Monthly price', change: 'added', before: null, after: '$9.99' },
        { path: 'annualPrice', label: 'Annual price', change: 'added', before: null, after: '$79' },
        { path: 'annualDurationUnit', label: 'Annual duration unit', change: 'added', before: null, after: '1 year' },
      ]),
    );
    expect((await api.get(`/apps/checkUnpublishedChanges/${app.appId}`, mia)).body.response.changed).toEqual([
      'blueprint',
      'landingPage',
      'pricing',
    ]);

    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, mia)).status).toBe(200);
    const live = await preview(app.appId);
    expect(live).toMatchObject({ isPublished: true, hasUnpublishedChanges: false });
    expect(live.documents.every((d) => d.state === 'unchanged' && d.changes.length === 0)).toBe(true);

    // after publishing, a change is listed against the live version, field by field
    await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: landingPage('Run further') }, mia);
    await api.post('/payments/update-price-options', { appId: app.appId, monthlyPrice: 1299, trialDays: 14 }, mia);
    const next = await eventually(async () => {
      const p = await preview(app.appId);
      return doc(p, 'pricing').state === 'changed' ? p : null;
    });
    expect(doc(next, 'landingPage')).toMatchObject({
      state: 'changed',
      changes: [{ path: 'hero.title', label: 'Hero › Title', change: 'changed', before: 'Run faster', after: 'Run further' }],
    });
    expect(doc(next, 'pricing').changes).toEqual([
      { path: 'monthlyPrice', label: 'Monthly price', change: 'changed', before: '$9.99', after: '$12.99' },
      { path: 'trialDays', label: 'Trial days', change: 'changed', before: 'No free trial', after: '14 days free' },
    ]);
    expect(doc(next, 'blueprint').state).toBe('unchanged');
    // what a visitor meets, live and after publishing, as whole documents for the side-by-side review
    expect(next.visitorView.live?.landingPage?.hero.title).toBe('Run faster');
    expect(next.visitorView.draft.landingPage?.hero.title).toBe('Run further');
    expect(next.visitorView.draft.landingPage).not.toHaveProperty('status');
    expect(next.visitorView.live?.pricing).toMatchObject({ monthlyPrice: 999, annualPrice: 7900, trialDays: 0 });
    expect(next.visitorView.draft.pricing).toMatchObject({ monthlyPrice: 1299, trialDays: 14, currency: 'USD' });
  });

  it('pricing goes live with the app: visitors buy the published plans, the owner prices the draft', async () => {
    await api.grantCreatorPlan('mia-chen');
    const app = await create('Live Pricing');
    const path = `/payments/payment-options/${app.storefrontSlug}/${app.appSlug}`;
    await api.post(
      '/payments/update-price-options',
      { appId: app.appId, monthlyPrice: 500, annualPrice: 4800, trialDays: 7 },
      mia,
    );

    // unpublished: its plans and pages are not served to visitors
    for (const who of [undefined, stranger]) {
      const res = await api.get(path, who);
      expect(res).toMatchObject({ status: 404, body: { status: 'error', error: 'Failed to fetch payment options' } });
      expect((await api.get(`/apps/getAppLandingPageInfoBySlug/${app.storefrontSlug}/${app.appSlug}`, who)).status).toBe(404);
      expect((await api.get(`/apps/getPublishedLandingPageInfo/${app.storefrontSlug}/${app.appSlug}`, who)).status).toBe(404);
      expect((await api.get(`/apps/getAppOnboardingFlow/${app.storefrontSlug}/${app.appSlug}`, who)).status).toBe(404);
    }
    const checkout = {
      userId: 'stranger',
      storefrontSlug: app.storefrontSlug,
      appSlug: app.appSlug,
      priceOptionId: 'annual',
      successUrl: '/done',
      cancelUrl: '/back',
    };
    expect((await api.post('/payments/create-checkout-session', checkout, stranger)).status).toBe(404);
    const own = await eventually(async () => {
      const res = await api.get(path, mia);
      return res.status === 200 && res.body.response.payment_options.length === 2 ? res : null;
    });
    expect(own.body.response).toMatchObject({ defaultSelectedId: 'annual', prices_in_cents: true });
    expect(
      own.body.response.payment_options.map((o: { id: string; price: number; trialDays: number }) => [
        o.id,
        o.price,
        o.trialDays,
      ]),
    ).toEqual([
      ['annual', 4800, 7],
      ['monthly', 500, 7],
    ]);

    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, mia)).status).toBe(200);
    const visitorPrices = async () => {
      const res = await api.get(path);
      return res.status === 200
        ? res.body.response.payment_options.map((o: { id: string; price: number }) => [o.id, o.price])
        : null;
    };
    expect(await eventually(visitorPrices)).toEqual([
      ['annual', 4800],
      ['monthly', 500],
    ]);

    // a new price waits for the next publication: visitors keep the live one, the owner sees the draft
    await api.post('/payments/update-price-options', { appId: app.appId, monthlyPrice: 700 }, mia);
    await eventually(async () => {
      const res = await api.get(path, mia);
      return res.body.response.payment_options.some((o: { id: string; price: number }) => o.id === 'monthly' && o.price === 700);
    });
    expect(await visitorPrices()).toEqual([
      ['annual', 4800],
      ['monthly', 500],
    ]);
    expect(
      (await api.post('/payments/create-checkout-session', { ...checkout, priceOptionId: 'monthly' }, stranger)).status,
    ).toBe(200);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, mia)).status).toBe(200);
    await eventually(
      async () =>
        JSON.stringify(await visitorPrices()) ===
        JSON.stringify([
          ['annual', 4800],
          ['monthly', 700],
        ]),
    );
  });

  it('update-price-options: bad input 400, another creator 403, anonymous 401, the failure message on the provider', async () => {
    const app = await create('Strict Pricing');
    const body = { appId: app.appId, monthlyPrice: 999 };
    for (const bad of [
      { appId: app.appId },
      { ...body, monthlyPrice: 49 },
      { ...body, monthlyPrice: 9.99 },
      { ...body, monthlyPrice: '999' },
      { ...body, annualPrice: 100_000_001 },
      { ...body, annualDurationUnit: 'week' },
      { ...body, trialDays: -1 },
      { ...body, trialDays: 91 },
      { ...body, trialDays: 2.5 },
      { ...body, appId: '' },
    ]) {
      const res = await api.post('/payments/update-price-options', bad, mia);
      expect({ bad, status: res.status, envelope: res.body.status }).toEqual({ bad, status: 400, envelope: 'error' });
    }
    expect((await api.post('/payments/update-price-options', body, stranger)).status).toBe(403);
    expect((await api.post('/payments/update-price-options', body)).status).toBe(401);
    expect((await api.get(`/apps/getPublishPreview/${app.appId}`, mia)).body.response.documents[3]).toMatchObject({
      part: 'pricing',
      state: 'unchanged',
    });
  });
});
