import { HINTS_MARKER, PageHints, preloadTag, withHints } from './page-hints';

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

  it("puts a page's tags at index.html's marker, ahead of its stylesheets and scripts (before </head> without one)", () => {
    const index = `<head><title>x</title>${HINTS_MARKER}<link rel="stylesheet" href="/a.css"><script src="/b.js"></script></head>`;
    expect(withHints(index, '<link rel="preload">')).toBe(
      '<head><title>x</title><link rel="preload"><link rel="stylesheet" href="/a.css"><script src="/b.js"></script></head>',
    );
    expect(withHints('<head><title>x</title></head>', '<link rel="preload">')).toBe(
      '<head><title>x</title><link rel="preload"></head>',
    );
    expect(withHints(index, '')).toBe(index);
  });
});
