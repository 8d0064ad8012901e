import { expect, test } from '@playwright/test';
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

test('class, collection and school pages come rendered, with their tags, and read without JavaScript', async ({
  request,
  browser,
}) => {
  const { products } = (await (await request.get('/api/getMostPopularProducts?isForHomepage=true&limit=1')).json()) as {
    products: Card[];
  };
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
