import fs from 'node:fs';
import { AppMediaSaved } from '@sparkhouse/contracts';
import { eventually } from '../../../test-support';
import { useCreatorApi, type As } from '../../../test-support/creator-api';
import { fixtureDir, pdfBytes, pngBytes } from '../../../test-support/media-fixtures';
import { mediaStreamId } from '../domain/app-media';

/**
 * The media library's calls (spec 7: getAppMedia, saveAppMedia, updateAppMedia, uploadUserMedia, and
 * deleteAppMedia): paging newest first by the created-at cursor, filters, idempotent saves, updates by
 * URL, deletes that remove the stored files, bad input and ownership, each refusal changing nothing.
 */
describe('media library calls', () => {
  const mediaDir = fixtureDir();
  const api = useCreatorApi({ MEDIA_DIR: mediaDir });
  const ava = { as: 'ava-library' };
  const ben = { as: 'ben-library' };
  let appId: string;
  let otherAppId: string;
  let png: Buffer;

  const upload = async (bytes: Buffer, name: string, app = appId) => {
    const form = new FormData();
    form.append('appId', app);
    form.append('file', new Blob([bytes]), name);
    const res = await api.postForm('/media/uploads', form, ava);
    expect(res.status).toBe(201);
    return res.body.response as { url: string; thumbnailUrl: string | null; type: string; metadata: Record<string, unknown> };
  };
  const save = (body: Record<string, unknown>, who: As = ava) => api.post('/app-builder/saveAppMedia', { appId, ...body }, who);
  const list = (query: string, who: As = ava) => api.get(`/app-builder/getAppMedia?appId=${appId}${query}`, who);

  beforeAll(async () => {
    appId = (await api.post('/app-builder/createApp', { name: 'Library' }, ava)).body.response.app.appId;
    otherAppId = (await api.post('/app-builder/createApp', { name: 'Other Library' }, ava)).body.response.app.appId;
    png = await pngBytes(320, 200);
  });
  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  it('saves an uploaded file, once, and lists it (its thumbnail comes with the reading job)', async () => {
    const up = await upload(png, 'cover.png');
    const saved = await save({ type: 'image', url: up.url, metadata: { ...up.metadata, alt: 'The cover' } });
    expect(saved.status).toBe(200);
    const item = saved.body.response.media;
    expect(item).toMatchObject({
      appId,
      type: 'image',
      metadata: { fileName: 'cover.png', alt: 'The cover', width: 320, processing: 'pending' },
      activityId: null,
      isForSimulation: false,
    });
    expect(item.url).toMatch(/^\/api\/media\/files\/apps\/.+\/original\.png\?expires=/);
    expect(item.thumbnailUrl).toBeNull();

    // saving it again (a retry) answers the same item and records nothing new
    const again = await save({ type: 'image', url: up.url, metadata: {} });
    expect(again.body.response.media.mediaId).toBe(item.mediaId);
    expect(await api.streamLength(mediaStreamId(item.mediaId))).toBe(1);

    // the read model follows the log a moment later (a browser's next read waits for it: read-your-writes)
    const listed = await eventually(async () => {
      const r = await list('');
      return r.body.response.media.some((m: { mediaId: string }) => m.mediaId === item.mediaId) && r;
    });
    expect(listed.status).toBe(200);
    expect((await fetch(new URL(listed.body.response.media[0].url, api.base))).status).toBe(200);
  });

  it('pages newest first, 30 by default, by the created-at cursor, and filters by kind', async () => {
    const app = (await api.post('/app-builder/createApp', { name: 'Paging' }, ava)).body.response.app.appId;
    const ids: string[] = [];
    for (let i = 0; i < 34; i++) {
      const type = i % 3 === 0 ? 'pdf' : 'image';
      const r = await api.post(
        '/app-builder/saveAppMedia',
        { appId: app, type, url: `https://cdn.example.com/${i}.${type}`, metadata: { i } },
        ava,
      );
      ids.push(r.body.response.media.mediaId);
    }
    const page = (q: string) => api.get(`/app-builder/getAppMedia?appId=${app}${q}`, ava);
    await eventually(async () => (await page('&limit=100')).body.response.media.length === 34);
    const first = await page('');
    expect(first.body.response.media).toHaveLength(30);
    expect(first.body.response.media.map((m: { metadata: { i: number } }) => m.metadata.i)).toEqual(
      Array.from({ length: 30 }, (_, k) => 33 - k),
    );
    const second = await page(`&cursorCreatedAt=${encodeURIComponent(first.body.response.nextCursor)}`);
    expect(second.body.response.media.map((m: { metadata: { i: number } }) => m.metadata.i)).toEqual([3, 2, 1, 0]);
    expect(second.body.response.nextCursor).toBeNull();

    // small pages join up without gaps or repeats
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const r = await page(`&limit=7${cursor ? `&cursorCreatedAt=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...r.body.response.media.map((m: { mediaId: string }) => m.mediaId));
      cursor = r.body.response.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());

    const pdfs = await page('&onlyTypes=pdf');
    expect(pdfs.body.response.media).toHaveLength(12);
    expect(new Set(pdfs.body.response.media.map((m: { type: string }) => m.type))).toEqual(new Set(['pdf']));
    expect((await page('&onlyTypes=pdf,image&limit=100')).body.response.media).toHaveLength(34);
    expect((await page('&onlyTypes=video')).body.response).toEqual({ media: [], nextCursor: null });
    // a plain ISO time works as a cursor too
    expect((await page(`&cursorCreatedAt=2000-01-01T00:00:00.000Z`)).body.response.media).toEqual([]);
  });

  it('updates metadata and thumbnail by the file’s URL', async () => {
    const up = await upload(pdfBytes('Guide'), 'guide.pdf');
    const poster = await upload(png, 'poster.png');
    await save({ type: 'pdf', url: up.url, metadata: up.metadata });
    const updated = await api.post(
      '/app-builder/updateAppMedia',
      { appId, url: up.url, metadata: { title: 'The guide' }, thumbnailUrl: poster.url },
      ava,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.response.media).toMatchObject({ type: 'pdf', metadata: { title: 'The guide' } });
    expect(updated.body.response.media.thumbnailUrl).toMatch(/original\.png\?expires=/);
    const cleared = await api.post('/app-builder/updateAppMedia', { appId, url: up.url, thumbnailUrl: null }, ava);
    expect(cleared.body.response.media).toMatchObject({ thumbnailUrl: null, metadata: { title: 'The guide' } });
    const external = 'https://cdn.example.com/poster.jpg';
    await save({ type: 'image', url: external });
    const ext = await api.post('/app-builder/updateAppMedia', { appId, url: external, thumbnailUrl: external }, ava);
    expect(ext.body.response.media).toMatchObject({ url: external, thumbnailUrl: external });
  });

  it('records media a user of the app made in an activity', async () => {
    const up = await upload(png, 'selfie.png');
    const res = await api.post(
      '/app-builder/uploadUserMedia',
      { appId, type: 'image', url: up.url, activityId: 'record-photo-1', isForSimulation: true },
      ava,
    );
    expect(res.status).toBe(200);
    expect(res.body.response.media).toMatchObject({ activityId: 'record-photo-1', isForSimulation: true, type: 'image' });
  });

  it('deletes an item: gone from the list, its stored files deleted, its URL dead', async () => {
    const up = await upload(png, 'doomed.png');
    const item = (await save({ type: 'image', url: up.url })).body.response.media;
    await eventually(async () =>
      (await list('&limit=100')).body.response.media.some((m: { mediaId: string }) => m.mediaId === item.mediaId),
    );
    const del = await api.post('/app-builder/deleteAppMedia', { appId, mediaId: item.mediaId }, ava);
    expect(del.status).toBe(200);
    expect(del.body.response).toEqual({ mediaId: item.mediaId, deleted: true });
    await eventually(
      async () => !(await list('&limit=100')).body.response.media.some((m: { mediaId: string }) => m.mediaId === item.mediaId),
    );
    await eventually(async () => (await fetch(new URL(up.url, api.base))).status === 404);
    expect((await api.post('/app-builder/deleteAppMedia', { appId, mediaId: item.mediaId }, ava)).status).toBe(404);
    // and the file cannot come back by its old URL
    const back = await save({ type: 'image', url: up.url });
    expect(back.status).toBe(400);
    expect(back.body.error).toBe('url names no stored file: upload it first');
  });

  describe('refuses, changing nothing', () => {
    let events: number;
    let shared: { url: string };
    beforeAll(async () => {
      shared = await upload(png, 'shared.png');
    });
    beforeEach(async () => {
      events = await api.totalEvents();
    });
    afterEach(async () => {
      expect(await api.totalEvents()).toBe(events);
    });

    it('another creator (404 like an unknown app) and anonymous visitors (401), on every call', async () => {
      const item = (await api.get(`/app-builder/getAppMedia?appId=${appId}`, ava)).body.response.media[0];
      events = await api.totalEvents();
      for (const who of [ben, {}] as As[]) {
        const status = who === ben ? 404 : 401;
        expect((await list('', who)).status).toBe(status);
        expect((await save({ type: 'image', url: shared.url }, who)).status).toBe(status);
        expect((await api.post('/app-builder/updateAppMedia', { appId, url: item.url, metadata: {} }, who)).status).toBe(status);
        expect(
          (await api.post('/app-builder/uploadUserMedia', { appId, type: 'image', url: shared.url, activityId: 'a' }, who))
            .status,
        ).toBe(status);
        expect((await api.post('/app-builder/deleteAppMedia', { appId, mediaId: item.mediaId }, who)).status).toBe(status);
      }
    });

    it.each([
      [
        'another app’s file',
        () => ({ appId: otherAppId, type: 'image', url: shared.url }),
        'url must be a file uploaded to this app (or an http(s) address)',
      ],
      ['a file of another kind', () => ({ type: 'video', url: shared.url }), 'url is an image, not a video'],
      [
        'a made-up file of the app',
        () => ({
          type: 'image',
          url: shared.url.replace(/[0-9a-f-]{36}\/original/, '00000000-0000-4000-8000-000000000000/original'),
        }),
        'url names no stored file: upload it first',
      ],
      [
        'an address that is not http(s)',
        () => ({ type: 'image', url: 'javascript:alert(1)' }),
        'url must be a file uploaded to this app or an http(s) address',
      ],
      [
        'an unknown kind',
        () => ({ type: 'spreadsheet', url: 'https://cdn.example.com/x' }),
        'type must be one of "image", "video", "audio", "pdf"',
      ],
      [
        'a NUL character in the metadata',
        () => ({ type: 'image', url: 'https://cdn.example.com/n', metadata: { alt: 'a\u0000b' } }),
        'metadata.alt must not contain the NUL character (\\u0000)',
      ],
      [
        'a missing appId',
        () => ({ appId: undefined, type: 'image', url: 'https://cdn.example.com/x' }),
        'appId must be an app id',
      ],
    ])('saveAppMedia with %s: 400', async (_name, body, message) => {
      const res = await save(body());
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it('getAppMedia with a bad cursor, kind or limit: 400', async () => {
      expect((await list('&cursorCreatedAt=yesterday')).body.error).toBe(
        'cursorCreatedAt must be the nextCursor of an earlier page (or an ISO time)',
      );
      expect((await list('&onlyTypes=image,spreadsheet')).status).toBe(400);
      expect((await list('&limit=101')).body.error).toBe('limit must be at most 100');
      expect((await api.get('/app-builder/getAppMedia', ava)).body.error).toBe('appId must be an app id');
    });

    it('updateAppMedia or deleteAppMedia of media the app does not have: 404', async () => {
      expect(
        (await api.post('/app-builder/updateAppMedia', { appId, url: 'https://cdn.example.com/never-saved', metadata: {} }, ava))
          .status,
      ).toBe(404);
      expect(
        (await api.post('/app-builder/deleteAppMedia', { appId, mediaId: '00000000-0000-4000-8000-000000000000' }, ava)).body
          .error,
      ).toBe('No such media in this app.');
    });
  });

  it('keeps each item on its own stream', async () => {
    const r = await save({ type: 'image', url: 'https://cdn.example.com/stream.png' });
    const [e] = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ type: string }[]>('select type from domain_event where stream_id = ?', [
        mediaStreamId(r.body.response.media.mediaId),
      ]);
    expect(e.type).toBe(AppMediaSaved.type);
  });
});
