import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_SIZE_LIMITS, UNSUPPORTED_FILE_MESSAGE } from '@sparkhouse/contracts';
import { MediaUrls } from '../../../platform/media/media-urls';
import { keyOfMediaUrl } from '../../../platform/media/signed-urls';
import { useCreatorApi, type As } from '../../../test-support/creator-api';
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

  it('stores an image, answers signed URLs of it and of a thumbnail, and its dimensions', async () => {
    const res = await upload(png, 'gradient.png', { type: 'image/png' });
    expect(res.status).toBe(201);
    const { url, thumbnailUrl, type, metadata } = res.body.response;
    expect(type).toBe('image');
    expect(metadata).toMatchObject({
      fileName: 'gradient.png',
      size: png.length,
      mimeType: 'image/png',
      width: 800,
      height: 600,
    });
    expect(url).toMatch(
      new RegExp(`^/api/media/files/apps/${appId}/[0-9a-f-]{36}/original\\.png\\?expires=\\d+&signature=[\\w-]{43}$`),
    );

    const file = await fetchMedia(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);

    const thumb = await fetchMedia(thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(spooled()).toEqual([]);
  });

  it('reads a JPEG whatever its name says', async () => {
    const res = await upload(await jpegBytes(), 'not-really.pdf', { type: 'application/pdf' });
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ type: 'image', metadata: { mimeType: 'image/jpeg', width: 640 } });
  });

  it('reads a video: its duration, size and a poster frame; serves it in byte ranges', async () => {
    const video = fs.readFileSync(await mp4File(files, 2));
    const res = await upload(video, 'clip.mp4', { type: 'video/mp4' });
    expect(res.status).toBe(201);
    const { url, thumbnailUrl, type, metadata } = res.body.response;
    expect(type).toBe('video');
    expect(metadata).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
    expect(metadata.durationSeconds).toBeGreaterThan(1.8);
    expect(metadata.durationSeconds).toBeLessThan(2.3);
    const poster = await fetchMedia(thumbnailUrl);
    expect(poster.status).toBe(200);
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).width).toBe(320);

    const part = await fetchMedia(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(video.subarray(100, 200));
    const tail = await fetchMedia(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(video.subarray(video.length - 10));
    expect((await fetchMedia(url, { headers: { range: `bytes=${video.length}-` } })).status).toBe(416);
  });

  it('reads an audio file: its duration, no picture', async () => {
    const res = await upload(fs.readFileSync(await mp3File(files, 1)), 'tone.mp3');
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      type: 'audio',
      thumbnailUrl: null,
      metadata: { mimeType: 'audio/mpeg', audioCodec: 'mp3' },
    });
    expect(res.body.response.metadata.durationSeconds).toBeGreaterThan(0.9);
  });

  it('stores a PDF', async () => {
    const pdf = pdfBytes();
    const res = await upload(pdf, 'notes.pdf');
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      type: 'pdf',
      thumbnailUrl: null,
      metadata: { size: pdf.length, mimeType: 'application/pdf' },
    });
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
