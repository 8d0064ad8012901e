import { eventually } from '../../../test-support';
import { ONE_QUESTION_FLOW, planResultFixture } from '../../../test-support/app-fixtures';
import { useCreatorApi } from '../../../test-support/creator-api';
import { appVisitorsProjection } from './app-visitors.projection';
import { asRunnerHolds, rebuildFromLog, refeedLog } from '../../../test-support/subscribers';

const FLOW = ONE_QUESTION_FLOW;
const planResult = (title: string) => planResultFixture(title);

/**
 * The visitors' read models (onboarding states, plans with their job's status, anonymous data moved
 * to the member who linked it) are a function of the log: a replay rebuilds them identically. Plans
 * that failed read as status 'error' with the spec's message, and are made afresh when asked again.
 */
describe('creator-apps.visitors projection: failed plans and replay', () => {
  const api = useCreatorApi();
  const owner = { as: 'visitors-replay-owner' };
  const anonymous = {}; // anon_visitor-12345
  const bea = { as: 'bea-member' };
  const member = { as: 'anon-turned-member' };

  const snapshot = async () => {
    const conn = api.orm.em.fork().getConnection();
    return {
      onboarding: await conn.execute('select * from app_visitor_onboarding order by app_id, visitor_id'),
      plans: await conn.execute('select * from app_visitor_plan order by plan_id'),
      testFlows: await conn.execute('select * from app_test_flow order by test_flow_id'),
      links: await conn.execute('select * from app_visitor_link order by anonymous_id'),
    };
  };

  it('reads a failed plan as an error, makes a new one when asked, and rebuilds everything identically', async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Replay Visitors' }, owner)).body.response.app;
    const path = `${app.storefrontSlug}/${app.appSlug}`;
    await api.post('/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow: FLOW }, owner);
    await api.grantCreatorPlan(owner.as);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, owner)).status).toBe(200);

    const pagesInfo = { currentPageId: 'goal', completedPageIds: ['goal'] };
    await api.post(`/apps/saveOnboardingUserState/${path}`, { userState: { answers: {} }, pagesInfo }, anonymous);
    await api.post(
      `/apps/completeOnboarding/${path}`,
      { finalUserState: { answers: { distance: '10k' } }, pagesInfo },
      anonymous,
    );
    const first = (
      await api.post(`/apps/createPersonalizedPlan/${path}`, { userState: { answers: { distance: '10k' } } }, anonymous)
    ).body.response;
    await api.worker.start(first.runId, 'drafting', 40);
    await api.worker.fail(first.runId, 'the provider timed out');
    const failed = await eventually(async () => {
      const r = await api.get(`/apps/checkPlanStatus/anon_visitor-12345/${path}`, anonymous);
      return r.body.response?.status === 'error' ? r.body.response : null;
    });
    expect(failed).toMatchObject({
      planId: first.planId,
      error: 'Failed to check plan status: the provider timed out',
      plan: null,
    });

    // a failed plan is not reused
    const second = (
      await api.post(`/apps/createPersonalizedPlan/${path}`, { userState: { answers: { distance: '10k' } } }, anonymous)
    ).body.response;
    expect(second).toMatchObject({ reused: false });
    expect(second.planId).not.toBe(first.planId);
    await api.worker.complete(second.runId, planResult('Ten k in six weeks'));

    // the creator's test flows: one kept and changed, one deleted
    const kept = (await api.post('/app-builder/createTestFlow', { appId: app.appId, title: 'Kept' }, owner)).body.response
      .testFlow;
    await api.post(
      `/app-builder/updateTestFlow/${kept.testFlowId}`,
      { steps: [{ pageId: 'goal', answers: { distance: '5k' } }] },
      owner,
    );
    const gone = (await api.post('/app-builder/createTestFlow', { appId: app.appId, title: 'Gone' }, owner)).body.response
      .testFlow;
    await api.call('DELETE', `/app-builder/deleteTestFlow/${gone.testFlowId}`, undefined, owner);

    // another visitor, signed in from the start
    await api.post(`/apps/saveOnboardingUserState/${path}`, { userState: { answers: { distance: '5k' } }, pagesInfo }, bea);
    // the anonymous visitor signs up: their rows become the member's
    await api.post('/users/linkAuthUserWithAnonymousUserId', { anonymousUserId: 'anon_visitor-12345' }, member);

    const live = await eventually(async () => {
      const s = await snapshot();
      const plans = s.plans as { plan_id: string; status: string; visitor_id: string }[];
      const ok =
        plans.find((p) => p.plan_id === second.planId)?.status === 'completed' &&
        plans.every((p) => p.visitor_id !== 'anon_visitor-12345') &&
        // the snapshot reads the tables one after another: a link committed in between shows in one only
        (s.onboarding as { visitor_id: string }[]).every((o) => o.visitor_id !== 'anon_visitor-12345') &&
        (s.onboarding as unknown[]).length === 2 &&
        (s.testFlows as { steps: unknown[] }[]).length === 1 &&
        (s.testFlows as { steps: unknown[] }[])[0].steps.length === 1;
      return ok ? s : null;
    });
    if (!live) throw new Error('the live projection never caught up');
    expect(live.onboarding).toEqual([
      expect.objectContaining({ visitor_id: 'anon-turned-member', user_state: { answers: { distance: '10k' } } }),
      expect.objectContaining({ visitor_id: 'bea-member', user_state: { answers: { distance: '5k' } }, completed_at: null }),
    ]);
    const memberPlan = (await api.get(`/apps/checkPlanStatus/anon-turned-member/${path}`, member)).body.response;
    expect(memberPlan).toMatchObject({ planId: second.planId, status: 'completed', plan: { title: 'Ten k in six weeks' } });

    const projection = asRunnerHolds(appVisitorsProjection);
    await rebuildFromLog(api, projection);
    expect(await snapshot()).toEqual(live);

    // re-fed from the start on top of it (delivery is at least once), the same events end in the same read model
    await refeedLog(api, projection);
    expect(await snapshot()).toEqual(live);
  });
});
