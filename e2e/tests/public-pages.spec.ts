import { expect, test, type APIRequestContext } from '@playwright/test';
import { STUCK_MS } from '../support/waits';

/**
 * The pages search engines and shared links land on, as the server sends them (the web app's server
 * bundle renders them): class, collection and school pages read without JavaScript, carry their
 * tags and schema.org data, and an unknown address answers 404 with the not-found page.
 */

interface Card {
  title: string;
  storefrontSlug: string;
  classSlug: string;
  priceInfo: { priceInCents: number; currency: string };
}

const ldJson = (html: string): { '@type': string; [k: string]: unknown }[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

/** The most popular class of the demo catalogue (the home page's first), as a list. */
const popularClasses = async (request: APIRequestContext): Promise<Card[]> =>
  ((await (await request.get('/api/getMostPopularProducts?isForHomepage=true&limit=1')).json()) as { products: Card[] }).products;

test('class, collection and school pages come rendered, with their tags, and read without JavaScript', async ({
  request,
  browser,
}) => {
  const products = await popularClasses(request);
  const { collections } = (await (await request.get('/api/getAllProductCollections')).json()) as {
    collections: { slug: string; title: string }[];
  };
  const cls = products[0];
  const classPath = `/classes/${cls.storefrontSlug}/${cls.classSlug}`;

  const res = await request.get(classPath);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${classPath}">`));
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/api\/media\/covers\/[^"]+">/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  const course = ldJson(html).find((d) => d['@type'] === 'Course')!;
  expect(course).toMatchObject({
    name: cls.title,
    offers: {
      '@type': 'Offer',
      price: (cls.priceInfo.priceInCents / 100).toFixed(2),
      priceCurrency: cls.priceInfo.currency.toUpperCase(),
    },
  });
  expect(ldJson(html).map((d) => d['@type'])).toEqual(['Course', 'Product', 'BreadcrumbList']);

  // without JavaScript: the pages as the server rendered them
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const page = await noJs.newPage();
  await page.goto(classPath);
  await expect(page).toHaveTitle(`${cls.title} · Sparkhouse`);
  await expect(page.getByRole('heading', { level: 1, name: cls.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What is inside' })).toBeVisible();
  await page.goto(`/collections/${collections[0].slug}`);
  await expect(page.getByRole('heading', { level: 1, name: collections[0].title })).toBeVisible();
  await expect(page.getByRole('list', { name: collections[0].title }).getByRole('link').first()).toBeVisible();
  await page.goto('/school/music');
  await expect(page.getByRole('heading', { level: 1, name: 'The Music School' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('school-no-js.png'), fullPage: true });
  await noJs.close();

  // with JavaScript the app takes the rendered page over without loading it again
  const live = await browser.newPage();
  const calls: string[] = [];
  live.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/getProductWithClassSlug') calls.push(r.url());
  });
  await live.goto(classPath);
  await expect(live.getByRole('heading', { level: 1, name: cls.title })).toBeVisible({ timeout: STUCK_MS });
  await expect(live.getByRole('button', { name: 'Add to cart' })).toBeEnabled({ timeout: STUCK_MS });
  expect(calls).toEqual([]);
  await live.close();
});

test('an unknown class, collection or school answers 404 with the not-found page', async ({ request, page }) => {
  for (const [path, what] of [
    ['/classes/nobody/no-such-class', 'Class'],
    ['/collections/no-such-collection', 'Collection'],
    ['/schools/no-such-school', 'School'],
  ]) {
    const res = await request.get(path);
    expect({ path, status: res.status() }).toEqual({ path, status: 404 });
    expect(await res.text()).toContain('<meta name="robots" content="noindex">');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: `${what} not found` })).toBeVisible({ timeout: STUCK_MS });
  }
});

/**
 * The app replaces a rendered page with its own render. Were it to render before the page's own code
 * (a lazy chunk) had come, it would show its loading fallback, a blank page, until it came: the page
 * must stay on screen throughout, however slow that code is.
 */
test('a rendered page stays on screen while the app takes it over, however slow its code', async ({ page, request }) => {
  const products = await popularClasses(request);
  const classPath = `/classes/${products[0].storefrontSlug}/${products[0].classSlug}`;
  // every state the page's root goes through, from the first parse on
  await page.addInitScript(() => {
    const w = window as unknown as { blankAt: number[] };
    w.blankAt = [];
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      new MutationObserver(() => {
        if (!root.innerText.trim()) w.blankAt.push(Math.round(performance.now()));
      }).observe(root, { childList: true, subtree: true, characterData: true });
    });
  });
  // the app's entry comes at once; the chunks it loads after (the page's own code among them) come late
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (!/\/assets\/index-[^/]*\.js$/.test(route.request().url())) await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto(classPath);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // taken over: the app recorded the page's arrival itself
  await expect(page.locator('#sparkhouse-arrival')).toHaveAttribute('data-taken', /0/, { timeout: STUCK_MS });
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled({ timeout: STUCK_MS });
  expect(await page.evaluate(() => (window as unknown as { blankAt: number[] }).blankAt)).toEqual([]);
});

/**
 * Inside the app, the tab's title is the page's: every page names itself, and a page that has not (yet)
 * reads the site's name, never the title of the page left behind (the tab, the history list and a
 * bookmark all take it).
 */
test("the tab's title follows the pages visited inside the app, never a page left behind", async ({ page, request }) => {
  const products = await popularClasses(request);
  const homeTitle = /<title>([^<]*)<\/title>/.exec(await (await request.get('/')).text())![1];
  await page.goto(`/classes/${products[0].storefrontSlug}/${products[0].classSlug}`);
  await expect(page).toHaveTitle(`${products[0].title} · Sparkhouse`);
  // the app took the page over
  await expect(page.locator('#sparkhouse-arrival')).toHaveAttribute('data-taken', /0/, { timeout: STUCK_MS });

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible({ timeout: STUCK_MS });
  await expect(page).toHaveTitle('Terms of Use · Sparkhouse');

  await page.getByRole('link', { name: 'Sparkhouse home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: STUCK_MS });
  // the same title as the API's render of the home page
  await expect(page).toHaveTitle(homeTitle);
  expect(homeTitle).toMatch(/^Sparkhouse · /);
  expect(homeTitle).not.toMatch(/Sparkhouse$/);

  const inApp = (path: string) =>
    page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await inApp('/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations console' })).toBeVisible({ timeout: STUCK_MS });
  await expect(page).toHaveTitle('Operations console · Sparkhouse');
  await inApp('/no-such-page-here');
  await expect(page).toHaveTitle('Page not found · Sparkhouse');
  await inApp('/unsubscribe/reminders');
  await expect(page).toHaveTitle('Stop reminder emails · Sparkhouse');
});
