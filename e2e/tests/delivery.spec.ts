import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

/** The JavaScript a visitor's browser needs before the home page renders, in KB of gzip. */
const HOME_JS_BUDGET_KB = 150;
const dist = path.resolve(__dirname, '../../frontend/dist');
const gzipKb = (urlPath: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, urlPath)), { level: 9 }).length / 1024;

test('hashed assets are served precompressed (brotli, else gzip) and cached for a year; pages are revalidated', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const br = await request.get(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status()).toBe(200);
    expect(br.headers()).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'content-type': expect.stringContaining('javascript'),
    });
    if (fs.statSync(path.join(dist, script)).size >= 1024) {
      expect(br.headers()['content-encoding']).toBe('br');
      const gz = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers()['content-encoding']).toBe('gzip');
    }
    // Playwright decodes the body: it is the very file that was built
    expect((await br.body()).equals(fs.readFileSync(path.join(dist, script)))).toBe(true);
  }
  const page = await request.get('/browse', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(await page.text()).toContain('<div id="root">');
});

test(`the home page needs under ${HOME_JS_BUDGET_KB} KB (gzip) of JavaScript before it renders`, async ({ page, request }) => {
  // what the page cannot render without: the entry and its static imports (index.html lists them);
  // everything else is imported on demand, after the first render
  const html = await (await request.get('/')).text();
  const beforeRender = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = beforeRender.map((p) => [p, Math.round(gzipKb(p) * 10) / 10] as const);
  const total = sizes.reduce((sum, [, kb]) => sum + kb, 0);
  test
    .info()
    .annotations.push({ type: 'home JS before render (KB gzip)', description: `${total.toFixed(1)} ${JSON.stringify(sizes)}` });
  expect(total, JSON.stringify(sizes)).toBeLessThan(HOME_JS_BUDGET_KB);
  // schema code (zod) and the socket client load later, when a page needs them
  for (const p of beforeRender) {
    const code = fs.readFileSync(path.join(dist, p), 'utf8');
    expect(code, p).not.toContain('engine.io');
    expect(code, p).not.toMatch(/ZodType|\$ZodError/);
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the home page names its hero picture in its HTML, as the page will ask for it (no second download)', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const preloads = [...html.matchAll(/<link [^>]*rel="preload"[^>]*>/g)].map((m) => m[0]);
  expect(preloads).toHaveLength(2);
  for (const tag of preloads) {
    expect(tag).toContain('as="image"');
    expect(tag).toContain('fetchpriority="high"');
  }
  // other pages have no hero
  expect(await (await request.get('/browse')).text()).not.toContain('rel="preload"');

  const requested: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/media/covers/hero-')) requested.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  const hero = page.locator('.hero__background img');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const desktop = preloads.find((t) => t.includes('hero-desktop'))!;
  const srcset = await hero.getAttribute('srcset');
  expect(desktop).toContain(`imagesrcset="${srcset}"`);
  expect(desktop).toContain(`imagesizes="${await hero.getAttribute('sizes')}"`);
  // the preload and the picture are one download
  expect(new Set(requested).size).toBe(requested.length);
});
