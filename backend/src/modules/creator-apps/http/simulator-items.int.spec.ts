import { eventually } from '../../../test-support';
import { ONE_QUESTION_FLOW, planResultFixture } from '../../../test-support/app-fixtures';
import { useCreatorApi, type As } from '../../../test-support/creator-api';
import { simulatorItemsProjection } from '../projections/simulator-items.projection';
import { asRunnerHolds, rebuildFromLog, refeedLog } from '../../../test-support/subscribers';

const PUBLISHED_FLOW = ONE_QUESTION_FLOW;
/** The draft after publishing: a question the published flow does not have. */
const DRAFT_FLOW = {
  pages: [
    ...PUBLISHED_FLOW.pages,
    { id: 'pace', title: 'Pace', questions: [{ id: 'minutes', prompt: 'Minutes per km?', kind: 'number', min: 3, max: 12 }] },
  ],
};
const planResult = (title: string) => planResultFixture(title);

/**
 * Simulator items (issue 10, item 5): a creator's simulator run records the answers it gave with its
 * plan request and the plan once the job completes; the four reads answer them to the app's owner
 * only (another creator 404, anonymous 401), refuse bad input with a 400 and change nothing.
 */
describe('simulator items', () => {
  const api = useCreatorApi();
  const owner: As = { as: 'sim-owner' };
  const other: As = { as: 'sim-other' };
  const admin: As = { as: 'sim-admin', admin: true };
  const anonymous: As = {};
  let appId = '';
  let path = '';
  const runs: { planId: string; runId: string }[] = [];

  const simulate = async (testingStepId: string, answers: Record<string, unknown>, flow?: 'draft' | 'published') => {
    const r = await api.post(
      `/apps/createPersonalizedPlanForTesting/${path}`,
      { userState: { answers }, testingStepId, forceRegenerate: true, ...(flow ? { flow } : {}) },
      owner,
    );
    expect(r.status).toBe(202);
    return r.body.response as { planId: string; runId: string };
  };
  const list = (query: string, who: As = owner) => api.get(`/app-builder/getSimulatorItemsForApp?appId=${appId}${query}`, who);

  beforeAll(async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Simulated App' }, owner)).body.response.app;
    appId = app.appId;
    path = `${app.storefrontSlug}/${app.appSlug}`;
    await api.post('/apps/saveAppOnboardingFlowV2', { appId, onboardingFlow: PUBLISHED_FLOW }, owner);
  });

  it('runs the draft, or the published flow once there is one, and tells them apart', async () => {
    const body = { userState: { answers: { distance: '5k' } }, testingStepId: 'sim-early', flow: 'published' };
    const before = await api.totalEvents();
    const early = await api.post(`/apps/createPersonalizedPlanForTesting/${path}`, body, owner);
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('This app is not published yet: only its draft can be tested.');
    const ownerFlow = await api.get(`/apps/getAppOnboardingFlow/${path}?version=published`, owner);
    expect(ownerFlow.status).toBe(404);
    expect((await api.get(`/apps/getAppOnboardingFlow/${path}?version=latest`, owner)).status).toBe(400);
    expect(await api.totalEvents()).toBe(before);

    await api.grantCreatorPlan('sim-owner');
    expect((await api.post(`/apps/publishApp/${appId}`, {}, owner)).status).toBe(200);
    await api.post('/apps/saveAppOnboardingFlowV2', { appId, onboardingFlow: DRAFT_FLOW }, owner);
    const draft = await api.get(`/apps/getAppOnboardingFlow/${path}`, owner);
    expect(draft.body.response).toMatchObject({ isDraft: true, onboardingFlow: { pages: [{ id: 'goal' }, { id: 'pace' }] } });
    const published = await api.get(`/apps/getAppOnboardingFlow/${path}?version=published`, owner);
    expect(published.body.response).toMatchObject({ isDraft: false, onboardingFlow: { pages: [{ id: 'goal' }] } });

    // the published flow has no 'minutes' question; the draft has
    const pagesInfo = { currentPageId: 'goal', completedPageIds: [] };
    const wrong = await api.post(
      `/apps/saveOnboardingUserStateForTesting/${path}`,
      { userState: { answers: { minutes: 5 } }, pagesInfo, testingStepId: 'sim-pub', flow: 'published' },
      owner,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain('"minutes", which is not a question of this app');
    const saved = await api.post(
      `/apps/saveOnboardingUserStateForTesting/${path}`,
      { userState: { answers: { distance: '10k' } }, pagesInfo, testingStepId: 'sim-pub', flow: 'published' },
      owner,
    );
    expect(saved.status).toBe(200);
    const bad = await api.post(
      `/apps/saveOnboardingUserStateForTesting/${path}`,
      { userState: { answers: {} }, pagesInfo, testingStepId: 'sim-pub', flow: 'live' },
      owner,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("flow must be 'draft' or 'published'");
  });

  it('records what each run captured and produced, and answers it by item, by app and by testing step', async () => {
    runs.push(await simulate('sim-a', { distance: '5k', minutes: 6 }));
    runs.push(await simulate('sim-pub', { distance: '10k' }, 'published'));
    await api.worker.complete(runs[0].runId, planResult('Five k, steady'));
    await api.worker.complete(runs[1].runId, planResult('Ten k, published'));
    // a live visitor's plan is no simulator item
    const visitor = await api.post(`/apps/createPersonalizedPlan/${path}`, { userState: { answers: { distance: '5k' } } });
    await api.worker.complete(visitor.body.response.runId, planResult('A visitor plan'));

    const all = await eventually(async () => {
      const r = await list('');
      return r.body.response?.total === 4 ? r.body.response : null;
    });
    expect(all.hasMore).toBe(false);
    expect(all.items).toHaveLength(4);
    const byRun = (runId: string, type: string) =>
      all.items.find((i: { itemType: string; data: { runId: string } }) => i.itemType === type && i.data.runId === runId);
    expect(byRun(runs[0].runId, 'onboarding-answers')).toMatchObject({
      appId,
      testingStepId: 'sim-a',
      flow: 'draft',
      title: 'Answers to 2 questions',
      summary: 'Which distance? 5k · Minutes per km? 6',
      data: { answers: { distance: '5k', minutes: 6 }, planId: runs[0].planId },
    });
    expect(byRun(runs[0].runId, 'plan')).toMatchObject({
      itemId: runs[0].planId,
      testingStepId: 'sim-a',
      flow: 'draft',
      title: 'Five k, steady',
      data: { result: { plan: { title: 'Five k, steady' } } },
    });
    expect(byRun(runs[1].runId, 'plan')).toMatchObject({ testingStepId: 'sim-pub', flow: 'published' });
    expect(all.items.some((i: { title: string }) => i.title === 'A visitor plan')).toBe(false);

    // pages, newest first; types; runs left out
    const first = (await list('&limit=3')).body.response;
    const second = (await list('&limit=3&page=2')).body.response;
    expect(first).toMatchObject({ total: 4, hasMore: true });
    expect(second).toMatchObject({ total: 4, hasMore: false });
    expect([...first.items, ...second.items].map((i: { itemId: string }) => i.itemId)).toEqual(
      all.items.map((i: { itemId: string }) => i.itemId),
    );
    const times = all.items.map((i: { createdAt: string }) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const plans = (await list('&types=plan')).body.response;
    expect(plans.items.map((i: { itemType: string }) => i.itemType)).toEqual(['plan', 'plan']);
    expect((await list('&types=plan,onboarding-answers')).body.response.total).toBe(4);
    expect((await list('&includeTestingSteps=false')).body.response).toEqual({ items: [], hasMore: false, total: 0 });

    const recent = await api.get(`/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId=${appId}&itemType=plan`, owner);
    expect(recent.body.response.item).toEqual(plans.items[0]);
    const outside = await api.get(
      `/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId=${appId}&itemType=plan&includeTestingSteps=false`,
      owner,
    );
    expect(outside.body.response).toEqual({ item: null });
    const noShots = await api.get(
      `/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId=${appId}&itemType=screenshot`,
      owner,
    );
    expect(noShots.body.response).toEqual({ item: null });

    const one = await api.get(`/app-builder/getSimulatorItemById?itemId=${runs[0].planId}`, owner);
    expect(one.body.response.item).toEqual(byRun(runs[0].runId, 'plan'));
    expect((await api.get(`/app-builder/getSimulatorItemById?itemId=${runs[0].planId}`, admin)).status).toBe(200);

    const step = (await api.get('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=sim-a', owner)).body.response;
    expect(step.items.map((i: { itemType: string }) => i.itemType)).toEqual(['onboarding-answers', 'plan']);
    expect(step).toMatchObject({ hasMore: false, total: 2 });
    const stepPlans = await api.get('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=sim-a&types=plan', owner);
    expect(stepPlans.body.response.items.map((i: { itemId: string }) => i.itemId)).toEqual([runs[0].planId]);
    const adminStep = await api.get('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=sim-a', admin);
    expect(adminStep.body.response.total).toBe(2);
    // a step whose state was saved but made nothing yet: known, and empty
    await api.post(
      `/apps/saveOnboardingUserStateForTesting/${path}`,
      { userState: { answers: {} }, pagesInfo: { currentPageId: 'goal', completedPageIds: [] }, testingStepId: 'sim-empty' },
      owner,
    );
    expect((await api.get('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=sim-empty', owner)).body).toEqual({
      status: 'success',
      response: { items: [], hasMore: false, total: 0 },
    });
  });

  it('records a run’s plan once, however often its completion is delivered, and never a failed one', async () => {
    const { CommandBus } = await import('@nestjs/cqrs');
    const { RecordSimulatedPlan } = await import('../commands/record-simulated-plan.command');
    const bus = api.app.get(CommandBus);
    expect(await bus.execute(new RecordSimulatedPlan(runs[0].runId, planResult('Again'), 'redelivered'))).toEqual([]);
    expect(await bus.execute(new RecordSimulatedPlan('not-a-simulator-run', planResult('Nope'), 'x'))).toEqual([]);

    const failing = await simulate('sim-fail', { distance: '5k' });
    await api.worker.fail(failing.runId, 'the provider timed out');
    const step = await eventually(async () => {
      const r = await api.get('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=sim-fail', owner);
      return r.status === 200 ? r.body.response : null;
    });
    expect(step.items.map((i: { itemType: string }) => i.itemType)).toEqual(['onboarding-answers']);
    expect(await api.streamLength(`simulator-run-${runs[0].runId}`)).toBe(2);
  });

  it('answers another creator 404, an anonymous caller 401, bad input 400; nothing changes', async () => {
    const before = await api.totalEvents();
    const itemId = runs[0].planId;
    const calls = (who: As) => [
      api.get(`/app-builder/getSimulatorItemById?itemId=${itemId}`, who),
      api.get(`/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId=${appId}&itemType=plan`, who),
      api.get('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=sim-a', who),
      list('', who),
    ];
    expect((await Promise.all(calls(other))).map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect((await Promise.all(calls(anonymous))).map((r) => r.status)).toEqual([401, 401, 401, 401]);
    const unknown = await api.get('/app-builder/getSimulatorItemById?itemId=00000000-0000-4000-8000-000000000000', owner);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No such simulator item.');
    expect((await api.get('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=never-ran', owner)).body.error).toBe(
      'No such testing step.',
    );

    const refused = async (url: string) => {
      const r = await api.get(url, owner);
      expect(r.status).toBe(400);
      return r.body.error as string;
    };
    expect(await refused('/app-builder/getSimulatorItemById?itemId=nope')).toContain('itemId must be a simulator item id');
    expect(await refused('/app-builder/getSimulatorItemById')).toContain('itemId');
    expect(await refused(`/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId=${appId}`)).toContain(
      'itemType is required',
    );
    expect(await refused(`/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId=${appId}&itemType=video`)).toContain(
      'itemType must be one of onboarding-answers, plan, screenshot',
    );
    expect(
      await refused(`/app-builder/getMostRecentSimulatorItemByTypeAndAppId?appId=${appId}&itemType=plan&includeTestingSteps=yes`),
    ).toContain("includeTestingSteps must be 'true' or 'false'");
    expect(await refused('/app-builder/getSimulatorItemsByTestingStepId')).toContain('testingStepId is required');
    expect(await refused('/app-builder/getSimulatorItemsByTestingStepId?testingStepId=sim-a&types=plan,video')).toContain(
      'types must be a comma-separated list of onboarding-answers, plan, screenshot',
    );
    expect(await refused(`/app-builder/getSimulatorItemsForApp?appId=${appId}&page=0`)).toContain('page must be at least 1');
    expect(await refused(`/app-builder/getSimulatorItemsForApp?appId=${appId}&page=two`)).toContain('page must be a number');
    expect(await refused(`/app-builder/getSimulatorItemsForApp?appId=${appId}&limit=0`)).toContain('limit must be at least 1');
    expect(await refused(`/app-builder/getSimulatorItemsForApp?appId=${appId}&limit=51`)).toContain('limit must be at most 50');
    expect(await refused('/app-builder/getSimulatorItemsForApp?appId=not-an-app')).toContain('appId must be an app id');
    expect(await api.totalEvents()).toBe(before);
  });

  it('is a function of the log: a replay rebuilds the items identically, and facts fed again change nothing', async () => {
    const snapshot = () => api.orm.em.fork().getConnection().execute('select * from app_simulator_item order by item_id');
    const live = await snapshot();
    expect(live).toHaveLength(5);
    const projection = asRunnerHolds(simulatorItemsProjection);
    await rebuildFromLog(api, projection);
    expect(await snapshot()).toEqual(live);

    await refeedLog(api, projection, { types: ['SimulatorItemRecorded'], batch: true });
    expect(await snapshot()).toEqual(live);
  });
});
