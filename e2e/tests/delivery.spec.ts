import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

/** The JavaScript a visitor's browser needs before the home page renders, in KB of gzip. */
const HOME_JS_BUDGET_KB = 150;
const dist = path.resolve(__dirname, '../../frontend/dist');
const gzipKb = (urlPath: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, urlPath)), { level: 9 }).length / 1024;

/**
 * The app's entry and the modules it imports at once, as a page names them: in its head (a page the
 * browser renders) or in the JSON block theme-init.js reads (a page the API rendered asks for them
 * once it painted).
 */
function appScriptsOf(html: string): string[] {
  const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const block = html.match(/<script type="application\/json" id="sparkhouse-app-scripts">(.*?)<\/script>/);
  const named = block ? (JSON.parse(block[1]) as { entry: string; preload: string[] }) : null;
  return [...linked, ...(named ? [named.entry, ...named.preload] : [])];
}

test('hashed assets are served precompressed (brotli, else gzip) and cached for a year; pages are revalidated', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const scripts = appScriptsOf(html);
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
  const beforeRender = appScriptsOf(html);
  expect(beforeRender.length).toBeGreaterThan(0);
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

test.describe('the home page rendered by the API', () => {
  test('comes with its page, its answers and its styles in the HTML; other pages stay an empty shell', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const home = await (await request.get('/api/getHomeContent')).json();
    expect(html).toContain(`<h1 id="hero-title" class="hero__title">`);
    expect(html).toContain('id="sparkhouse-state"');
    // its buttons wait for the app (a click before it took over would be lost); its links work at once
    expect(html).toMatch(/<button disabled="" data-until-live=""[^>]*>(<[^>]+>)*Sign in/);
    expect(html).toContain('href="/browse"');
    const state = JSON.parse(html.match(/<script type="application\/json" id="sparkhouse-state">(.*?)<\/script>/)![1]);
    expect(state.queries.map((q: { state: { data: unknown } }) => q.state.data)).toContainEqual(home);
    // its first paint waits for no stylesheet request, and for no script but theme-init.js
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(appScriptsOf(html).length).toBeGreaterThan(1);
    expect(html).toContain('<style>');
    const other = await (await request.get('/browse')).text();
    expect(other).toContain('<div id="root"></div>');
    expect(other).toMatch(/<link rel="stylesheet"/);
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('a visitor sees the hero, its categories and its actions', async ({ page, request }) => {
      const home = await (await request.get('/api/getHomeContent')).json();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
      const categories = page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link');
      await expect(categories).toHaveCount(home.browseCategories.length);
      await expect(categories.first()).toContainText(home.browseCategories[0].title);
      await expect(page.getByRole('link', { name: 'Explore Classes' })).toHaveAttribute('href', '/browse');
      await expect(page.locator('.hero__background img')).toHaveJSProperty('complete', true);
    });
  });

  test("asks for the app's scripts once its hero painted, or at once on the visitor's first input", async ({ page }) => {
    const firstScriptAt = () =>
      page.evaluate(() => {
        const scripts = performance.getEntriesByType('resource').filter((r) => /\/assets\/.*\.js$/.test(r.name));
        return scripts.length ? Math.min(...scripts.map((r) => r.startTime)) : null;
      });
    const largestPaintAt = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            new PerformanceObserver((list) => resolve(Math.max(...list.getEntries().map((e) => e.startTime)))).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            }),
          ),
      );
    await page.goto('/');
    await expect.poll(firstScriptAt).not.toBeNull();
    expect(await firstScriptAt()).toBeGreaterThanOrEqual(await largestPaintAt());
    // the app took the page over
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    // the hero held back: a key pressed before it painted starts the app
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/media\/covers\/hero-/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.keyboard.press('Tab');
    await expect.poll(firstScriptAt).not.toBeNull();
    // not theme-init.js's time limit (3 s after the page was parsed)
    expect(await firstScriptAt()).toBeLessThan(3000);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    release();
  });

  test('in the dark theme the page is dark before the app ran: the logo and the theme toggle follow it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const banner = page.getByRole('banner');
    await expect(banner.locator('.logo__text')).toHaveCSS('fill', 'rgb(242, 242, 247)');
    await expect(banner.locator('.theme-toggle__sun')).toBeVisible();
    await expect(banner.locator('.theme-toggle__moon')).toBeHidden();
  });

  test('the app takes the page over from its HTML without errors and without asking for the home content first', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const homeCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/getHomeContent')) homeCalls.push(r.url());
    });
    await page.goto('/');
    // the sign-in button only opens its dialog once the app has rendered
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Browse categories' })).toBeVisible();
    // the shelves load after the takeover: once they did, the home content was never asked for
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(homeCalls).toEqual([]);
    expect(problems).toEqual([]);
  });
});
