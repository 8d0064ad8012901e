import { runningFlow } from '../../../test-support/app-fixtures';
import { buildResult, newId, useCreatorApi, type As } from '../../../test-support/creator-api';

const flow = (title: string) => runningFlow(title, ['5k', '10k', 'Half']);

/** The onboarding flow as a versioned document: draft and published, save, history pages, restore, bad input, ownership. */
describe('creator apps: onboarding flow document', () => {
  const api = useCreatorApi();
  const owner: As = { as: 'flow-owner' };
  const other: As = { as: 'flow-other' };
  const anonymous: As = {};
  const app = { appId: '', path: '' };

  beforeAll(async () => {
    const created = (await api.post('/app-builder/createApp', { name: 'Couch to 5k' }, owner)).body.response.app;
    Object.assign(app, { appId: created.appId, path: `${created.storefrontSlug}/${created.appSlug}` });
  });

  it('an app without a flow answers a default one from its blueprint, to its owner only while unpublished', async () => {
    const mine = await api.get(`/apps/getAppOnboardingFlow/${app.path}`, owner);
    expect(mine.status).toBe(200);
    expect(mine.body.response).toMatchObject({ appId: app.appId, isDefault: true, isDraft: true, versionId: null });
    expect(mine.body.response.onboardingFlow.pages[0]).toMatchObject({ id: 'welcome', questions: [] });
    // a blueprint gives the goal question its features as options
    const bp = {
      ...buildResult().blueprint,
      features: [
        { title: 'Run 5k', description: 'd' },
        { title: 'Stretch', description: 'd' },
      ],
    };
    expect((await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: bp }, owner)).status).toBe(200);
    const derived = (await api.get(`/apps/getAppOnboardingFlow/${app.path}`, owner)).body.response.onboardingFlow;
    expect(derived.pages.find((p: { id: string }) => p.id === 'goal').questions[0].options).toEqual(['Run 5k', 'Stretch']);
    // unpublished: nobody else sees it
    expect((await api.get(`/apps/getAppOnboardingFlow/${app.path}`, other)).status).toBe(404);
    expect((await api.get(`/apps/getAppOnboardingFlow/${app.path}`, anonymous)).status).toBe(404);
    expect((await api.get(`/apps/getAppOnboardingFlow/nobody/nothing`, owner)).status).toBe(404);
  });

  it('saves versions, pages the history newest first, restores as a new version; visitors see the published one', async () => {
    const v1 = await api.post('/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow: flow('Your goal') }, owner);
    expect(v1.status).toBe(200);
    expect(v1.body.response.version).toMatchObject({ number: 1, reason: 'edit', isPublished: false });
    // the same content again adds no version
    const same = await api.post('/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow: flow('Your goal') }, owner);
    expect(same.body.response.version.versionId).toBe(v1.body.response.version.versionId);
    await api.grantCreatorPlan('flow-owner');
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, owner)).status).toBe(200);
    const v2 = await api.post('/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow: flow('Your race') }, owner);
    expect(v2.body.response.version.number).toBe(2);

    // the owner sees the draft, a visitor the published version
    const draft = (await api.get(`/apps/getAppOnboardingFlow/${app.path}`, owner)).body.response;
    expect(draft).toMatchObject({ isDefault: false, isDraft: true, versionId: v2.body.response.version.versionId });
    expect(draft.onboardingFlow.pages[1].title).toBe('Your race');
    for (const who of [anonymous, other]) {
      const seen = (await api.get(`/apps/getAppOnboardingFlow/${app.path}`, who)).body.response;
      expect(seen).toMatchObject({ isDefault: false, isDraft: false, versionId: v1.body.response.version.versionId });
      expect(seen.onboardingFlow).toEqual(flow('Your goal'));
    }

    const page1 = await api.get(`/apps/getOnboardingFlowVersionHistoryPaginated?appId=${app.appId}&limit=1`, owner);
    expect(page1.body.response).toMatchObject({ hasMore: true });
    expect(page1.body.response.versions.map((v: { number: number }) => v.number)).toEqual([2]);
    const page2 = await api.get(
      `/apps/getOnboardingFlowVersionHistoryPaginated?appId=${app.appId}&limit=1&cursor=${page1.body.response.nextCursor}`,
      owner,
    );
    expect(page2.body.response).toMatchObject({ hasMore: false, nextCursor: null });
    expect(page2.body.response.versions[0]).toMatchObject({ number: 1, isPublished: true });

    const restored = await api.post(
      '/apps/restoreOnboardingFlowVersion',
      { app_id: app.appId, version_id: v1.body.response.version.versionId },
      owner,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.response.version).toMatchObject({
      number: 3,
      reason: 'restore',
      restoredFrom: v1.body.response.version.versionId,
    });
    const all = (await api.get(`/apps/getOnboardingFlowVersionHistoryPaginated?appId=${app.appId}`, owner)).body.response;
    expect(all.versions.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    expect((await api.get(`/apps/getAppOnboardingFlow/${app.path}`, owner)).body.response.onboardingFlow.pages[1].title).toBe(
      'Your goal',
    );
  });

  it('refuses bad flows with clear 400s and stores nothing', async () => {
    const before = await api.totalEvents();
    const bad = async (onboardingFlow: unknown) => {
      const res = await api.post('/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow }, owner);
      expect(res.status).toBe(400);
      return JSON.stringify(res.body);
    };
    const base = flow('Goal');
    expect(await bad({ pages: [] })).toMatch(/pages.*at least 1/);
    expect(
      await bad({ pages: [{ ...base.pages[1], questions: [{ id: 'q', prompt: 'Pick', kind: 'single', options: ['one'] }] }] }),
    ).toMatch(/at least two options|at least 2/);
    expect(await bad({ pages: [{ id: 'info', title: 'Info', questions: [] }] })).toMatch(
      /info page \(no questions\) needs a text/,
    );
    expect(await bad({ pages: [base.pages[1], { ...base.pages[2], id: 'goal' }] })).toMatch(/page id \\"goal\\" is used twice/);
    expect(await bad({ pages: [{ ...base.pages[1], questions: [{ id: 'q', prompt: 'When', kind: 'colour' }] }] })).toMatch(
      /must be one of/,
    );
    expect(
      await bad({ pages: [{ ...base.pages[1], questions: [{ id: 'n', prompt: 'How many', kind: 'number', min: 5, max: 1 }] }] }),
    ).toMatch(/min must not be above max/);
    const noApp = await api.post('/apps/saveAppOnboardingFlowV2', { appId: 'nope', onboardingFlow: base }, owner);
    expect(noApp.status).toBe(400);
    expect(JSON.stringify(noApp.body)).toMatch(/must be an app id/);
    const badCursor = await api.get(`/apps/getOnboardingFlowVersionHistoryPaginated?appId=${app.appId}&cursor=zzz`, owner);
    expect(badCursor.status).toBe(400);
    expect((await api.get(`/apps/getOnboardingFlowVersionHistoryPaginated?appId=${app.appId}&limit=0`, owner)).status).toBe(400);
    const unknownVersion = await api.post(
      '/apps/restoreOnboardingFlowVersion',
      { app_id: app.appId, version_id: newId() },
      owner,
    );
    expect(unknownVersion.status).toBe(404);
    expect(await api.totalEvents()).toBe(before);
  });

  it('another creator gets 404 and an anonymous caller 401, and nothing changes', async () => {
    const before = await api.totalEvents();
    const versionId = (await api.get(`/apps/getOnboardingFlowVersionHistoryPaginated?appId=${app.appId}`, owner)).body.response
      .versions[2].versionId;
    const calls = [
      () => api.post('/apps/saveAppOnboardingFlowV2', { appId: app.appId, onboardingFlow: flow('Hacked') }, who),
      () => api.get(`/apps/getOnboardingFlowVersionHistoryPaginated?appId=${app.appId}`, who),
      () => api.post('/apps/restoreOnboardingFlowVersion', { app_id: app.appId, version_id: versionId }, who),
    ];
    let who: As = other;
    for (const c of calls) expect((await c()).status).toBe(404);
    who = anonymous;
    for (const c of calls) expect((await c()).status).toBe(401);
    expect(await api.totalEvents()).toBe(before);
    const draft = (await api.get(`/apps/getAppOnboardingFlow/${app.path}`, owner)).body.response;
    expect(draft.onboardingFlow.pages[1].title).toBe('Your goal');
  });
});
