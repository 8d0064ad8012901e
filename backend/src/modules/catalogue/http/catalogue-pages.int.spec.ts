import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_STATE_ELEMENT_ID } from '@sparkhouse/contracts';
import { publish, useCatalogueApi } from '../../../test-support/catalogue-api';

/**
 * A built web app in a folder of its own: index.html as Vite writes it, a page stylesheet named by the
 * build's manifest, and a server bundle that renders the answers it is given (the real bundle's pages
 * have their own journey in e2e/tests/public-pages.spec.ts).
 */
function builtWebApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-pages-'));
  fs.mkdirSync(path.join(dir, 'dist/assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'dist/.vite'));
  fs.mkdirSync(path.join(dir, 'dist-server'));
  fs.writeFileSync(
    path.join(dir, 'dist/index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
      '<meta name="description" content="Sparkhouse: online classes." /><title>Sparkhouse</title><!-- page-hints -->' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'dist/assets/index-1.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'dist/assets/ClassPage-1.css'), '.class-page{display:grid}');
  fs.writeFileSync(
    path.join(dir, 'dist/.vite/manifest.json'),
    JSON.stringify({ 'src/routes/classes/ClassPage.tsx': { file: 'assets/ClassPage-1.js', css: ['assets/ClassPage-1.css'] } }),
  );
  fs.writeFileSync(
    path.join(dir, 'dist-server/entry-server.cjs'),
    `exports.renderPage = async (path, answers) => {
      const [call, answer] = Object.entries(answers)[0];
      const thing = answer.product || answer.collection || answer.school || answer.hero;
      const modules = path.startsWith('/classes/') ? ['src/routes/classes/ClassPage.tsx'] : [];
      return { html: '<h1>' + thing.title + '</h1><p>' + call + '</p>', state: { answers }, modules };
    };`,
  );
  return path.join(dir, 'dist');
}

const PUBLIC_URL = 'https://sparkhouse.example';

/** The page's JSON-LD blocks, parsed. */
const structuredData = (html: string): Record<string, any>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

describe('class, collection and school pages as the server sends them (real API process)', () => {
  const api = useCatalogueApi({ FRONTEND_DIST: builtWebApp(), PUBLIC_URL });
  let cls: Awaited<ReturnType<typeof publish>>;
  let other: Awaited<ReturnType<typeof publish>>;

  beforeAll(async () => {
    cls = await publish(api, {
      title: 'Jazz Piano <Basics> & "Swing"',
      description: 'Chords, voicings and swing feel for the curious beginner.',
      priceInfo: { priceInCents: 2900, currency: 'USD' },
      rating: 4.5,
      ratingCount: 10,
    });
    other = await publish(api, { title: 'Blues Guitar Licks', priceInfo: { priceInCents: 0, currency: 'USD' }, ratingCount: 0 });
    const made = await api.admin('POST', '/catalogue/admin/collections', {
      slug: 'keys-and-strings',
      title: 'Keys and Strings',
      description: 'Piano and guitar, from the first chord.',
      coverUrl: '/api/media/covers/cover-0002.webp',
      productIds: [cls.id, other.id],
    });
    expect(made.status).toBe(201);
    const school = await api.admin('POST', '/catalogue/admin/schools', {
      slug: 'music',
      title: 'The Music School',
      description: 'Every music class.',
      productIds: [other.id],
    });
    expect(school.status).toBe(201);
  });

  it('sends a class rendered, with its title, description, canonical URL, previews and stylesheet', async () => {
    const res = await api.page(`/classes/${cls.storefrontSlug}/${cls.classSlug}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const url = `${PUBLIC_URL}/classes/${cls.storefrontSlug}/${cls.classSlug}`;
    expect(html).toContain('<title>Jazz Piano &lt;Basics&gt; &amp; "Swing" · Sparkhouse</title>');
    expect(html).toContain('<meta name="description" content="Chords, voicings and swing feel for the curious beginner." />');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:title')).toBe('Jazz Piano &lt;Basics&gt; &amp; &quot;Swing&quot;');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/api/media/covers/cover-0001.webp`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${PUBLIC_URL}/api/media/covers/cover-0001.webp`);
    expect(html).not.toContain('name="robots"');
    // the cover, the page's largest paint, is asked for with the head, ahead of the styles and scripts
    const preload = html.indexOf(
      '<link rel="preload" as="image" href="/api/media/covers/cover-0001.webp" imagesrcset="/api/media/covers/cover-0001-480w.webp 480w, ',
    );
    expect(preload).toBeGreaterThan(html.indexOf('</title>'));
    expect(preload).toBeLessThan(html.indexOf('<style>'));
    expect(html).toContain('imagesizes="(max-width: 1200px) 100vw, 1200px" fetchpriority="high">');
    // rendered from getProductWithClassSlug's own answer, with the class page's stylesheet inlined
    expect(html).toContain('<div id="root"><h1>Jazz Piano <Basics> & "Swing"</h1><p>getProductWithClassSlug</p></div>');
    expect(html).toContain('<style>.class-page{display:grid}</style>');
    const state = JSON.parse(html.match(new RegExp(`id="${SERVER_STATE_ELEMENT_ID}">(.*?)</script>`))![1]);
    const answer = await api.get(`/getProductWithClassSlug?storefront_slug=${cls.storefrontSlug}&class_slug=${cls.classSlug}`);
    expect(state.answers.getProductWithClassSlug).toEqual(answer.body);
  });

  it('describes a class as a schema.org Course and Product with its price, rating and breadcrumbs', async () => {
    const html = await (await api.page(`/classes/${cls.storefrontSlug}/${cls.classSlug}`)).text();
    const url = `${PUBLIC_URL}/classes/${cls.storefrontSlug}/${cls.classSlug}`;
    const [course, product, crumbs] = structuredData(html);
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Jazz Piano <Basics> & "Swing"',
      url,
      image: `${PUBLIC_URL}/api/media/covers/cover-0001.webp`,
      provider: { '@type': 'Organization', name: 'Sparkhouse' },
      creator: { '@type': 'Person', name: 'Ava Reyes' },
      timeRequired: 'PT7M',
      offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'USD', category: 'Paid', url },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 10, bestRating: 5 },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
    });
    expect(product).toMatchObject({ '@type': 'Product', sku: cls.id, offers: { price: '29.00', priceCurrency: 'USD' } });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { item: string }) => i.item)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/browse`, url]);
    // no text of the class can end the JSON-LD block
    for (const block of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g))
      expect(block[1]).not.toContain('<');

    const free = structuredData(await (await api.page(`/classes/${other.storefrontSlug}/${other.classSlug}`)).text());
    expect(free[0].offers).toMatchObject({ price: '0.00', category: 'Free' });
    expect(free[0].aggregateRating).toBeUndefined();
  });

  it('sends a collection and a school with their tags and the list of their classes', async () => {
    const res = await api.page('/collections/keys-and-strings');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Keys and Strings · Sparkhouse</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/collections/keys-and-strings">`);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/api/media/covers/cover-0002.webp`);
    expect(html).toContain('<h1>Keys and Strings</h1><p>getProductCollectionWithSlug</p>');
    const [page] = structuredData(html);
    expect(page['@type']).toBe('CollectionPage');
    expect(page.mainEntity.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, url: `${PUBLIC_URL}/classes/${cls.storefrontSlug}/${cls.classSlug}`, name: cls.title },
      {
        '@type': 'ListItem',
        position: 2,
        url: `${PUBLIC_URL}/classes/${other.storefrontSlug}/${other.classSlug}`,
        name: other.title,
      },
    ]);

    for (const schoolPath of ['/school/music', '/schools/music']) {
      const school = await api.page(schoolPath);
      expect(school.status).toBe(200);
      const schoolHtml = await school.text();
      expect(schoolHtml).toContain('<h1>The Music School</h1><p>getSchoolWithSlug</p>');
      // one address for the school, whichever way it was reached
      expect(schoolHtml).toContain(`<link rel="canonical" href="${PUBLIC_URL}/school/music">`);
      // no cover of its own: its first class's
      expect(meta(schoolHtml, 'og:image')).toBe(`${PUBLIC_URL}/api/media/covers/cover-0001.webp`);
    }
  });

  it('answers 404 with the not-found page for an unknown class, collection or school', async () => {
    for (const missing of [
      `/classes/${cls.storefrontSlug}/no-such-class`,
      '/classes/nobody/x',
      '/classes/Bad%20Slug/%E0%A4%A',
      '/collections/no-such-collection',
      '/schools/no-such-school',
      // a collection is not a school
      '/schools/keys-and-strings',
    ]) {
      const res = await api.page(missing);
      expect({ missing, status: res.status }).toEqual({ missing, status: 404 });
      const html = await res.text();
      expect(html).toContain('<title>Page not found · Sparkhouse</title>');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it('sends the home page with its tags and the site’s structured data', async () => {
    const res = await api.page('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/api/media/covers/hero-desktop.webp`);
    expect(html).toContain('<p>getHomeContent</p>');
    const types = structuredData(html).map((d) => d['@type']);
    expect(types).toEqual(['WebSite', 'Organization']);
  });
});
