import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eventually } from '../../../test-support';
import { blueprint, landingPage, useCreatorApi, type As } from '../../../test-support/creator-api';
import { fixtureDir, jpegBytes, pdfBytes, pngBytes } from '../../../test-support/media-fixtures';
import { NOT_AN_UPLOADED_PHOTO } from '../domain/storefront';
import { PHOTO_TOO_SMALL, UNREADABLE_PHOTO } from '../infra/storefront-photo';
import { PHOTO_ACCEPTS } from './storefronts.controller';

// the web app's shell, as `vite build` makes it (no server bundle: pages go out with their head tags only)
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-photo-pages-'));
fs.mkdirSync(path.join(dist, 'dist'));
fs.writeFileSync(
  path.join(dist, 'dist', 'index.html'),
  '<!doctype html><html><head><meta name="description" content="Sparkhouse generic." /><title>Sparkhouse</title>' +
    '</head><body><div id="root"></div></body></html>',
);

/**
 * The creator's storefront photo (POST /api/creators/storefrontPhoto): an image upload cropped square,
 * shown by the storefront's call and page and in its share tags; removed with updateStorefront; every
 * wrong file refused with a 4xx in the media library's words, leaving nothing behind.
 */
describe('storefront photo', () => {
  const mediaDir = fixtureDir();
  const api = useCreatorApi({ FRONTEND_DIST: path.join(dist, 'dist'), MEDIA_DIR: mediaDir });
  const dana: As = { as: 'dana-photo' };
  let storefrontSlug: string;

  const upload = (bytes: Buffer, name: string, who: As = dana, field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([bytes]), name);
    return api.postForm('/creators/storefrontPhoto', form, who);
  };
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  const spooled = () => (fs.existsSync(path.join(mediaDir, 'uploading')) ? fs.readdirSync(path.join(mediaDir, 'uploading')) : []);

  beforeAll(async () => {
    // a storefront with a published app (a storefront with nothing live is not a page)
    const app = (await api.post('/app-builder/createApp', { name: 'Stretch Daily' }, dana)).body.response.app;
    await api.post('/app-builder/updateBlueprint', { appId: app.appId, blueprint: blueprint('Stretch Daily') }, dana);
    await api.post('/apps/saveAppLandingPageInfo', { appId: app.appId, landingPageInfo: landingPage('Stretch every day') }, dana);
    await api.post(
      '/payments/update-price-options',
      { appId: app.appId, monthlyPrice: 499, annualPrice: 3999, trialDays: 0 },
      dana,
    );
    await api.grantCreatorPlan(dana.as!);
    expect((await api.post(`/apps/publishApp/${app.appId}`, {}, dana)).status).toBe(200);
    storefrontSlug = app.storefrontSlug;
    await eventually(async () => (await api.get(`/creators/storefront/${storefrontSlug}`)).status === 200);
  });
  afterAll(() => {
    fs.rmSync(mediaDir, { recursive: true, force: true });
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('stores an uploaded image square at 512 px; the storefront, its page and its share tags show it; null removes it', async () => {
    const res = await upload(await jpegBytes(900, 600), 'me.jpg');
    expect(res.status).toBe(201);
    const { photoUrl, width, height } = res.body.response;
    expect(photoUrl).toMatch(/^\/api\/media\/app-images\/storefront-[0-9a-f]{16}-[0-9a-f]{16}\.webp$/);
    expect({ width, height }).toEqual({ width: 512, height: 512 });
    const served = await api.bytes(photoUrl);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/webp');
    expect(await sharp(served.body).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    await eventually(async () => (await api.get('/creators/myStorefront', dana)).body.response.storefront.photoUrl === photoUrl);
    expect((await api.get(`/creators/storefront/${storefrontSlug}`)).body.response.storefront.photoUrl).toBe(photoUrl);
    const page = await api.page(`/creators/${storefrontSlug}`);
    expect(page.status).toBe(200);
    // absolute, on the site's public address (as the page's own URL)
    const site = meta(page.html, 'og:url')!.split('/creators/')[0]!;
    expect(meta(page.html, 'og:image')).toBe(`${site}${photoUrl}`);
    expect(meta(page.html, 'og:image:width')).toBe('512');
    expect(meta(page.html, 'og:image:height')).toBe('512');
    expect(meta(page.html, 'twitter:image')).toBe(meta(page.html, 'og:image'));

    // a new photo is a new address (the old one may be cached for long)
    const second = (await upload(await pngBytes(400, 700), 'portrait.png')).body.response.photoUrl as string;
    expect(second).not.toBe(photoUrl);
    await eventually(
      async () => (await api.get(`/creators/storefront/${storefrontSlug}`)).body.response.storefront.photoUrl === second,
    );

    // removed: the storefront shows no photo and its share tags fall back to its app's picture (or none)
    expect((await api.post('/creators/updateStorefront', { photoUrl: null }, dana)).status).toBe(200);
    await eventually(async () => (await api.get('/creators/myStorefront', dana)).body.response.storefront.photoUrl === null);
    expect((await api.get(`/creators/storefront/${storefrontSlug}`)).body.response.storefront.photoUrl).toBeNull();
    expect(meta((await api.page(`/creators/${storefrontSlug}`)).html, 'og:image') ?? '').not.toContain('/storefront-');
    expect(spooled()).toEqual([]);
  });

  it('refuses what is not a photo of theirs with a 4xx in the media words, storing nothing', async () => {
    const stored = () => fs.readdirSync(path.join(mediaDir, 'app-images')).filter((n) => n.startsWith('storefront-')).length;
    const before = stored();
    const pdf = await upload(pdfBytes(), 'cv.pdf');
    expect(pdf.status).toBe(415);
    expect(pdf.body.error).toBe(PHOTO_ACCEPTS.unsupported);
    expect(pdf.body.error).toBe('This kind of file is not supported: upload an image (JPEG, PNG, WebP, GIF, AVIF).');
    expect((await upload(Buffer.from('just some text, not a picture'), 'me.png')).status).toBe(415);

    const tiny = await upload(await pngBytes(64, 64), 'tiny.png');
    expect(tiny.status).toBe(400);
    expect(tiny.body.error).toBe(PHOTO_TOO_SMALL);

    // a PNG whose first bytes are right and whose pixels were cut off
    const png = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const cut = await upload(png.subarray(0, Math.floor(png.length / 3)), 'cut.png');
    expect(cut.status).toBe(400);
    expect(cut.body.error).toBe(UNREADABLE_PHOTO);

    // more than 10 MB: refused as it streams in
    const huge = Buffer.concat([png.subarray(0, 64), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await upload(huge, 'huge.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('Photos can be at most 10 MB.');

    expect((await upload(png, 'me.png', {})).status).toBe(401);
    expect((await upload(png, 'me.png', dana, 'photo')).status).toBe(400);
    const notForm = await api.post('/creators/storefrontPhoto', { photoUrl: 'x' }, dana);
    expect(notForm.status).toBe(400);

    // a photo address is one they uploaded: nobody else's, nothing from elsewhere
    const someoneElses = (await upload(await pngBytes(300, 300), 'other.png', { as: 'erin-photo' })).body.response.photoUrl;
    expect(someoneElses).toMatch(/storefront-/);
    for (const photoUrl of [someoneElses, 'https://example.com/me.png', 'javascript:alert(1)']) {
      const refused = await api.post('/creators/updateStorefront', { photoUrl }, dana);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(NOT_AN_UPLOADED_PHOTO);
    }
    expect(stored()).toBe(before + 1); // erin's photo only
    expect(spooled()).toEqual([]);
  });

  it('serves an app picture at phone widths as WebP (drawn once), and nothing at widths it does not offer', async () => {
    const dir = path.join(mediaDir, 'app-images');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'app-1-banner-0123456789abcdef.png'), await pngBytes(1600, 900));
    const sized = await api.bytes('/api/media/app-images/app-1-banner-0123456789abcdef-480w.webp');
    expect(sized.status).toBe(200);
    expect(sized.type).toBe('image/webp');
    expect(await sharp(sized.body).metadata()).toMatchObject({ format: 'webp', width: 480, height: 270 });
    expect(fs.existsSync(path.join(dir, 'app-1-banner-0123456789abcdef-480w.webp'))).toBe(true);
    // never wider than the picture
    expect(
      await sharp((await api.bytes('/api/media/app-images/app-1-banner-0123456789abcdef-1440w.webp')).body).metadata(),
    ).toMatchObject({
      width: 1440,
    });
    expect((await api.bytes('/api/media/app-images/app-1-banner-0123456789abcdef-500w.webp')).status).toBe(404);
    expect((await api.bytes('/api/media/app-images/no-such-picture-480w.webp')).status).toBe(404);
    expect((await api.bytes('/api/media/app-images/app-1-banner-0123456789abcdef.png')).status).toBe(200);
  });
});
