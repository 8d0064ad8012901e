import { eventually } from '../../../test-support';
import { ONE_QUESTION_FLOW, planResultFixture } from '../../../test-support/app-fixtures';
import { useCreatorApi, type As } from '../../../test-support/creator-api';

const FLOW = ONE_QUESTION_FLOW;
const plan = planResultFixture('Test plan');

/**
 * The creator testing their own app (item 4): the ForTesting calls work on the draft, per testing
 * step, owner only; their state and plans are kept apart from live visitors' and never counted.
 */
describe("app visitors: the creator's testing variants", () => {
  const api = useCreatorApi();
  const owner: As = { as: 'tester-owner' };
  const other: As = { as: 'tester-other' };
  const anonymous: As = {};
  let path = '';
  let appId = '';
  const pagesInfo = { currentPageId: 'goal', completedPageIds: [] };
  const liveRows = async () => {
    const [r] = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(
        `select (select count(*) from app_visitor_onboarding where testing_step_id is null)
              + (select count(*) from app_visitor_plan where testing_step_id is null) as n`,
      );
    return Number(r.n);
  };

  beforeAll(async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Tested App' }, owner)).body.response.app;
    appId = app.appId;
    path = `${app.storefrontSlug}/${app.appSlug}`;
    await api.post('/apps/saveAppOnboardingFlowV2', { appId, onboardingFlow: FLOW }, owner);
  });

  it('keeps a testing step’s answers and plan apart from live visitors, on the unpublished draft', async () => {
    const saved = await api.post(
      `/apps/saveOnboardingUserStateForTesting/${path}`,
      { userState: { answers: { distance: '5k' } }, pagesInfo, testingStepId: 'step-1' },
      owner,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.response).toMatchObject({ userState: { answers: { distance: '5k' } }, completed: false });
    const got = await api.get(`/apps/getOnboardingUserStateForTesting/${path}?testingStepId=step-1`, owner);
    expect(got.body.response.userState).toEqual({ answers: { distance: '5k' } });
    // another step, and the owner as a live visitor, start empty
    expect(
      (await api.get(`/apps/getOnboardingUserStateForTesting/${path}?testingStepId=step-2`, owner)).body.response.userState,
    ).toBeNull();
    expect((await api.get(`/apps/getOnboardingUserState/${path}`, owner)).body.response.userState).toBeNull();

    const requested = await api.post(
      `/apps/createPersonalizedPlanForTesting/${path}`,
      { userState: { answers: { distance: '5k' } }, testingStepId: 'step-1' },
      owner,
    );
    expect(requested.status).toBe(202);
    // the creator follows their test's plan job (its progress goes to their own rooms)
    expect((await api.get(`/jobs/${requested.body.response.runId}`, owner)).status).toBe(200);
    await api.worker.complete(requested.body.response.runId, plan);
    const status = await eventually(async () => {
      const r = await api.get(`/apps/checkPlanStatusForTesting/tester-owner/${path}?testingStepId=step-1`, owner);
      return r.body.response?.status === 'completed' ? r.body.response : null;
    });
    expect(status.plan.title).toBe('Test plan');
    // the live plan status of the owner knows nothing of it
    expect((await api.get(`/apps/checkPlanStatus/tester-owner/${path}`, owner)).status).toBe(404);

    const info = await api.get(`/app-builder/getTestingOnboardingInfo?appId=${appId}&testingStepId=step-1`, owner);
    expect(info.body.response).toMatchObject({
      testingStepId: 'step-1',
      userState: { answers: { distance: '5k' } },
      plan: { planId: requested.body.response.planId, status: 'completed' },
    });
    const savedInfo = await api.post(
      '/app-builder/saveTestingOnboardingInfo',
      { appId, testingStepId: 'step-2', userState: { answers: { distance: '10k' } }, pagesInfo },
      owner,
    );
    expect(savedInfo.body.response).toMatchObject({
      testingStepId: 'step-2',
      userState: { answers: { distance: '10k' } },
      plan: null,
    });

    // nothing of it counts as a live visitor
    expect(await liveRows()).toBe(0);
  });

  it('is the owner’s only: another creator gets 404, an anonymous caller 401, bad input 400; nothing changes', async () => {
    const before = await api.totalEvents();
    const calls = (who: As) => [
      api.post(
        `/apps/saveOnboardingUserStateForTesting/${path}`,
        { userState: { answers: {} }, pagesInfo, testingStepId: 's' },
        who,
      ),
      api.get(`/apps/getOnboardingUserStateForTesting/${path}?testingStepId=s`, who),
      api.post(`/apps/createPersonalizedPlanForTesting/${path}`, { userState: { answers: {} }, testingStepId: 's' }, who),
      api.get(`/apps/checkPlanStatusForTesting/tester-owner/${path}?testingStepId=step-1`, who),
      api.get(`/app-builder/getTestingOnboardingInfo?appId=${appId}&testingStepId=step-1`, who),
      api.post(
        '/app-builder/saveTestingOnboardingInfo',
        { appId, testingStepId: 's', userState: { answers: {} }, pagesInfo },
        who,
      ),
    ];
    expect((await Promise.all(calls(other))).map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await Promise.all(calls(anonymous))).map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    const noStep = await api.get(`/apps/getOnboardingUserStateForTesting/${path}`, owner);
    expect(noStep.status).toBe(400);
    expect(JSON.stringify(noStep.body)).toContain('testingStepId is required');
    const badStep = await api.get(`/apps/getOnboardingUserStateForTesting/${path}?testingStepId=a%20b`, owner);
    expect(badStep.status).toBe(400);
    const badAnswer = await api.post(
      `/apps/saveOnboardingUserStateForTesting/${path}`,
      { userState: { answers: { nope: 'x' } }, pagesInfo, testingStepId: 's' },
      owner,
    );
    expect(badAnswer.status).toBe(400);
    expect(badAnswer.body.error).toContain('"nope", which is not a question of this app');
    expect(await api.totalEvents()).toBe(before);
  });

  it('keeps test flows: create, list, rename and replace steps, delete; the owner’s only, bad input refused', async () => {
    const created = await api.post('/app-builder/createTestFlow', { appId, title: 'Beginner path' }, owner);
    expect(created.status).toBe(201);
    const flow = created.body.response.testFlow;
    expect(flow).toMatchObject({ appId, title: 'Beginner path', steps: [] });
    const steps = [{ pageId: 'goal', answers: { distance: '5k' } }];
    const updated = await api.post(`/app-builder/updateTestFlow/${flow.testFlowId}`, { title: 'Beginner 5k', steps }, owner);
    expect(updated.body.response.testFlow).toMatchObject({ title: 'Beginner 5k', steps });
    const second = (await api.post('/app-builder/createTestFlow', { appId, title: 'Second' }, owner)).body.response.testFlow;
    const listed = await api.get(`/app-builder/getTestFlows?appId=${appId}`, owner);
    expect(listed.body.response.testFlows.map((f: { title: string }) => f.title)).toEqual(['Beginner 5k', 'Second']);

    const before = await api.totalEvents();
    expect((await api.post('/app-builder/createTestFlow', { appId, title: '  ' }, owner)).body.error).toContain(
      'Give the test flow a title.',
    );
    expect((await api.post(`/app-builder/updateTestFlow/${flow.testFlowId}`, {}, owner)).body.error).toContain(
      'Nothing to update',
    );
    expect((await api.post('/app-builder/updateTestFlow/not-an-id', { title: 'x' }, owner)).status).toBe(400);
    expect((await api.post('/app-builder/createTestFlow', { appId, title: 'Mine now' }, other)).status).toBe(404);
    expect((await api.get(`/app-builder/getTestFlows?appId=${appId}`, other)).status).toBe(404);
    expect((await api.post(`/app-builder/updateTestFlow/${flow.testFlowId}`, { title: 'Hacked' }, other)).status).toBe(404);
    expect((await api.call('DELETE', `/app-builder/deleteTestFlow/${flow.testFlowId}`, undefined, other)).status).toBe(404);
    expect((await api.call('DELETE', `/app-builder/deleteTestFlow/${flow.testFlowId}`, undefined, anonymous)).status).toBe(401);
    expect(await api.totalEvents()).toBe(before);

    const deleted = await api.call('DELETE', `/app-builder/deleteTestFlow/${second.testFlowId}`, undefined, owner);
    expect(deleted.body.response).toEqual({ testFlowId: second.testFlowId, deleted: true });
    expect((await api.call('DELETE', `/app-builder/deleteTestFlow/${second.testFlowId}`, undefined, owner)).status).toBe(404);
    const after = await api.get(`/app-builder/getTestFlows?appId=${appId}`, owner);
    expect(after.body.response.testFlows.map((f: { title: string }) => f.title)).toEqual(['Beginner 5k']);
  });
});
