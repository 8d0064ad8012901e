import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_SIZE_LIMITS, UNSUPPORTED_FILE_MESSAGE } from '@sparkhouse/contracts';
import { MediaUrls } from '../../../platform/media/media-urls';
import { keyOfMediaUrl } from '../../../platform/media/signed-urls';
import { eventually } from '../../../test-support';
import { useCreatorApi, type As } from '../../../test-support/creator-api';
import { mediaIdFor } from '../domain/app-media';
import { fixtureDir, jpegBytes, mp3File, mp4File, pdfBytes, pngBytes } from '../../../test-support/media-fixtures';

/**
 * POST /api/media/uploads against the real API (local-disk storage in a folder of the test's own):
 * every kind of file, what is read from it, the signed URLs it answers, and every way to get it wrong.
 */
describe('media uploads', () => {
  const mediaDir = fixtureDir();
  const api = useCreatorApi({ MEDIA_DIR: mediaDir });
  const ava = { as: 'ava-media' };
  const ben = { as: 'ben-media' };
  let appId: string;
  let files: string;
  let png: Buffer;

  /** Uploads as `who` (ava) to `app` (the test app; null sends no appId). */
  const upload = (bytes: Buffer, name: string, options: { app?: string | null; who?: As; type?: string } = {}) => {
    const { app = appId, who = ava, type = '' } = options;
    const form = new FormData();
    if (app !== null) form.append('appId', app);
    form.append('file', new Blob([bytes], { type }), name);
    return api.postForm('/media/uploads', form, who);
  };
  const fetchMedia = (url: string, init?: RequestInit) => fetch(new URL(url, api.base), init);
  const storedFiles = () =>
    fs.existsSync(path.join(mediaDir, 'files')) ? fs.readdirSync(path.join(mediaDir, 'files'), { recursive: true }) : [];
  const spooled = () => (fs.existsSync(path.join(mediaDir, 'uploading')) ? fs.readdirSync(path.join(mediaDir, 'uploading')) : []);

  beforeAll(async () => {
    appId = (await api.post('/app-builder/createApp', { name: 'Media Uploads' }, ava)).body.response.app.appId;
    files = fixtureDir();
    png = await pngBytes(800, 600);
  });
  afterAll(() => {
    fs.rmSync(files, { recursive: true, force: true });
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  /** The media-reading job the upload of `url` asked for. */
  const readingOf = async (url: string) => {
    const key = keyOfMediaUrl(url)!;
    const [row] = await api.orm.em.fork().execute<{ run_id: string }[]>(
      `select payload->>'runId' as run_id from domain_event
          where type = 'JobRequested' and payload->>'name' = 'creator-apps.read-upload' and payload->'payload'->>'key' = ?`,
      [key],
    );
    return { key, runId: row?.run_id };
  };

  it('stores an image and answers at once: a signed URL, its dimensions from its header, and a reading job asked for', async () => {
    const res = await upload(png, 'gradient.png', { type: 'image/png' });
    expect(res.status).toBe(201);
    const { url, thumbnailUrl, type, metadata } = res.body.response;
    expect(type).toBe('image');
    expect(metadata).toEqual({
      fileName: 'gradient.png',
      size: png.length,
      mimeType: 'image/png',
      width: 800,
      height: 600,
      processing: 'pending',
    });
    // the thumbnail is made by the media-reading job (workers/test/uploads-ai.int.spec.ts follows it)
    expect(thumbnailUrl).toBeNull();
    expect(url).toMatch(
      new RegExp(`^/api/media/files/apps/${appId}/[0-9a-f-]{36}/original\\.png\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
    const reading = await readingOf(url);
    expect(reading.runId).toBeDefined();
    expect((await api.worker.requestOf(reading.runId!)).payload).toEqual({ appId, key: reading.key, type: 'image' });

    const file = await fetchMedia(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    expect(spooled()).toEqual([]);
  });

  it('reads a JPEG whatever its name says, its size as people see it (EXIF orientation)', async () => {
    const res = await upload(await jpegBytes(), 'not-really.pdf', { type: 'application/pdf' });
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ type: 'image', metadata: { mimeType: 'image/jpeg', width: 640, height: 480 } });
    const turned = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await upload(turned, 'turned.jpg')).body.response.metadata).toMatchObject({ width: 200, height: 300 });
  });

  it('reads a video from its headers: duration, size, codecs; serves it in byte ranges', async () => {
    const video = fs.readFileSync(await mp4File(files, 2));
    const res = await upload(video, 'clip.mp4', { type: 'video/mp4' });
    expect(res.status).toBe(201);
    const { url, thumbnailUrl, type, metadata } = res.body.response;
    expect(type).toBe('video');
    expect(thumbnailUrl).toBeNull();
    expect(metadata).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac', processing: 'pending' });
    expect(metadata.durationSeconds).toBeGreaterThan(1.8);
    expect(metadata.durationSeconds).toBeLessThan(2.3);

    const part = await fetchMedia(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(video.subarray(100, 200));
    const tail = await fetchMedia(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(video.subarray(video.length - 10));
    expect((await fetchMedia(url, { headers: { range: `bytes=${video.length}-` } })).status).toBe(416);
  });

  it('takes an MP4 with no picture track as an audio file (stored as .m4a)', async () => {
    const sound = fs.readFileSync(await mp4File(files, 1, { audioOnly: true }));
    const res = await upload(sound, 'voice.mp4', { type: 'video/mp4' });
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ type: 'audio', metadata: { mimeType: 'audio/mp4', audioCodec: 'aac' } });
    expect(res.body.response.url).toMatch(/original\.m4a\?/);
  });

  it('stores an audio file whose duration is read by the job', async () => {
    const res = await upload(fs.readFileSync(await mp3File(files, 1)), 'tone.mp3');
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      type: 'audio',
      thumbnailUrl: null,
      metadata: { mimeType: 'audio/mpeg', processing: 'pending' },
    });
  });

  describe('what the reading job finds goes on the library item, whichever comes first', () => {
    const saveItem = (url: string, metadata: Record<string, unknown>) =>
      api.post('/app-builder/saveAppMedia', { appId, type: 'image', url, metadata }, ava);
    const itemOf = async (url: string) => {
      const key = keyOfMediaUrl(url);
      const page = await api.get(`/app-builder/getAppMedia?appId=${appId}&limit=100`, ava);
      return page.body.response.media.find((m: { url: string }) => keyOfMediaUrl(m.url) === key);
    };

    it('saved first, read after: the item gets the thumbnail and the facts, once', async () => {
      const uploaded = (await upload(png, 'first-saved.png')).body.response;
      expect((await saveItem(uploaded.url, uploaded.metadata)).status).toBe(200);
      await eventually(async () => (await itemOf(uploaded.url)) !== undefined);
      expect((await itemOf(uploaded.url)).metadata.processing).toBe('pending');
      const { key, runId } = await readingOf(uploaded.url);
      const thumbnailKey = key.replace(/[^/]+$/, 'thumb.webp');
      fs.mkdirSync(path.dirname(path.join(mediaDir, 'files', thumbnailKey)), { recursive: true });
      fs.writeFileSync(path.join(mediaDir, 'files', thumbnailKey), await sharp(png).resize(64).webp().toBuffer());
      await api.worker.complete(runId!, { key, metadata: { width: 800, height: 600, frames: 2 }, thumbnailKey });
      await eventually(async () => (await itemOf(uploaded.url))?.metadata.processing === 'done');
      const item = await itemOf(uploaded.url);
      expect(item.metadata).toMatchObject({ fileName: 'first-saved.png', width: 800, frames: 2, processing: 'done' });
      expect(item.thumbnailUrl).toMatch(/thumb\.webp\?expires=/);
      expect((await fetchMedia(item.thumbnailUrl)).status).toBe(200);
    });

    it('read first, saved after: the save carries what was read', async () => {
      const uploaded = (await upload(png, 'first-read.png')).body.response;
      const { key, runId } = await readingOf(uploaded.url);
      await api.worker.complete(runId!, { key, metadata: { width: 800, height: 600 }, thumbnailKey: null });
      const mediaStream = `media-${mediaIdFor(appId, { storageKey: key, externalUrl: null })}`;
      await eventually(async () => (await api.streamLength(mediaStream)) === 1);
      expect((await saveItem(uploaded.url, uploaded.metadata)).status).toBe(200);
      await eventually(async () => (await itemOf(uploaded.url)) !== undefined);
      expect((await itemOf(uploaded.url)).metadata).toMatchObject({ fileName: 'first-read.png', processing: 'done' });
    });

    it('a file the job could not read: the item says so, with the reason', async () => {
      const uploaded = (await upload(png, 'unreadable.png')).body.response;
      await saveItem(uploaded.url, uploaded.metadata);
      const { runId } = await readingOf(uploaded.url);
      await api.worker.fail(runId!, 'The image could not be read: it may be damaged or incomplete.');
      await eventually(async () => (await itemOf(uploaded.url))?.metadata.processing === 'failed');
      expect((await itemOf(uploaded.url)).metadata.processingError).toBe(
        'The image could not be read: it may be damaged or incomplete.',
      );
    });
  });

  it('stores a PDF (nothing to read afterwards)', async () => {
    const pdf = pdfBytes();
    const res = await upload(pdf, 'notes.pdf');
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      type: 'pdf',
      thumbnailUrl: null,
      metadata: { size: pdf.length, mimeType: 'application/pdf' },
    });
    expect(res.body.response.metadata.processing).toBeUndefined();
    expect((await readingOf(res.body.response.url)).runId).toBeUndefined();
    const file = await fetchMedia(res.body.response.url);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('inline');
  });

  describe('refuses, stores nothing and never answers 5xx', () => {
    let before: number;
    beforeEach(() => {
      before = storedFiles().length;
    });
    afterEach(() => {
      expect(storedFiles().length).toBe(before);
      expect(spooled()).toEqual([]);
    });

    it('a file over the limit of its kind: 413', async () => {
      const huge = Buffer.concat([png, Buffer.alloc(MEDIA_SIZE_LIMITS.image + 1 - png.length)]);
      const res = await upload(huge, 'huge.png');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ status: 'error', code: 'PAYLOAD_TOO_LARGE', error: 'Images can be at most 25 MB.' });
    });

    it('a file of a kind the library does not take: 415', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const res = await upload(svg, 'logo.png', { type: 'image/png' });
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ status: 'error', code: 'UNSUPPORTED_MEDIA_TYPE', error: UNSUPPORTED_FILE_MESSAGE });
    });

    it('a damaged file that only looks like a video: 400', async () => {
      const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(5000, 7)]);
      const res = await upload(fake, 'broken.mp4');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('The video could not be read: it may be damaged or incomplete.');
    });

    it.each([
      ['no appId', { app: null }, 'appId must be an app id'],
      ['an appId that is not one', { app: 'my-app' }, 'appId must be an app id'],
      ['a NUL character in the appId', { app: `${'0'.repeat(8)}\u0000` }, 'appId must not contain the NUL character (\\u0000)'],
    ])('%s: 400', async (_name, options, message) => {
      const res = await upload(png, 'a.png', options);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it('a NUL character in the file name (a malformed part header): 400', async () => {
      const res = await upload(png, 'bad\u0000name.png');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('The upload could not be read: it ended early or is not valid multipart/form-data.');
    });

    it('no file, or not a form: 400', async () => {
      const form = new FormData();
      form.append('appId', appId);
      expect((await api.postForm('/media/uploads', form, ava)).body.error).toBe(
        'Choose a file to upload (the form field "file").',
      );
      const json = await api.post('/media/uploads', { appId }, ava);
      expect(json.status).toBe(400);
      expect(json.body.error).toBe('Send the file as multipart/form-data with the fields "file" and "appId".');
    });

    it('an anonymous visitor: 401; another creator, or an unknown app: 404 like an unknown one', async () => {
      expect((await upload(png, 'a.png', { who: {} })).status).toBe(401);
      const theirs = await upload(png, 'a.png', { who: ben });
      expect(theirs.status).toBe(404);
      expect(theirs.body.error).toBe('No such app.');
      expect((await upload(png, 'a.png', { app: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    });
  });

  describe('signed URLs', () => {
    let url: string;
    beforeAll(async () => {
      url = (await upload(png, 'signed.png')).body.response.url;
    });
    const denied = { statusCode: 403, code: 'FORBIDDEN', message: 'This media link is not valid or has expired.' };

    it('a changed signature, expiry or file answers 403 and tells nothing more', async () => {
      const u = new URL(url, api.base);
      const sig = u.searchParams.get('signature')!;
      const variants = [
        url.replace(sig, (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
        url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 60}`),
        url.replace('original.png', 'thumb.webp'),
        url.replace(/\?.*$/, ''),
        url.replace(/original\.png/, '..%2F..%2Foriginal.png'),
      ];
      for (const v of variants) {
        const res = await fetchMedia(v);
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual(denied);
      }
    });

    it('an expired URL answers 403 the same way', async () => {
      const key = keyOfMediaUrl(url)!;
      const expired = api.app.get(MediaUrls).sign(key, Date.now() - 8 * 24 * 3600 * 1000);
      const res = await fetchMedia(expired);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(denied);
      // the same key signed now works
      expect((await fetchMedia(api.app.get(MediaUrls).sign(key))).status).toBe(200);
    });
  });
});
