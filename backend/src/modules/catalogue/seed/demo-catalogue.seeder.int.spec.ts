import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../../../test-support';
import { useCatalogueApi } from '../../../test-support/catalogue-api';
import sharp from 'sharp';
import { COVER_WIDTHS } from '../infra/cover-renderer';
import { DemoCatalogueSeeder } from './demo-catalogue.seeder';

/** How long the read models may take to show what the seed wrote, on a machine busy with other suites. */
const CATCH_UP = { timeoutMs: 120_000 };

describe('demo catalogue seeder', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-media-'));
  const api = useCatalogueApi({ MEDIA_DIR: mediaDir, CATALOGUE_DEMO_PRODUCTS: '80' });

  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  // renders the covers with sharp and publishes 80 classes through commands: minutes on a busy 2-core
  // machine (105-153 s in full CI runs), so the ceiling is generous; the waits follow the read models
  it('creates classes, collections, schools and purchases through commands, with rendered covers', async () => {
    await api.app.get(DemoCatalogueSeeder).seed();
    const school = await eventually(async () => {
      const res = await api.get('/getSchoolWithSlug?slug=music');
      return res.status === 200 && res.body.school.products.length > 0 ? res.body.school : null;
    }, CATCH_UP);
    expect(school.products.every((p: { category: string }) => p.category === 'music')).toBe(true);
    const all = await eventually(async () => {
      const res = await api.get('/getProducts?limit=100');
      return res.body.products.length === 80 ? res.body.products : null;
    }, CATCH_UP);
    expect(new Set(all.map((p: { category: string }) => p.category)).size).toBeGreaterThan(3);
    const popular = await eventually(async () => {
      const top = (await api.get('/getMostPopularProducts?limit=1')).body.products[0];
      return top?.purchaseCount > 0 ? top : null;
    }, CATCH_UP);
    expect(popular.media.videoUrl).toBe('/api/media/videos/demo-class.webm');
    const collections = (await api.get('/getAllProductCollections')).body.collections;
    expect(collections.length).toBeGreaterThan(3);
    expect(collections.some((c: { programType: string }) => c.programType === 'school')).toBe(false);

    const cover = await api.raw(all[0].media.coverUrl.replace(/^\/api/, ''));
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');
    expect(fs.existsSync(path.join(mediaDir, 'covers', 'hero-desktop.webp'))).toBe(true);
    const home = (await api.get('/getHomeContent')).body;
    expect(home.banner).toBeNull();
    expect((await api.raw(home.hero.backgroundUrl.replace(/^\/api/, ''))).status).toBe(200);

    // every width of the srcset, drawn from the cover's SVG at that size (sharp on a 1170 px wide page at 2x)
    const base = all[0].media.coverUrl.replace(/^\/api/, '').replace(/\.webp$/, '');
    for (const width of COVER_WIDTHS) {
      const sized = await api.raw(`${base}-${width}w.webp`);
      expect(sized.status).toBe(200);
      expect(sized.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await sized.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([width, Math.round((width * 9) / 16)]);
    }
    expect((await api.raw(`${base}-777w.webp`)).status).toBe(404);
    expect((await api.raw('/media/covers/no-such-cover-960w.webp')).status).toBe(404);
  }, 360_000);
});
