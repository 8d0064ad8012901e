import { headTags, shortText, withHead } from './page-head';
import { PublicPages } from './public-pages';
import type { ServerRendering } from './server-rendering';

const INDEX =
  '<html><head><meta name="description" content="Sparkhouse: classes." /><title>Sparkhouse</title></head>' +
  '<body><div id="root"></div></body></html>';

/** A registry whose renderer only says which answers it was given. */
function pages() {
  const rendering = {
    renderWith: async (path: string, answers: object, html: string) => ({
      html: html.replace('<div id="root"></div>', `<div id="root">${path} ${JSON.stringify(answers)}</div>`),
      br: Buffer.alloc(0),
      gzip: Buffer.alloc(0),
    }),
  } as unknown as ServerRendering;
  return new PublicPages({ PUBLIC_URL: 'https://example.test' }, rendering);
}

describe('public pages', () => {
  it('matches routes with parameters, decodes them, and renders with the page head', async () => {
    const registry = pages();
    const seen: unknown[] = [];
    registry.register('/classes/:storefrontSlug/:classSlug', async (params) => {
      seen.push(params);
      return { answers: { getClass: { ok: true } }, head: { title: 'Piano', description: 'Keys', canonicalPath: '/classes/a/b' } };
    });
    expect(registry.serves('/classes/a/b')).toBe(true);
    expect(registry.serves('/classes/a/b/')).toBe(true);
    expect(registry.serves('/classes/a')).toBe(false);
    expect(registry.serves('/classes/a/b/c')).toBe(false);
    const answer = (await registry.answer('/classes/ana%20b/piano', INDEX))!;
    expect(seen).toEqual([{ storefrontSlug: 'ana b', classSlug: 'piano' }]);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('<title>Piano · Sparkhouse</title>');
    expect(answer.html).toContain('<meta name="description" content="Keys" />');
    expect(answer.html).toContain('<link rel="canonical" href="https://example.test/classes/a/b">');
    expect(answer.html).toContain('<div id="root">/classes/ana%20b/piano {"getClass":{"ok":true}}</div>');
    expect(await registry.answer('/browse', INDEX)).toBeNull();
  });

  it('answers 404 when the loader finds nothing or the path cannot be decoded, and the plain page when it fails', async () => {
    const registry = pages();
    registry.register('/collections/:slug', async ({ slug }) => {
      if (slug === 'broken') throw new Error('database away');
      return null;
    });
    for (const path of ['/collections/none', '/collections/%E0%A4%A']) {
      const answer = (await registry.answer(path, INDEX))!;
      expect(answer.status).toBe(404);
      expect(answer.html).toContain('<title>Page not found · Sparkhouse</title>');
      expect(answer.html).toContain('<meta name="robots" content="noindex">');
    }
    expect(await registry.answer('/collections/broken', INDEX)).toEqual({ status: 200, html: INDEX });
  });

  it('escapes what a page says about itself and keeps descriptions short', () => {
    const tags = headTags(
      { title: 'A "quoted" <b>', description: 'x', canonicalPath: '/p', image: '/i.webp', structuredData: [{ name: '</script>' }] },
      'https://example.test',
    );
    expect(tags).toContain('<meta property="og:title" content="A &quot;quoted&quot; &lt;b&gt;">');
    expect(tags).toContain('<meta property="og:image" content="https://example.test/i.webp">');
    expect(tags).toContain('<script type="application/ld+json">{"name":"\\u003c/script\\u003e"}</script>');
    expect(withHead(INDEX, { title: 'T $& $1', description: 'd', canonicalPath: '/' }, 'https://example.test')).toContain(
      '<title>T $&amp; $1 · Sparkhouse</title>',
    );
    const long = shortText('word '.repeat(100), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });
});
