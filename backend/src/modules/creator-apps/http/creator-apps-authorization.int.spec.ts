import { creatorApps, type CallDefinition } from '@sparkhouse/contracts';
import { eventually } from '../../../test-support';
import { blueprint, buildResult, landingPage, newId, useCreatorApi, type As } from '../../../test-support/creator-api';

/**
 * The authorization matrix: every creator-apps call, made as another creator and as an anonymous
 * visitor against someone else's app, is refused (401 / 403 / 404) and changes nothing.
 */
describe('creator apps: authorization matrix', () => {
  const api = useCreatorApi({ CREATOR_QUICK_JOB_TIMEOUT_MS: '200' });
  const owner: As = { as: 'owner-1' };
  const intruder: As = { as: 'intruder-1' };
  const anonymous: As = {};
  const ids = { appId: '', storefront: '', slug: '', versionId: '', lpVersionId: '', exampleId: '', brainstormId: '' };

  beforeAll(async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Private App' }, owner)).body.response.app;
    Object.assign(ids, { appId: app.appId, storefront: app.storefrontSlug, slug: app.appSlug });
    const bp = await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('Secret') }, owner);
    ids.versionId = bp.body.response.version.versionId;
    const lp = await api.post(
      '/apps/saveAppLandingPageInfo',
      { appId: app.appId, landingPageInfo: landingPage('Secret page') },
      owner,
    );
    ids.lpVersionId = lp.body.response.version.versionId;
    const ex = await api.post(
      '/app-builder/saveBlueprintExample',
      { appId: app.appId, title: 't', content: 'c', type: 'tip' },
      owner,
    );
    ids.exampleId = ex.body.response.example.exampleId;
    ids.brainstormId = (
      await api.post('/app-builder/buildBrainstorm', { prompt: 'secret ideas' }, owner)
    ).body.response.brainstormId;
    await eventually(
      async () => (await api.get(`/app-builder/getBrainstormStatus?brainstormId=${ids.brainstormId}`, owner)).status === 200,
    );
  });

  /** Each call against the owner's app, as the intruder sends it. `own`: the call works on the caller's own data only. */
  const matrix = (): Record<string, { method: string; path: string; body?: unknown; own?: true }> => ({
    getAllApps: { method: 'GET', path: '/apps/getAllApps?should_include_unpublished=true' },
    getAppBySlug: { method: 'GET', path: `/apps/getAppBySlug/${ids.storefront}/${ids.slug}` },
    getAppLandingPageInfoBySlug: { method: 'GET', path: `/apps/getAppLandingPageInfoBySlug/${ids.storefront}/${ids.slug}` },
    getPublishedLandingPageInfo: { method: 'GET', path: `/apps/getPublishedLandingPageInfo/${ids.storefront}/${ids.slug}` },
    saveAppLandingPageInfo: {
      method: 'POST',
      path: '/apps/saveAppLandingPageInfo',
      body: { appId: ids.appId, landingPageInfo: landingPage('Hacked') },
    },
    updateAppTheme: { method: 'POST', path: `/apps/updateAppTheme/${ids.appId}`, body: { theme: { primary: '#000' } } },
    updateApp: { method: 'POST', path: '/apps/updateApp', body: { appId: ids.appId, name: 'Hacked' } },
    checkUnpublishedChanges: { method: 'GET', path: `/apps/checkUnpublishedChanges/${ids.appId}` },
    getPublishPreview: { method: 'GET', path: `/apps/getPublishPreview/${ids.appId}` },
    publishApp: { method: 'POST', path: `/apps/publishApp/${ids.appId}`, body: {} },
    createApp: { method: 'POST', path: '/app-builder/createApp', body: { name: 'Mine' }, own: true },
    getCreatorApps: { method: 'GET', path: '/app-builder/getCreatorApps?asUserId=owner-1' },
    creatorHasAnyApp: { method: 'GET', path: '/app-builder/creatorHasAnyApp', own: true },
    updateRecentlyOpened: { method: 'POST', path: `/app-builder/updateRecentlyOpened?appId=${ids.appId}`, body: {} },
    updateAppIsIdea: { method: 'POST', path: '/app-builder/update-app-is-idea', body: { appId: ids.appId, isIdea: true } },
    buildApp: { method: 'POST', path: '/app-builder/buildApp', body: { prompt: 'take it over', appId: ids.appId } },
    buildBrainstorm: { method: 'POST', path: '/app-builder/buildBrainstorm', body: { prompt: 'my own ideas' }, own: true },
    getBrainstormStatus: { method: 'GET', path: `/app-builder/getBrainstormStatus?brainstormId=${ids.brainstormId}` },
    getBrainstormApps: { method: 'GET', path: `/app-builder/getBrainstormApps?brainstormId=${ids.brainstormId}` },
    editLandingPage: {
      method: 'POST',
      path: '/app-builder/edit-landing-page',
      body: { appId: ids.appId, instruction: 'ruin it' },
    },
    getBlueprintHelpForApp: { method: 'GET', path: `/app-builder/getBlueprintHelpForApp?appId=${ids.appId}` },
    getEditorPlusButtonSuggestions: {
      method: 'POST',
      path: `/app-builder/getEditorPlusButtonSuggestions?appId=${ids.appId}`,
      body: { context: {} },
    },
    getBlueprintForApp: { method: 'GET', path: `/app-builder/getBlueprintForApp?appId=${ids.appId}` },
    updateBlueprint: {
      method: 'POST',
      path: '/app-builder/updateBlueprint',
      body: { appId: ids.appId, blueprint: blueprint('Hacked') },
    },
    getBlueprintVersionHistory: { method: 'GET', path: `/app-builder/getBlueprintVersionHistory?appId=${ids.appId}` },
    getBlueprintVersionHistoryPaginated: {
      method: 'GET',
      path: `/app-builder/getBlueprintVersionHistoryPaginated?appId=${ids.appId}`,
    },
    restoreBlueprintVersion: {
      method: 'POST',
      path: '/app-builder/restoreBlueprintVersion',
      body: { appId: ids.appId, versionId: ids.versionId },
    },
    getOnboardingFlowForApp: { method: 'GET', path: `/app-builder/getOnboardingFlowForApp?appId=${ids.appId}` },
    getAppOnboardingFlow: { method: 'GET', path: `/apps/getAppOnboardingFlow/${ids.storefront}/${ids.slug}` },
    saveAppOnboardingFlowV2: {
      method: 'POST',
      path: '/apps/saveAppOnboardingFlowV2',
      body: { appId: ids.appId, onboardingFlow: buildResult().onboardingFlow },
    },
    getOnboardingFlowVersionHistoryPaginated: {
      method: 'GET',
      path: `/apps/getOnboardingFlowVersionHistoryPaginated?appId=${ids.appId}`,
    },
    restoreOnboardingFlowVersion: {
      method: 'POST',
      path: '/apps/restoreOnboardingFlowVersion',
      body: { app_id: ids.appId, version_id: ids.versionId },
    },
    getLandingPageVersionHistory: { method: 'GET', path: `/app-builder/getLandingPageVersionHistory?appId=${ids.appId}` },
    restoreLandingPageVersion: {
      method: 'POST',
      path: '/app-builder/restoreLandingPageVersion',
      body: { appId: ids.appId, versionId: ids.lpVersionId },
    },
    saveBlueprintExample: {
      method: 'POST',
      path: '/app-builder/saveBlueprintExample',
      body: { appId: ids.appId, title: 'x', content: 'y', type: 'tip' },
    },
    getBlueprintExamplesForApp: { method: 'GET', path: `/app-builder/getBlueprintExamplesForApp?appId=${ids.appId}` },
    getBlueprintExampleById: { method: 'GET', path: `/app-builder/getBlueprintExampleById?exampleId=${ids.exampleId}` },
    updateBlueprintExample: {
      method: 'PATCH',
      path: `/app-builder/blueprint-examples/${ids.exampleId}`,
      body: { title: 'Hacked' },
    },
  });

  it('covers every creator-apps call', () => {
    const declared = (Object.values(creatorApps) as CallDefinition[]).map((c) => c.id).sort();
    expect(Object.keys(matrix()).sort()).toEqual(declared);
  });

  it('refuses another creator (403/404) and an anonymous visitor (401/404), changing nothing', async () => {
    const before = await api.totalEvents();
    const outcomes: Record<string, [number, number]> = {};
    for (const [id, c] of Object.entries(matrix())) {
      const asAnonymous = await api.call(c.method, c.path, c.body, anonymous);
      if (c.own) {
        outcomes[id] = [0, asAnonymous.status];
        continue;
      }
      const asIntruder = await api.call(c.method, c.path, c.body, intruder);
      outcomes[id] = [asIntruder.status, asAnonymous.status];
    }
    const refused = (s: number) => [401, 403, 404].includes(s);
    for (const [id, [intruderStatus, anonymousStatus]] of Object.entries(outcomes)) {
      if (!matrix()[id].own)
        expect({ id, intruder: refused(intruderStatus) && intruderStatus !== 401 }).toEqual({ id, intruder: true });
      expect({ id, anonymous: refused(anonymousStatus) }).toEqual({ id, anonymous: true });
    }
    // the app-builder and private apps-area calls need a signed-in user: anonymous gets 401
    for (const id of ['saveAppLandingPageInfo', 'updateApp', 'publishApp', 'getBlueprintForApp', 'createApp', 'buildApp']) {
      expect({ id, status: outcomes[id][1] }).toEqual({ id, status: 401 });
    }
    // nothing was written: no event at all (no version, no job, no app)
    expect(await api.totalEvents()).toBe(before);
  });

  it('the owner still sees their untouched app', async () => {
    const bp = await api.get(`/app-builder/getBlueprintForApp?appId=${ids.appId}`, owner);
    expect(bp.body.response.blueprint.name).toBe('Secret');
    const apps = (await api.get('/app-builder/getCreatorApps', owner)).body.response.apps;
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ name: 'Private App', isIdea: false, theme: null, isPublished: false, lastOpenedAt: null });
    const intruderApps = (await api.get('/app-builder/getCreatorApps', intruder)).body.response.apps;
    expect(intruderApps).toEqual([]);
    const example = await api.get(`/app-builder/getBlueprintExampleById?exampleId=${ids.exampleId}`, owner);
    expect(example.body.response.example.title).toBe('t');
    expect((await api.get(`/app-builder/getBlueprintExampleById?exampleId=${newId()}`, owner)).status).toBe(404);
  });
});
