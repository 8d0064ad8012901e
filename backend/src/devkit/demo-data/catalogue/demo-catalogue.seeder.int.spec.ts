import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import { COVER_WIDTHS } from '../../../modules/catalogue/infra/cover-renderer';
import { APP_CONFIG } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { eventually } from '../../../test-support';
import { useCatalogueApi } from '../../../test-support/catalogue-api';
import { DemoOffersSeeder } from '../offers/demo-offers.seeder';
import { DemoCatalogueSeeder } from './demo-catalogue.seeder';

/** How long the read models may take to show what the seed wrote, on a machine busy with other suites. */
const CATCH_UP = { timeoutMs: 120_000 };

describe('demo catalogue and offers seeders (devkit)', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-media-'));
  const api = useCatalogueApi({ MEDIA_DIR: mediaDir, CATALOGUE_DEMO_PRODUCTS: '80' });

  afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

  // renders the covers with sharp and publishes 80 classes through commands: minutes on a busy 2-core
  // machine (105-153 s in full CI runs), so the ceiling is generous; the waits follow the read models
  it('creates classes, collections, schools and purchases through commands, with rendered covers', async () => {
    // the seeders are the tooling's (apps/devkit.ts); here they run against the test's API, as npm start's seeding would
    await new DemoCatalogueSeeder(api.app.get(CommandBus), api.app.get(APP_CONFIG)).seed();
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

    // then the demo offers: every class published with a crossed price gets the launch offer, once
    const offers = new DemoOffersSeeder(api.app.get(Database), api.app.get(EventStore));
    await offers.seed();
    await offers.seed();
    const crossed = all.filter((p: { priceInfo: { crossedPriceInCents?: number | null } }) => p.priceInfo.crossedPriceInCents);
    expect(crossed.length).toBeGreaterThan(0);
    const ids = crossed.slice(0, 100).map((p: { id: string }) => p.id);
    const shown = await eventually(async () => {
      const res = await api.get(`/offers/getProductOffers?product_ids=${ids.join(',')}`);
      return res.status === 200 && res.body.offers.length === ids.length ? res.body.offers : null;
    }, CATCH_UP);
    expect(shown.every((o: { offerKey: string }) => o.offerKey === 'classLaunch')).toBe(true);
    expect(shown.some((o: { specialOnlyVip: boolean }) => o.specialOnlyVip)).toBe(true);
    const set = await api.app
      .get(Database)
      .em.fork()
      .getConnection()
      .execute(`select count(*)::int as n from domain_event where type = 'ProductOfferSet'`);
    expect(set[0].n).toBe(crossed.length);
  }, 360_000);
});
