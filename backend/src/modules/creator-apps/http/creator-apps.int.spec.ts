import { isEventOf, SERVER_EVENTS, type StoredEvent } from '@sparkhouse/contracts';
import { eventually } from '../../../test-support';
import { appStreamId } from '../domain/app-state';
import { blueprint, buildResult, landingPage, newId, useCreatorApi } from '../../../test-support/creator-api';

describe('creator apps: apps, versions, examples, publishing', () => {
  const api = useCreatorApi();
  const ava = { as: 'ava-reyes' };

  const create = async (name: string, who = ava) => {
    const res = await api.post('/app-builder/createApp', { name }, who);
    if (res.status !== 201) throw new Error(`createApp answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.response.app as { appId: string; storefrontSlug: string; appSlug: string; name: string };
  };

  it('creates apps with addresses from the creator and the name, unique per storefront', async () => {
    const first = await create('Run Club!');
    expect(first).toMatchObject({ name: 'Run Club!', storefrontSlug: 'ava-reyes', appSlug: 'run-club', isIdea: false });
    const second = await create('Run club');
    expect(second.appSlug).toBe('run-club-2');
    const bob = await create('Run Club', { as: 'bob' });
    expect(bob).toMatchObject({ storefrontSlug: 'bob', appSlug: 'run-club' });

    const list = await api.get('/app-builder/getCreatorApps', ava);
    expect(list.status).toBe(200);
    expect(list.body.status).toBe('success');
    expect(list.body.response.apps.map((a: { appId: string }) => a.appId).sort()).toEqual([first.appId, second.appId].sort());
    expect((await api.get('/app-builder/creatorHasAnyApp', ava)).body.response).toEqual({ hasAny: true });
    expect((await api.get('/app-builder/creatorHasAnyApp', { as: 'nobody-yet' })).body.response).toEqual({ hasAny: false });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await api.totalEvents();
    expect((await api.post('/app-builder/createApp', { name: '' }, ava)).status).toBe(400);
    expect((await api.post('/app-builder/createApp', { name: 'x'.repeat(61) }, ava)).status).toBe(400);
    const app = await create('Bad Input');
    const after = await api.totalEvents();
    expect(after).toBe(before + 1);
    const nothing = await api.post('/apps/updateApp', { appId: app.appId }, ava);
    expect(nothing.status).toBe(400);
    expect(nothing.body).toMatchObject({ status: 'error', error: 'Nothing to update: send name, appIdea or canvasSettings.' });
    expect((await api.post('/apps/updateApp', { appId: 'not-an-id', name: 'x' }, ava)).status).toBe(400);
    expect((await api.post('/app-builder/update-app-is-idea', { appId: app.appId, isIdea: 'yes' }, ava)).status).toBe(400);
    expect((await api.post(`/apps/updateAppTheme/${app.appId}`, { theme: { primary: { nested: true } } }, ava)).status).toBe(400);
    expect((await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: { name: 'x' } }, ava)).status).toBe(
      400,
    );
    expect((await api.get(`/app-builder/getBlueprintVersionHistoryPaginated?appId=${app.appId}&limit=0`, ava)).status).toBe(400);
    const badCursor = await api.get(`/app-builder/getBlueprintVersionHistoryPaginated?appId=${app.appId}&cursor=abc`, ava);
    expect(badCursor).toMatchObject({ status: 400, body: { error: 'cursor must be a nextCursor from an earlier page' } });
    expect((await api.post('/app-builder/buildApp', { prompt: 'no' }, ava)).body.error).toBe(
      'Describe your app idea in at least 3 characters.',
    );
    expect((await api.post('/app-builder/updateRecentlyOpened?appId=' + newId(), {}, ava)).status).toBe(404);
    expect(await api.totalEvents()).toBe(after);
  });

  it('answers 400 with a message naming the field for bad input on every call, and writes nothing', async () => {
    const app = await create('Strict');
    const before = await api.totalEvents();
    const id = app.appId;
    const bad: [string, string, unknown?][] = [
      ['GET', '/apps/getAllApps?with_landing_page_info=yes'],
      ['GET', '/apps/getAppBySlug/ava-reyes/' + 'x'.repeat(121)],
      ['GET', '/apps/getAppLandingPageInfoBySlug/ava-reyes/' + 'x'.repeat(121)],
      ['GET', '/apps/getPublishedLandingPageInfo/ava-reyes/' + 'x'.repeat(121)],
      ['POST', '/apps/saveAppLandingPageInfo', { appId: id, landingPageInfo: { hero: { title: 'only a title' } } }],
      ['POST', `/apps/updateAppTheme/${id}`, { theme: 'dark' }],
      ['POST', '/apps/updateApp', { appId: id, canvasSettings: [1, 2] }],
      ['GET', '/apps/checkUnpublishedChanges/not-an-id'],
      ['GET', '/apps/getPublishPreview/not-an-id'],
      ['POST', '/apps/publishApp/not-an-id', {}],
      ['POST', '/app-builder/createApp', {}],
      ['GET', '/app-builder/getCreatorApps?published_only=maybe'],
      ['POST', '/app-builder/updateRecentlyOpened?appId=nope', {}],
      ['POST', '/app-builder/update-app-is-idea', { appId: id }],
      ['POST', '/app-builder/buildApp', { prompt: 'x'.repeat(2001) }],
      ['POST', '/app-builder/buildBrainstorm', {}],
      ['GET', '/app-builder/getBrainstormStatus?brainstormId=nope'],
      ['GET', '/app-builder/getBrainstormApps'],
      ['POST', '/app-builder/edit-landing-page', { appId: id }],
      ['GET', '/app-builder/getBlueprintHelpForApp'],
      ['POST', `/app-builder/getEditorPlusButtonSuggestions?appId=${id}`, { context: 'home' }],
      ['GET', '/app-builder/getBlueprintForApp?appId=1'],
      ['POST', '/app-builder/updateBlueprint', { appId: id, blueprint: { ...blueprint('B'), features: [] } }],
      ['GET', '/app-builder/getBlueprintVersionHistory'],
      ['GET', `/app-builder/getBlueprintVersionHistoryPaginated?appId=${id}&limit=101`],
      ['POST', '/app-builder/restoreBlueprintVersion', { appId: id, versionId: 'v1' }],
      ['GET', '/app-builder/getOnboardingFlowForApp?appId='],
      ['GET', '/app-builder/getLandingPageVersionHistory?appId=x'],
      ['POST', '/app-builder/restoreLandingPageVersion', { appId: id }],
      ['POST', '/app-builder/saveBlueprintExample', { appId: id, title: 'x', content: '', type: 'tip' }],
      ['GET', `/app-builder/getBlueprintExamplesForApp?appId=${id}&type=NOT OK`],
      ['GET', '/app-builder/getBlueprintExampleById?exampleId=7'],
      ['PATCH', `/app-builder/blueprint-examples/${newId()}`, { title: '' }],
    ];
    // a few of the messages, word for word
    const message = async (method: string, path: string, body?: unknown) => (await api.call(method, path, body, ava)).body.error;
    expect(await message('POST', '/app-builder/update-app-is-idea', { appId: id, isIdea: 1 })).toBe(
      'isIdea must be true or false',
    );
    expect(await message('POST', '/apps/updateApp', { appId: id, canvasSettings: [1] })).toBe(
      'canvasSettings must be a JSON object',
    );
    expect(await message('POST', '/app-builder/edit-landing-page', { appId: id })).toBe(
      'Say what to change on the landing page.',
    );
    expect(await message('GET', '/app-builder/getBlueprintForApp?appId=1')).toBe('appId must be an app id');
    for (const [method, path, body] of bad) {
      const res = await api.call(method, path, body, ava);
      expect({ path, status: res.status, style: res.body.status }).toEqual({ path, status: 400, style: 'error' });
      expect(typeof res.body.error).toBe('string');
    }
    expect(await api.totalEvents()).toBe(before);
  });

  it('changes details, canvas settings, idea flag, theme and last opened', async () => {
    const app = await create('Yoga Flow');
    const renamed = await api.post('/apps/updateApp', { appId: app.appId, name: 'Yoga Flow Pro', appIdea: 'Daily yoga' }, ava);
    expect(renamed.body.response.app).toMatchObject({ name: 'Yoga Flow Pro', appIdea: 'Daily yoga', appSlug: 'yoga-flow' });
    const canvas = await api.post('/apps/updateApp', { appId: app.appId, canvasSettings: { zoom: 2, grid: true } }, ava);
    expect(canvas.body.response.app.canvasSettings).toEqual({ zoom: 2, grid: true });
    const idea = await api.post('/app-builder/update-app-is-idea', { appId: app.appId, isIdea: true }, ava);
    expect(idea.body.response.app.isIdea).toBe(true);
    const themed = await api.post(`/apps/updateAppTheme/${app.appId}`, { theme: { primary: '#FAE26A', radius: 8 } }, ava);
    expect(themed.body.response.app.theme).toEqual({ primary: '#FAE26A', radius: 8 });

    const older = await create('Older App');
    await api.post(`/app-builder/updateRecentlyOpened?appId=${older.appId}`, {}, ava);
    const opened = await api.post(`/app-builder/updateRecentlyOpened?appId=${app.appId}`, {}, ava);
    expect(opened.status).toBe(200);
    expect(Date.parse(opened.body.response.lastOpenedAt)).toBeGreaterThan(0);
    await eventually(async () => {
      const apps = (await api.get('/app-builder/getCreatorApps', ava)).body.response.apps;
      expect(apps[0].appId).toBe(app.appId);
      expect(apps[1].appId).toBe(older.appId);
      return true;
    });
  });

  it('keeps blueprint versions: save, history, pages of 20, restore as a new version', async () => {
    const app = await create('Versioned');
    expect((await api.get(`/app-builder/getBlueprintForApp?appId=${app.appId}`, ava)).body.response).toEqual({
      appId: app.appId,
      blueprint: null,
      versionId: null,
    });
    const ids: string[] = [];
    for (let i = 1; i <= 22; i++) {
      const res = await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint(`Plan ${i}`) }, ava);
      expect(res.status).toBe(200);
      expect(res.body.response.version).toMatchObject({ number: i, reason: 'edit', restoredFrom: null });
      ids.push(res.body.response.version.versionId);
    }
    // saving what is current adds nothing
    const same = await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('Plan 22') }, ava);
    expect(same.body.response.version.versionId).toBe(ids[21]);

    const current = await api.get(`/app-builder/getBlueprintForApp?appId=${app.appId}`, ava);
    expect(current.body.response).toMatchObject({ blueprint: { name: 'Plan 22' }, versionId: ids[21] });
    const all = await api.get(`/app-builder/getBlueprintVersionHistory?appId=${app.appId}`, ava);
    expect(all.body.response.versions.map((v: { number: number }) => v.number)).toEqual(
      Array.from({ length: 22 }, (_, i) => 22 - i),
    );
    const page1 = (await api.get(`/app-builder/getBlueprintVersionHistoryPaginated?appId=${app.appId}`, ava)).body.response;
    expect(page1.versions).toHaveLength(20);
    expect(page1.hasMore).toBe(true);
    const page2 = (
      await api.get(`/app-builder/getBlueprintVersionHistoryPaginated?appId=${app.appId}&cursor=${page1.nextCursor}`, ava)
    ).body.response;
    expect(page2).toMatchObject({ hasMore: false, nextCursor: null });
    expect(page2.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);

    const restored = await api.post('/app-builder/restoreBlueprintVersion', { appId: app.appId, versionId: ids[0] }, ava);
    expect(restored.body.response.version).toMatchObject({ number: 23, reason: 'restore', restoredFrom: ids[0] });
    expect(restored.body.response.version.content.name).toBe('Plan 1');
    expect((await api.get(`/app-builder/getBlueprintForApp?appId=${app.appId}`, ava)).body.response.blueprint.name).toBe(
      'Plan 1',
    );
    const history = (await api.get(`/app-builder/getBlueprintVersionHistory?appId=${app.appId}`, ava)).body.response.versions;
    expect(history).toHaveLength(23);
    expect(history[22]).toMatchObject({ versionId: ids[0], number: 1 }); // earlier versions untouched

    const unknown = await api.post('/app-builder/restoreBlueprintVersion', { appId: app.appId, versionId: newId() }, ava);
    expect(unknown.status).toBe(404);
  });

  it('landing pages: versions, restore, pending counts as absent, publish and unpublished changes', async () => {
    const app = await create('Landing');
    const path = `${app.storefrontSlug}/${app.appSlug}`;
    const v1 = await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: landingPage('First') }, ava);
    expect(v1.status).toBe(200);
    const v2 = await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: landingPage('Second') }, ava);
    expect(v2.body.response.version.number).toBe(2);

    // the owner sees the draft; nobody else sees an unpublished app
    const draft = await api.get(`/apps/getAppLandingPageInfoBySlug/${path}`, ava);
    expect(draft.body.response.landingPageInfo.hero.title).toBe('Second');
    expect((await api.get(`/apps/getAppLandingPageInfoBySlug/${path}`)).status).toBe(404);
    expect((await api.get(`/apps/getAppBySlug/${path}`, { as: 'stranger' })).status).toBe(404);
    expect((await api.get(`/apps/getPublishedLandingPageInfo/${path}`, ava)).status).toBe(404);

    const before = await api.get(`/apps/checkUnpublishedChanges/${app.appId}`, ava);
    expect(before.body.response).toEqual({ hasUnpublishedChanges: true, changed: ['landingPage'] });

    // publishing needs a creator-platform plan (publishing.int.spec.ts has the rest of that rule)
    const refused = await api.post(`/apps/publishApp/${app.appId}`, {}, ava);
    expect(refused.status).toBe(402);
    await api.grantCreatorPlan(ava.as);
    const published = await api.post(`/apps/publishApp/${app.appId}`, {}, ava);
    expect(published.status).toBe(200);
    expect(published.body.response.app).toMatchObject({ isPublished: true, hasUnpublishedChanges: false });
    expect((await api.get(`/apps/checkUnpublishedChanges/${app.appId}`, ava)).body.response.hasUnpublishedChanges).toBe(false);

    // anyone now reads the published page
    const live = await api.get(`/apps/getPublishedLandingPageInfo/${path}`);
    expect(live.body.response.landingPageInfo.hero.title).toBe('Second');
    expect((await api.get(`/apps/getAppBySlug/${path}`)).body.response.app).toMatchObject({ appId: app.appId, name: 'Landing' });
    const all = await api.get('/apps/getAllApps?with_landing_page_info=true');
    expect(all.body.response.apps.find((a: { appId: string }) => a.appId === app.appId).landingPageInfo.hero.title).toBe(
      'Second',
    );

    // restore v1 as a new draft version: visitors keep seeing the published one
    const restored = await api.post(
      '/app-builder/restoreLandingPageVersion',
      { appId: app.appId, versionId: v1.body.response.version.versionId },
      ava,
    );
    expect(restored.body.response.version).toMatchObject({ number: 3, reason: 'restore' });
    expect((await api.get(`/apps/getAppLandingPageInfoBySlug/${path}`)).body.response.landingPageInfo.hero.title).toBe('Second');
    expect((await api.get(`/apps/getAppLandingPageInfoBySlug/${path}`, ava)).body.response.landingPageInfo.hero.title).toBe(
      'First',
    );
    const dashboard = await api.get('/app-builder/getCreatorApps?with_landing_page_info=true', ava);
    expect(dashboard.body.response.apps.find((a: { appId: string }) => a.appId === app.appId)).toMatchObject({
      hasUnpublishedChanges: true,
      landingPageInfo: { hero: { title: 'First' } },
    });
    // the 5 s cache answered "no changes" a moment ago; it then sees the restore
    await eventually(
      async () => (await api.get(`/apps/checkUnpublishedChanges/${app.appId}`, ava)).body.response.hasUnpublishedChanges === true,
      { timeoutMs: 60_000, intervalMs: 250 },
    );

    // a pending page is absent: the owner sees none, and it counts as a removal against the published one
    await api.post(
      '/apps/saveAppLandingPageInfo',
      { appId: app.appId, landingPageInfo: landingPage('Half done', 'pending') },
      ava,
    );
    expect((await api.get(`/apps/getAppLandingPageInfoBySlug/${path}`, ava)).body.response.landingPageInfo).toBeNull();
    const history = await api.get(`/app-builder/getLandingPageVersionHistory?appId=${app.appId}`, ava);
    expect(
      history.body.response.versions.map((v: { number: number; isPublished: boolean }) => [v.number, v.isPublished]),
    ).toEqual([
      [4, false],
      [3, false],
      [2, true],
      [1, false],
    ]);
  });

  it('shares one unpublished-changes computation between concurrent requests', async () => {
    const app = await create('Concurrent');
    await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('C') }, ava);
    const { UnpublishedChangesQueries } = await import('../queries/unpublished-changes.query');
    const queries = api.app.get(UnpublishedChangesQueries);
    const before = queries.computations;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.get(`/apps/checkUnpublishedChanges/${app.appId}`, ava)),
    );
    expect(answers.every((a) => a.body.response.changed.join() === 'blueprint')).toBe(true);
    expect(queries.computations - before).toBe(1);
  });

  it('blueprint examples: save, list by type, get, patch', async () => {
    const app = await create('Examples');
    const saved = await api.post(
      '/app-builder/saveBlueprintExample',
      { appId: app.appId, title: 'Morning run', content: 'Run 5k at an easy pace.', type: 'workout' },
      ava,
    );
    expect(saved.status).toBe(201);
    const example = saved.body.response.example;
    expect(example).toMatchObject({ appId: app.appId, title: 'Morning run', type: 'workout' });
    await api.post(
      '/app-builder/saveBlueprintExample',
      { appId: app.appId, title: 'Tip', content: 'Hydrate.', type: 'tip' },
      ava,
    );
    const workouts = await api.get(`/app-builder/getBlueprintExamplesForApp?appId=${app.appId}&type=workout`, ava);
    expect(workouts.body.response.examples.map((e: { title: string }) => e.title)).toEqual(['Morning run']);
    expect(
      (await api.get(`/app-builder/getBlueprintExamplesForApp?appId=${app.appId}`, ava)).body.response.examples,
    ).toHaveLength(2);
    const patched = await api.patch(`/app-builder/blueprint-examples/${example.exampleId}`, { title: 'Easy run' }, ava);
    expect(patched.body.response.example).toMatchObject({ title: 'Easy run', content: 'Run 5k at an easy pace.' });
    const byId = await api.get(`/app-builder/getBlueprintExampleById?exampleId=${example.exampleId}`, ava);
    expect(byId.body.response.example.title).toBe('Easy run');
    expect((await api.patch(`/app-builder/blueprint-examples/${example.exampleId}`, {}, ava)).status).toBe(400);
    expect((await api.patch(`/app-builder/blueprint-examples/${newId()}`, { title: 'x' }, ava)).status).toBe(404);
    expect(
      (await api.post('/app-builder/saveBlueprintExample', { appId: app.appId, title: 'x', content: 'y', type: 'Bad Type' }, ava))
        .status,
    ).toBe(400);
  });

  it('takes the storefront from the creator’s profile name, and admins find a creator by email', async () => {
    const profile = await api.post(
      '/users/createUser',
      { userId: 'hana-id', email: 'Hana-Id@Example.com', firstName: 'Hana', lastName: 'Satō' },
      { as: 'hana-id' },
    );
    expect(profile.status).toBeLessThan(300);
    const app = await create('Tea Rituals', { as: 'hana-id' });
    expect(app).toMatchObject({ storefrontSlug: 'hana-sato', appSlug: 'tea-rituals' });
    // the storefront is claimed once: a later app keeps it
    expect((await create('Second', { as: 'hana-id' })).storefrontSlug).toBe('hana-sato');
    const byEmail = await api.get('/app-builder/getCreatorApps?asUserEmail=hana-id@example.com', { as: 'admin-1', admin: true });
    expect(byEmail.body.response.apps.map((a: { name: string }) => a.name).sort()).toEqual(['Second', 'Tea Rituals']);
    const unknown = await api.get('/app-builder/getCreatorApps?asUserEmail=nobody@example.com', { as: 'admin-1', admin: true });
    expect(unknown.body.response.apps).toEqual([]);
  });

  it('admins list another creator’s apps; others may not', async () => {
    const app = await create('Admin Sees', { as: 'carol' });
    const asId = await api.get('/app-builder/getCreatorApps?asUserId=carol', { as: 'admin-1', admin: true });
    expect(asId.body.response.apps.map((a: { appId: string }) => a.appId)).toEqual([app.appId]);
    expect((await api.get('/app-builder/getCreatorApps?asUserId=carol', ava)).status).toBe(403);
    expect((await api.get('/app-builder/getCreatorApps?asUserEmail=carol@example.com', ava)).status).toBe(403);
    expect((await api.get('/apps/getAllApps?should_include_unpublished=true', ava)).status).toBe(403);
    const drafts = await api.get('/apps/getAllApps?should_include_unpublished=true', { as: 'admin-1', admin: true });
    expect(drafts.body.response.apps.some((a: { appId: string }) => a.appId === app.appId)).toBe(true);
    // an admin may change the app too
    const renamed = await api.post(
      '/apps/updateApp',
      { appId: app.appId, name: 'Renamed by admin' },
      { as: 'admin-1', admin: true },
    );
    expect(renamed.body.response.app.name).toBe('Renamed by admin');
    // created, renamed, and moved to the new name's address (the old one answers with a 301)
    expect(await api.streamLength(appStreamId(app.appId))).toBe(3);
  });

  it('a build stores its documents and image once, renames a provisional app and frees its slot', async () => {
    const started = await api.post('/app-builder/buildApp', { prompt: 'marathon training for beginners' }, { as: 'dora' });
    expect(started.status).toBe(202);
    const { appId, runId } = started.body.response;
    // read-your-writes: the dashboard shows the new app and its queued build at once
    const queued = (await api.get('/app-builder/getCreatorApps', { as: 'dora' })).body.response.apps[0];
    expect(queued).toMatchObject({ appId, name: 'Marathon training for beginners', build: { status: 'queued', runId } });
    const job = await api.worker.requestOf(runId);
    expect(job).toMatchObject({ name: 'creator-apps.build-app', owner: { ownerId: 'dora', subjectId: appId } });
    expect(job.payload).toMatchObject({ appId, prompt: 'marathon training for beginners' });

    await api.worker.start(runId, 'onboarding', 40);
    await eventually(async () => {
      const app = (await api.get('/app-builder/getCreatorApps', { as: 'dora' })).body.response.apps[0];
      expect(app.build).toMatchObject({ status: 'running', percent: 40, step: 'onboarding' });
      return true;
    });
    const pushes = await api.listen('dora', SERVER_EVENTS.jobCompleted);
    await api.worker.complete(runId, buildResult('Marathon'));
    // the run's end is pushed once its documents are stored: a read sent with the push's token shows them at once
    const [stored] = await eventually(() => (pushes.length > 0 ? pushes : null));
    expect(stored).toMatchObject({ runId, subjectId: appId, stored: true, token: expect.stringMatching(/^\d+\.\d+$/) });
    const after = { as: 'dora', after: stored!.token! };
    expect((await api.get(`/app-builder/getBlueprintForApp?appId=${appId}`, after)).body.response.blueprint.name).toBe(
      'Marathon Coach',
    );
    const built = await eventually(async () => {
      const app = (await api.get('/app-builder/getCreatorApps', { as: 'dora' })).body.response.apps[0];
      return app.build.status === 'completed' ? app : null;
    });
    expect(built).toMatchObject({
      name: 'Marathon Coach',
      appImage: { width: 1024 },
      build: { percent: 100 },
      hasUnpublishedChanges: true,
    });
    expect((await api.get(`/app-builder/getBlueprintForApp?appId=${appId}`, { as: 'dora' })).body.response.blueprint.name).toBe(
      'Marathon Coach',
    );
    const flow = (await api.get(`/app-builder/getOnboardingFlowForApp?appId=${appId}`, { as: 'dora' })).body.response;
    expect(flow.onboardingFlow.pages[0].questions[0].options).toEqual(['10k', 'Half', 'Full']);
    const pages = (await api.get(`/app-builder/getLandingPageVersionHistory?appId=${appId}`, { as: 'dora' })).body.response
      .versions;
    expect(pages.map((v: { reason: string }) => v.reason)).toEqual(['ai-build']);

    // a redelivered completion stores nothing twice
    const length = await api.streamLength(appStreamId(appId));
    const { JobEndsReactor } = await import('../../../platform/jobs/job-ends.reactor');
    const [completed] = (
      await (
        await import('../../../platform/events/event-store')
      ).EventStore.prototype.readStream.call(null, api.orm.em.fork(), `job-${runId}`)
    ).filter((e: StoredEvent) => isEventOf(e, 'JobCompleted'));
    if (!isEventOf(completed, 'JobCompleted')) throw new Error('the run never completed');
    await api.app.get(JobEndsReactor).handle([completed]);
    expect(await api.streamLength(appStreamId(appId))).toBe(length);
    // pushed again (at least once), saying nothing new was stored
    await eventually(() => pushes.length === 2);
    expect(pushes[1]).toMatchObject({ runId, stored: false });
  });

  it('a build whose result cannot be stored counts as failed, stores nothing and frees its slot', async () => {
    const started = (await api.post('/app-builder/buildApp', { prompt: 'sourdough starter log' }, { as: 'ivan' })).body.response;
    await api.worker.complete(started.runId, { ...buildResult('Bread'), landingPage: { hero: {} } });
    const app = await eventually(async () => {
      const found = (await api.get('/app-builder/getCreatorApps', { as: 'ivan' })).body.response.apps[0];
      return found.build.status === 'failed' ? found : null;
    });
    expect(app.build.error).toMatch(/without usable documents/);
    expect(app).toMatchObject({ name: 'Sourdough starter log', appImage: null });
    expect(
      (await api.get(`/app-builder/getBlueprintForApp?appId=${started.appId}`, { as: 'ivan' })).body.response.blueprint,
    ).toBeNull();
  });

  it('limits builds in flight per creator (429), and a finished build gives its slot back', async () => {
    const runs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.post('/app-builder/buildApp', { prompt: `idea number ${i}` }, { as: 'erin' });
      expect(res.status).toBe(202);
      runs.push(res.body.response.runId);
    }
    const before = await api.totalEvents();
    const refused = await api.post('/app-builder/buildApp', { prompt: 'one too many' }, { as: 'erin' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/already have 3 apps building/);
    expect(await api.totalEvents()).toBe(before);
    // another creator is not limited by erin's builds
    expect((await api.post('/app-builder/buildApp', { prompt: 'frank builds' }, { as: 'frank' })).status).toBe(202);

    await api.worker.fail(runs[0], 'provider down');
    await eventually(
      async () => (await api.post('/app-builder/buildApp', { prompt: 'now it fits' }, { as: 'erin' })).status === 202,
    );
    const failed = (await api.get('/app-builder/getCreatorApps', { as: 'erin' })).body.response.apps.find(
      (a: { build: { runId: string } }) => a.build.runId === runs[0],
    );
    expect(failed.build).toMatchObject({ status: 'failed', error: 'provider down' });
  });

  it('holds the limit under concurrent requests, and concurrent saves all land as numbered versions', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post('/app-builder/buildApp', { prompt: `parallel idea ${i}` }, { as: 'jules' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    expect((await api.get('/app-builder/getCreatorApps', { as: 'jules' })).body.response.apps).toHaveLength(3);

    const app = await create('Busy', { as: 'jules' });
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint(`Draft ${i}`) }, { as: 'jules' }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(saves.map((r) => r.body.response.version.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('rebuilds an existing app of yours and uses its stored app idea', async () => {
    const app = await create('Pottery');
    await api.post('/apps/updateApp', { appId: app.appId, appIdea: 'Pottery classes at home' }, ava);
    const res = await api.post('/app-builder/buildApp', { prompt: 'pottery app', appId: app.appId }, ava);
    expect(res.body.response.appId).toBe(app.appId);
    const job = await api.worker.requestOf(res.body.response.runId);
    expect(job.payload).toMatchObject({ appIdea: 'Pottery classes at home', appName: 'Pottery' });
    expect((await api.post('/app-builder/buildApp', { prompt: 'not mine', appId: app.appId }, { as: 'bob' })).status).toBe(404);
    const again = await api.post(
      '/app-builder/buildApp',
      { prompt: 'pottery app', appId: app.appId, appIdea: 'Wheel throwing' },
      ava,
    );
    expect((await api.worker.requestOf(again.body.response.runId)).payload).toMatchObject({ appIdea: 'Wheel throwing' });
    const apps = (await api.get('/app-builder/getCreatorApps', ava)).body.response.apps;
    expect(apps.find((a: { appId: string }) => a.appId === app.appId)).toMatchObject({
      appIdea: 'Wheel throwing',
      build: { status: 'queued', runId: again.body.response.runId },
    });
  });

  it('brainstorms: status from the run, ideas when completed, an error when failed', async () => {
    const res = await api.post('/app-builder/buildBrainstorm', { prompt: 'apps for gardeners' }, ava);
    expect(res.status).toBe(202);
    const { brainstormId, runId } = res.body.response;
    const status = await api.get(`/app-builder/getBrainstormStatus?brainstormId=${brainstormId}`, ava);
    expect(status.body.response).toEqual({ brainstormId, runId, status: 'queued', error: null });
    expect((await api.get(`/app-builder/getBrainstormApps?brainstormId=${brainstormId}`, ava)).status).toBe(409);
    await api.worker.start(runId, 'brainstorming');
    await eventually(
      async () =>
        (await api.get(`/app-builder/getBrainstormStatus?brainstormId=${brainstormId}`, ava)).body.response.status === 'running',
    );
    const ideas = [1, 2, 3].map((i) => ({ title: `Garden idea ${i}`, pitch: 'Grow more.', audience: 'Gardeners' }));
    await api.worker.complete(runId, { ideas, generatedBy: 'local-generator' });
    await eventually(
      async () =>
        (await api.get(`/app-builder/getBrainstormStatus?brainstormId=${brainstormId}`, ava)).body.response.status ===
        'completed',
    );
    const apps = await api.get(`/app-builder/getBrainstormApps?brainstormId=${brainstormId}`, ava);
    expect(apps.body.response).toEqual({ brainstormId, prompt: 'apps for gardeners', apps: ideas });

    const failing = (await api.post('/app-builder/buildBrainstorm', { prompt: 'apps for bakers' }, ava)).body.response;
    await api.worker.fail(failing.runId, 'invalid output: ideas too short');
    await eventually(
      async () =>
        (await api.get(`/app-builder/getBrainstormStatus?brainstormId=${failing.brainstormId}`, ava)).body.response.status ===
        'failed',
    );
    const error = await api.get(`/app-builder/getBrainstormApps?brainstormId=${failing.brainstormId}`, ava);
    expect(error.status).toBe(422);
    expect(error.body).toMatchObject({ status: 'error', error: 'The brainstorm failed: invalid output: ideas too short' });
    expect((await api.get(`/app-builder/getBrainstormStatus?brainstormId=${brainstormId}`, { as: 'bob' })).status).toBe(404);
  });

  it('edit-landing-page: needs a page, stores the edit as a new version', async () => {
    const app = await create('Editable');
    const none = await api.post('/app-builder/edit-landing-page', { appId: app.appId, instruction: 'shorter hero' }, ava);
    expect(none.status).toBe(409);
    await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: landingPage('Long hero title') }, ava);
    const res = await api.post('/app-builder/edit-landing-page', { appId: app.appId, instruction: 'shorter hero' }, ava);
    expect(res.status).toBe(202);
    const job = await api.worker.requestOf(res.body.response.runId);
    expect(job.payload).toMatchObject({ instruction: 'shorter hero', landingPage: { hero: { title: 'Long hero title' } } });
    const { status: _s, ...edited } = landingPage('Short');
    await api.worker.complete(res.body.response.runId, { landingPage: edited, generatedBy: 'local-generator' });
    await eventually(async () => {
      const versions = (await api.get(`/app-builder/getLandingPageVersionHistory?appId=${app.appId}`, ava)).body.response
        .versions;
      expect(versions.map((v: { reason: string }) => v.reason)).toEqual(['ai-edit', 'edit']);
      expect(versions[0].content.hero.title).toBe('Short');
      return true;
    });
  });
});

describe('creator apps: quick AI calls without a worker', () => {
  const api = useCreatorApi({ CREATOR_QUICK_JOB_TIMEOUT_MS: '300' });

  it('editor suggestions fall back to the default sections; blueprint help answers a clear 409', async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Quiet' }, { as: 'gil' })).body.response.app;
    const suggestions = await api.post(
      `/app-builder/getEditorPlusButtonSuggestions?appId=${app.appId}`,
      { context: { page: 'home' } },
      { as: 'gil' },
    );
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.response.fallback).toBe(true);
    expect(suggestions.body.response.sections.map((s: { title: string }) => s.title)).toEqual([
      'Suggested',
      'Stories',
      'Activities',
    ]);
    const help = await api.get(`/app-builder/getBlueprintHelpForApp?appId=${app.appId}`, { as: 'gil' });
    expect(help.status).toBe(409);
    expect(help.body.error).toMatch(/Blueprint help did not answer in time/);
  });
});
