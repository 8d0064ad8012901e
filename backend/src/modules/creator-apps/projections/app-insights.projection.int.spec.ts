import type { NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { eventually } from '../../../test-support';
import { planResultFixture } from '../../../test-support/app-fixtures';
import { useCreatorApi } from '../../../test-support/creator-api';
import { asRunnerHolds, rebuildFromLog, refeedLog } from '../../../test-support/subscribers';
import { appInsightsProjection } from './app-insights.projection';

const FLOW = {
  pages: [
    {
      id: 'goal',
      title: 'Goal',
      questions: [{ id: 'distance', prompt: 'Which distance?', kind: 'single', options: ['5k', '10k'] }],
    },
    { id: 'pace', title: 'Pace', questions: [{ id: 'pace', prompt: 'How fast?', kind: 'single', options: ['easy', 'fast'] }] },
  ],
};
const planResult = planResultFixture('Ten k');
const TABLES = appInsightsProjection.tables ?? [];

/**
 * The creator's Insights are a function of the log: landing views (posted to the analytics collector),
 * onboarding pages, plans, account links, trials, payments, cancellations and check-ins add up to the
 * funnel, the drop-off per page, members and revenue (views at any address the app has had). Emptied as if the report had never existed, a
 * replay from the start of the log gives the same numbers (a report added later covers the app's whole
 * past), and the same events delivered again change nothing.
 */
describe('creator-apps.insights projection: the funnel from the log, and a report added later by replay', () => {
  const api = useCreatorApi();
  const owner = { as: 'insights-owner' };
  const today = new Date().toISOString().slice(0, 10);

  const anon = async (visitorId: string, path: string, body: unknown) => {
    const res = await fetch(`${api.base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-non-auth-user-id': visitorId },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { response: Record<string, string> }).response;
  };
  const append = (stream: string, events: NewEvent[]) =>
    api.orm.em.fork().transactional((tem) => new EventStore().append(tem, stream, events));
  const report = async () => (await api.get(`/app-builder/getAppInsights?appId=${appId}&days=7`, owner)).body.response;
  const snapshot = async () => {
    const conn = api.orm.em.fork().getConnection();
    const out: Record<string, unknown> = {};
    for (const t of TABLES) out[t] = await conn.execute(`select * from ${t} order by ${t}::text`);
    return out;
  };
  let appId = '';

  it('counts each step once per visitor, and rebuilds the same report from the log alone', async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Insights Run' }, owner)).body.response.app;
    appId = app.appId;
    const path = `${app.storefrontSlug}/${app.appSlug}`;
    await api.post('/apps/saveAppOnboardingFlowV2', { appId, onboardingFlow: FLOW }, owner);
    await api.grantCreatorPlan(owner.as);
    expect((await api.post(`/apps/publishApp/${appId}`, {}, owner)).status).toBe(200);

    // four landing views by three visitors, and one of another app (not counted)
    const view = (device: string, appSlug = app.appSlug) => ({
      event_type: 'product landing',
      time: Date.now(),
      device_id: device,
      event_properties: { storefrontSlug: app.storefrontSlug, appSlug },
    });
    const upload = {
      api_key: 'sparkhouse-web',
      events: [
        view('anon_visitor-aaaa1'),
        view('anon_visitor-aaaa1'),
        view('anon_visitor-bbbb2'),
        view('anon_visitor-cccc3'),
        view('anon_visitor-dddd4', 'other-app'),
      ],
      v: 2,
      upload_time: Date.now(),
    };
    expect((await api.post('/data', upload)).body).toEqual({ code: 200, events_ingested: 5 });
    // the same upload again (a retry) is counted once
    expect((await api.post('/data', upload)).body).toEqual({ code: 200, events_ingested: 0 });
    // the app moves to a new address: views at it count, and so does a view that names the app
    await append(`app-${appId}`, [
      {
        type: 'AppAddressChanged',
        payload: {
          appId,
          storefrontSlug: app.storefrontSlug,
          appSlug: 'insights-run-renamed',
          previousStorefrontSlug: app.storefrontSlug,
          previousAppSlug: app.appSlug,
          rekeyed: false,
        },
      },
    ]);
    const moved = [
      view('anon_visitor-eeee5', 'insights-run-renamed'),
      {
        ...view('anon_visitor-ffff6', 'an-address-it-never-had'),
        event_properties: { storefrontSlug: 'x', appSlug: 'y', appId },
      },
    ];
    expect((await api.post('/data', { ...upload, events: moved })).body).toEqual({ code: 200, events_ingested: 2 });

    // A goes through both pages, completes and gets a plan; B stops on the first page
    const a = 'anon_visitor-aaaa1';
    await anon(a, `/apps/saveOnboardingUserState/${path}`, {
      userState: { answers: {} },
      pagesInfo: { currentPageId: 'goal', completedPageIds: [] },
    });
    await anon(a, `/apps/saveOnboardingUserState/${path}`, {
      userState: { answers: { distance: '10k' } },
      pagesInfo: { currentPageId: 'pace', completedPageIds: ['goal'] },
    });
    await anon(a, `/apps/completeOnboarding/${path}`, {
      finalUserState: { answers: { distance: '10k', pace: 'easy' } },
      pagesInfo: { currentPageId: 'pace', completedPageIds: ['goal', 'pace'] },
    });
    const plan = await anon(a, `/apps/createPersonalizedPlan/${path}`, { userState: { answers: { distance: '10k' } } });
    await api.worker.complete(plan.runId, planResult);
    await anon('anon_visitor-bbbb2', `/apps/saveOnboardingUserState/${path}`, {
      userState: { answers: {} },
      pagesInfo: { currentPageId: 'goal', completedPageIds: [] },
    });
    // the creator testing their own app is never counted
    await api.post(
      '/apps/saveOnboardingUserStateForTesting/' + path,
      { userState: { answers: {} }, pagesInfo: { currentPageId: 'goal', completedPageIds: [] }, testingStepId: 'step-1' },
      owner,
    );

    // A signs up; A's trial of the annual plan turns paid; C pays monthly, then cancels; A checks in
    expect((await api.post('/users/linkAuthUserWithAnonymousUserId', { anonymousUserId: a }, { as: 'member-a' })).status).toBe(
      200,
    );
    const option = (id: string, amountInCents: number, interval: 'month' | 'year', trialDays: number) => ({
      id,
      priceId: `price_${id}`,
      amountInCents,
      currency: 'usd',
      interval,
      intervalCount: 1,
      displayName: id,
      description: '',
      features: [],
      planCategory: 'app',
      trialDays,
      periodCreditInCents: 0,
      tierSlug: null,
    });
    await append(`price-options-${path.replace('/', '-')}`, [
      {
        type: 'PriceOptionsDefined',
        payload: {
          storefrontSlug: app.storefrontSlug,
          appSlug: app.appSlug,
          appId,
          stripeProductId: 'prod_1',
          options: [option('annual', 7999, 'year', 7), option('monthly', 999, 'month', 0)],
          definedBy: owner.as,
        },
      },
    ]);
    const started = (subscriptionId: string, userId: string, priceOptionId: string, status: string) => ({
      type: 'SubscriptionStarted',
      payload: {
        subscriptionId,
        userId,
        customerId: `cus_${userId}`,
        storefrontSlug: app.storefrontSlug,
        appSlug: app.appSlug,
        appId: null, // found by its slugs
        priceOptionId,
        planDisplayName: priceOptionId,
        tierSlug: null,
        status,
        trialEnd: null,
        currentPeriodEnd: null,
        startedAt: new Date().toISOString(),
      },
    });
    const renewed = (subscriptionId: string, userId: string, invoiceId: string, amountPaidInCents: number) => ({
      type: 'SubscriptionRenewed',
      payload: {
        subscriptionId,
        userId,
        invoiceId,
        amountPaidInCents,
        periodStart: new Date().toISOString(),
        periodEnd: new Date().toISOString(),
      },
    });
    await append('subscription-sub_a', [
      started('sub_a', 'member-a', 'annual', 'trialing'),
      renewed('sub_a', 'member-a', 'in_a1', 7999),
    ]);
    await append('subscription-sub_a', [renewed('sub_a', 'member-a', 'in_a1', 7999)]); // the same invoice again
    await append('subscription-sub_c', [
      started('sub_c', 'member-c', 'monthly', 'active'),
      renewed('sub_c', 'member-c', 'in_c1', 999),
      {
        type: 'SubscriptionCanceled',
        payload: { subscriptionId: 'sub_c', userId: 'member-c', canceledAt: new Date().toISOString() },
      },
    ]);
    const checkIn = (clientId: string) => ({
      type: 'MemberCheckedIn',
      payload: { appId, memberId: 'member-a', clientId, localDate: today, timeZone: 'UTC', mood: 4, effort: 3, note: null },
    });
    await append(`app-member-${appId}-member-a`, [checkIn('c1'), checkIn('c2')]); // twice the same day: one check-in day

    const expected = {
      funnel: { views: 6, visitors: 5, started: 2, completed: 1, planReady: 1, accounts: 2, trials: 1, paid: 2 },
      pages: [
        { pageId: 'goal', reached: 2, stopped: 1, dropOff: 0.5 },
        { pageId: 'pace', reached: 1, stopped: 0, dropOff: 0 },
      ],
      members: {
        current: 1,
        trialing: 0,
        paying: 1,
        conversions: 1,
        trialsStarted: 1,
        conversionRate: 1,
        churned: 1,
        churnedInRange: 1,
        churnRate: 0.5,
      },
      revenue: {
        mrrInCents: 667,
        monthlyPlansInCents: 0,
        annualPlansNormalisedInCents: 667,
        collectedInRangeInCents: 7999 + 999,
        currency: 'usd',
      },
    };
    const live = await eventually(async () => {
      const r = await report();
      return r?.checkIns?.inRange === 1 && r.members.churned === 1 && r.funnel.planReady === 1 && r.funnel.paid === 2 ? r : null;
    });
    expect(live).toMatchObject(expected);
    expect(live.byDay).toHaveLength(7);
    expect(live.byDay[6]).toMatchObject({
      day: today,
      views: 6,
      visitors: 5,
      started: 2,
      paid: 2,
      churned: 1,
      revenueInCents: 8998,
      checkIns: 1,
    });
    expect(live.checkIns.rate7d).toBeCloseTo(1 / 7, 4);
    expect(live.checkIns.cohorts).toEqual([
      { week: expect.any(String), members: 2, retention: [0.5] }, // A checked in, C did not
    ]);
    expect(TABLES).toEqual(expect.arrayContaining(['app_insights_day', 'app_insights_visitor', 'app_insights_subscription']));
    const tables = await snapshot();

    // as if the report were added now: its read model empty, then rebuilt from the log alone
    await api.orm.em
      .fork()
      .getConnection()
      .execute(`truncate ${TABLES.join(', ')}`);
    expect((await report()).funnel).toEqual({
      views: 0,
      visitors: 0,
      started: 0,
      completed: 0,
      planReady: 0,
      accounts: 0,
      trials: 0,
      paid: 0,
    });
    const projection = asRunnerHolds(appInsightsProjection);
    await rebuildFromLog(api, projection, { batchSize: 3 });
    expect(await report()).toEqual(live);
    expect(await snapshot()).toEqual(tables);

    // every event delivered once more (delivery is at least once): nothing counts twice
    await refeedLog(api, projection, { batch: true });
    expect(await snapshot()).toEqual(tables);
  });
});
