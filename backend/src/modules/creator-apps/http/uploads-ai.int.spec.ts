import fs from 'node:fs';
import { SERVER_EVENTS } from '@sparkhouse/contracts';
import { eventually } from '../../../test-support';
import { useCreatorApi } from '../../../test-support/creator-api';
import { fixtureDir, pngBytes } from '../../../test-support/media-fixtures';

/**
 * generateImageFromInputs when the picture takes longer than the call waits (no worker here: the test
 * completes the run as a worker would). The job's result handler (jobs/image-from-inputs.result.ts) adds the picture to the library from
 * the run's completion, once, however often the completion is delivered, and pushes the addition to
 * the creator's tabs; a picture outside the app is never added.
 */
describe('generateImageFromInputs: the library item from the run', () => {
  const mediaDir = fixtureDir();
  const api = useCreatorApi({ MEDIA_DIR: mediaDir, CREATOR_QUICK_JOB_TIMEOUT_MS: '200' });
  const ivy = { as: 'ivy-creator' };
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  const result = (key: string) => ({
    key,
    thumbnailKey: key.replace(/[^/]+$/, 'thumb.webp'),
    fileName: 'generated-a-banner.png',
    width: 1600,
    height: 1200,
    generatedBy: 'procedural',
    imagesUsed: 1,
    inputs: 1,
  });
  const sql = <T>(query: string, params: unknown[] = []) => api.orm.em.fork().getConnection().execute<T[]>(query, params);
  /** Waits until the job-ends reactor has handled every completion of the run. */
  const reactorHandled = async (runId: string) => {
    const [last] = await sql<{ p: string }>(
      `select max(position)::text as p from domain_event where type = 'JobCompleted' and payload->>'runId' = ?`,
      [runId],
    );
    await eventually(async () => {
      const [cp] = await sql<{ p: string }>(
        `select position::text as p from event_checkpoint where subscriber = 'platform.job-push'`,
      );
      return cp && BigInt(cp.p) >= BigInt(last!.p);
    });
  };
  const listed = async (appId: string, after?: string) =>
    (await api.get(`/app-builder/getAppMedia?appId=${appId}&limit=100`, { ...ivy, after })).body.response.media as {
      mediaId: string;
      metadata: Record<string, unknown>;
    }[];

  it('answers the run to follow, then the picture joins the library once though its completion comes twice', async () => {
    const appId = (await api.post('/app-builder/createApp', { name: 'Banner Shop' }, ivy)).body.response.app.appId;
    const form = new FormData();
    form.append('appId', appId);
    form.append('file', new Blob([await pngBytes(300, 200)]), 'photo.png');
    const photo = (await api.postForm('/media/uploads', form, ivy)).body.response;
    await api.post('/app-builder/saveAppMedia', { appId, type: 'image', url: photo.url, metadata: photo.metadata }, ivy);

    const res = await api.post(
      '/app-builder/generateImageFromInputs',
      { appId, mediaUrls: [photo.url], mediaTypes: ['image'], generationPrompt: 'A banner', userId: 'ivy-creator' },
      ivy,
    );
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({ status: 'running', runId: expect.any(String) });
    const { runId } = res.body.response;

    // the creator's tab, listening for the run's end
    const pushes = await api.listen('ivy-creator', SERVER_EVENTS.jobCompleted);

    const made = result(`apps/${appId}/${runId}/original.png`);
    await api.worker.complete(runId, made);
    // one push, once the new item is stored: a read sent with its token shows it at once
    const [pushed] = await eventually(() => (pushes.length > 0 ? pushes : null));
    const shown = (await listed(appId, pushed!.token!)).filter((m) => m.metadata.runId === runId);
    expect(shown).toHaveLength(1);
    const item = shown[0]!;
    expect(pushed).toEqual({
      runId,
      name: 'creator-apps.image-from-inputs',
      subjectId: appId,
      result: made,
      stored: true,
      token: expect.stringMatching(/^\d+\.\d+$/),
      at: expect.any(String),
    });
    expect(item.metadata).toEqual({
      fileName: 'generated-a-banner.png',
      width: 1600,
      height: 1200,
      generatedBy: 'procedural',
      generatedFrom: 'generated from 1 input',
      prompt: 'A banner',
      runId,
    });

    // delivered again (a redelivery, or the run's completion stored twice): still one item
    const saved = await api.streamLength(`media-${item.mediaId}`);
    await api.worker.complete(runId, made);
    await reactorHandled(runId);
    expect(await api.streamLength(`media-${item.mediaId}`)).toBe(saved);
    expect((await listed(appId)).filter((m) => m.metadata.runId === runId)).toHaveLength(1);

    // removed by the creator, then delivered once more: it does not come back
    expect((await api.post('/app-builder/deleteAppMedia', { appId, mediaId: item.mediaId }, ivy)).status).toBe(200);
    const afterDelete = await api.streamLength(`media-${item.mediaId}`);
    await api.worker.complete(runId, made);
    await reactorHandled(runId);
    expect(await api.streamLength(`media-${item.mediaId}`)).toBe(afterDelete);
    // nothing was added again, so no later push says something was stored
    await eventually(() => pushes.length === 3);
    expect(pushes.map((p) => p.stored)).toEqual([true, false, false]);
  });

  it("never adds a picture stored outside the app's own files", async () => {
    const appId = (await api.post('/app-builder/createApp', { name: 'Careful Shop' }, ivy)).body.response.app.appId;
    const other = (await api.post('/app-builder/createApp', { name: 'Other Shop' }, ivy)).body.response.app.appId;
    const res = await api.post(
      '/app-builder/generateImageFromInputs',
      { appId, mediaUrls: ['https://cdn.example.com/a.png'], mediaTypes: ['image'], generationPrompt: 'A banner' },
      ivy,
    );
    const { runId } = res.body.response;
    await api.worker.complete(runId, result(`apps/${other}/${runId}/original.png`));
    await reactorHandled(runId);
    const saves = await sql(`select 1 from domain_event where type = 'AppMediaSaved' and payload->>'appId' in (?, ?)`, [
      appId,
      other,
    ]);
    expect(saves).toEqual([]);
  });
});
