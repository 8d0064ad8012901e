import { headTags, shortText, withHead } from './page-head';
import { PublicPages } from './public-pages';

const INDEX =
  '<html><head><meta name="description" content="Sparkhouse: classes." /><title>Sparkhouse</title></head>' +
  '<body><div id="root"></div></body></html>';

const pages = () => new PublicPages({ PUBLIC_URL: 'https://example.test' });

describe('public pages', () => {
  it('matches routes with parameters and decodes them', async () => {
    const registry = pages();
    const seen: unknown[] = [];
    registry.registerPage('/classes/:storefrontSlug/:classSlug', async (params) => {
      seen.push(params);
      return {
        answers: { getClass: { ok: true } },
        head: { title: 'Piano', description: 'Keys', canonicalPath: '/classes/a/b' },
      };
    });
    const answer = await registry.answer('/classes/ana%20b/piano');
    expect(seen).toEqual([{ storefrontSlug: 'ana b', classSlug: 'piano' }]);
    expect(answer).toMatchObject({ kind: 'page', answers: { getClass: { ok: true } } });
    expect(await registry.answer('/classes/a/b/')).toMatchObject({ kind: 'page' });
    expect(await registry.answer('/classes/a')).toBeNull();
    expect(await registry.answer('/classes/a/b/c')).toBeNull();
    expect(await registry.answer('/browse')).toBeNull();
  });

  it('is not found when the loader finds nothing or the path cannot be decoded, and plain when it fails', async () => {
    const registry = pages();
    registry.registerPage('/collections/:slug', async ({ slug }) => {
      if (slug === 'broken') throw new Error('database away');
      return null;
    });
    expect(await registry.answer('/collections/none')).toEqual({ kind: 'not-found' });
    expect(await registry.answer('/collections/%E0%A4%A')).toEqual({ kind: 'not-found' });
    // the answers could not be read: the page goes out as the app's shell, never as a 500
    expect(await registry.answer('/collections/broken')).toEqual({ kind: 'plain' });
  });

  it('writes the head: title, canonical URL, previews, JSON-LD, all escaped', () => {
    const html = pages().withHead(INDEX, { title: 'Piano', description: 'Keys', canonicalPath: '/classes/a/b' });
    expect(html).toContain('<title>Piano · Sparkhouse</title>');
    // a title that names the site already, first (the home page) or last, names it once
    for (const title of ['Sparkhouse · Learn at your pace', 'Casey · Creator on Sparkhouse']) {
      expect(pages().withHead(INDEX, { title, description: 'd', canonicalPath: '/' })).toContain(`<title>${title}</title>`);
    }
    expect(html).toContain('<meta name="description" content="Keys" />');
    expect(html).toContain('<link rel="canonical" href="https://example.test/classes/a/b">');
    const tags = headTags(
      {
        title: 'A "quoted" <b>',
        description: 'x',
        canonicalPath: '/p',
        image: '/i.webp',
        structuredData: [{ name: '</script>' }],
      },
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
