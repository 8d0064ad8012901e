import { PageHints, preloadTag } from './page-hints';

describe('page hints', () => {
  it('writes a preload link per hint of the page, escaped, and nothing for other pages', () => {
    const hints = new PageHints();
    hints.register('/', [{ id: 'hero', as: 'image', href: '/a.webp', imageSrcSet: '/a-960w.webp 960w', fetchPriority: 'high' }]);
    hints.register('/', [{ as: 'image', href: '/b".webp', media: '(max-width: 400px)' }]);
    expect(hints.tagsFor('/')).toBe(
      '<link id="hero" rel="preload" as="image" href="/a.webp" imagesrcset="/a-960w.webp 960w" fetchpriority="high">' +
        '<link rel="preload" as="image" href="/b&quot;.webp" media="(max-width: 400px)">',
    );
    expect(hints.tagsFor('/browse')).toBe('');
  });

  it('names only the attributes a hint has', () => {
    expect(preloadTag({ as: 'image', href: '/x.webp' })).toBe('<link rel="preload" as="image" href="/x.webp">');
  });
});
