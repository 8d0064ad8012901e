import fs from 'node:fs';
import { eventually } from '../../../test-support';
import { useCreatorApi } from '../../../test-support/creator-api';
import { fixtureDir, pngBytes } from '../../../test-support/media-fixtures';
import { appMediaProjection } from './app-media.projection';
import { asRunnerHolds, rebuildFromLog, refeedLog } from '../../../test-support/subscribers';

/** The media library is a function of the log: a replay rebuilds app_media identically, and re-fed events change nothing. */
describe('creator-apps.media projection: replay', () => {
  const mediaDir = fixtureDir();
  const api = useCreatorApi({ MEDIA_DIR: mediaDir });
  const ava = { as: 'ava-replay' };
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  const snapshot = () => api.orm.em.fork().getConnection().execute('select * from app_media order by media_id');

  it('rebuilds saves, updates, user media, deletes and re-saves identically', async () => {
    const appId = (await api.post('/app-builder/createApp', { name: 'Replay Media' }, ava)).body.response.app.appId;
    const form = new FormData();
    form.append('appId', appId);
    form.append('file', new Blob([await pngBytes(200, 100)]), 'replayed.png');
    const up = (await api.postForm('/media/uploads', form, ava)).body.response;

    const save = (body: object) => api.post('/app-builder/saveAppMedia', { appId, ...body }, ava);
    const stored = (await save({ type: 'image', url: up.url, metadata: up.metadata })).body.response.media;
    for (let i = 0; i < 5; i++)
      await save({ type: i % 2 ? 'video' : 'pdf', url: `https://cdn.example.com/r${i}`, metadata: { i } });
    await api.post('/app-builder/updateAppMedia', { appId, url: up.url, metadata: { alt: 'changed' } }, ava);
    await api.post(
      '/app-builder/updateAppMedia',
      { appId, url: 'https://cdn.example.com/r1', thumbnailUrl: up.thumbnailUrl },
      ava,
    );
    await api.post(
      '/app-builder/uploadUserMedia',
      { appId, type: 'audio', url: 'https://cdn.example.com/voice.mp3', activityId: 'record-audio' },
      ava,
    );
    const gone = (await save({ type: 'pdf', url: 'https://cdn.example.com/gone' })).body.response.media;
    await api.post('/app-builder/deleteAppMedia', { appId, mediaId: gone.mediaId }, ava);
    const back = (await save({ type: 'pdf', url: 'https://cdn.example.com/r0-again' })).body.response.media;
    await api.post('/app-builder/deleteAppMedia', { appId, mediaId: back.mediaId }, ava);
    await save({ type: 'pdf', url: 'https://cdn.example.com/r0-again', metadata: { again: true } });

    const live = await eventually(async () => {
      const rows = (await snapshot()) as {
        media_id: string;
        metadata: { alt?: string; again?: boolean };
        activity_id: string | null;
      }[];
      const done =
        rows.length === 8 &&
        rows.find((r) => r.media_id === stored.mediaId)?.metadata.alt === 'changed' &&
        rows.some((r) => r.metadata.again) &&
        rows.some((r) => r.activity_id === 'record-audio');
      return done ? rows : null;
    });
    expect(live.some((r) => r.media_id === gone.mediaId)).toBe(false);

    const projection = asRunnerHolds(appMediaProjection);
    await rebuildFromLog(api, projection);
    expect(await snapshot()).toEqual(live);

    // the same events fed again from the start end in the same read model
    await refeedLog(api, projection);
    expect(await snapshot()).toEqual(live);
  });
});
