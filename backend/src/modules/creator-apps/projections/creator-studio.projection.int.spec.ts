import { eventually } from '../../../test-support';
import { blueprint, buildResult, landingPage, useCreatorApi } from '../../../test-support/creator-api';
import { creatorStudioProjection } from './creator-studio.projection';
import { asRunnerHolds, rebuildFromLog, refeedLog } from '../../../test-support/subscribers';

/** The creator dashboard and the studio's other read models are a function of the log: a replay rebuilds them identically. */
describe('creator-apps.studio projection: replay', () => {
  const api = useCreatorApi();
  const ava = { as: 'ava' };

  const snapshot = async () => {
    const conn = api.orm.em.fork().getConnection();
    return {
      apps: await conn.execute('select * from creator_app order by app_id'),
      versions: await conn.execute('select * from creator_app_version order by app_id, document, number'),
      examples: await conn.execute('select * from creator_blueprint_example order by example_id'),
      brainstorms: await conn.execute('select * from creator_brainstorm order by brainstorm_id'),
      profiles: await conn.execute('select * from creator_profile order by user_id'),
    };
  };

  it('rebuilds the dashboard (build status, last opened, unpublished changes) and everything else identically', async () => {
    // a varied history: manual app with versions, restore, publish, theme, opened; two builds (one done, one failed); examples; brainstorm
    const app = (await api.post('/app-builder/createApp', { name: 'Replay Me' }, ava)).body.response.app;
    const v1 = (await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('One') }, ava)).body
      .response.version;
    await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('Two') }, ava);
    await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: landingPage('Page') }, ava);
    await api.grantCreatorPlan(ava.as);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, ava)).status).toBe(200);
    await api.post('/app-builder/restoreBlueprintVersion', { appId: app.appId, versionId: v1.versionId }, ava);
    await api.post(`/apps/updateAppTheme/${app.appId}`, { theme: { primary: '#2F8370' } }, ava);
    await api.post(`/app-builder/updateRecentlyOpened?appId=${app.appId}`, {}, ava);
    const example = (
      await api.post('/app-builder/saveBlueprintExample', { appId: app.appId, title: 'T', content: 'C', type: 'tip' }, ava)
    ).body.response.example;
    await api.patch(`/app-builder/blueprint-examples/${example.exampleId}`, { content: 'C2' }, ava);

    const done = (await api.post('/app-builder/buildApp', { prompt: 'choir practice planner' }, ava)).body.response;
    await api.worker.complete(done.runId, buildResult('Choir'));
    const failed = (await api.post('/app-builder/buildApp', { prompt: 'knitting circle' }, ava)).body.response;
    await api.worker.start(failed.runId, 'blueprint', 20);
    await api.worker.fail(failed.runId, 'provider answered nonsense');
    const running = (await api.post('/app-builder/buildApp', { prompt: 'birdwatching log' }, ava)).body.response;
    await api.worker.start(running.runId, 'landing-page', 60);
    const brainstorm = (await api.post('/app-builder/buildBrainstorm', { prompt: 'apps for cyclists' }, ava)).body.response;
    await api.worker.complete(brainstorm.runId, {
      ideas: [1, 2, 3].map((i) => ({ title: `Ride ${i}`, pitch: 'p', audience: 'a' })),
      generatedBy: 'local-generator',
    });

    // wait for the live projection to have applied everything
    const live = await eventually(async () => {
      const s = await snapshot();
      const byId = new Map((s.apps as { app_id: string; build_status: string; build_step: string }[]).map((r) => [r.app_id, r]));
      const ok =
        byId.get(done.appId)?.build_status === 'completed' &&
        byId.get(failed.appId)?.build_status === 'failed' &&
        byId.get(running.appId)?.build_step === 'landing-page' &&
        (s.brainstorms as { status: string }[])[0]?.status === 'completed' &&
        (s.examples as { content: string }[])[0]?.content === 'C2';
      return ok ? s : null;
    });
    if (!live) throw new Error('the live projection never caught up');
    const replayApp = (live.apps as { app_id: string }[]).find((r) => r.app_id === app.appId) as Record<string, unknown>;
    expect(replayApp).toMatchObject({ has_unpublished_changes: true, theme: { primary: '#2F8370' } });
    expect(replayApp.last_opened_at).not.toBeNull();
    expect((live.apps as { app_id: string }[]).find((r) => r.app_id === failed.appId)).toMatchObject({
      build_status: 'failed',
      build_error: 'provider answered nonsense',
    });

    const projection = asRunnerHolds(creatorStudioProjection);
    await rebuildFromLog(api, projection);
    expect(await snapshot()).toEqual(live);

    // re-fed from the start inside one transaction, the same events end in the same read model
    await refeedLog(api, projection);
    expect(await snapshot()).toEqual(live);
  });
});
