import { headTags, PublicPages, withHead } from './public-pages';

describe('public pages', () => {
  const head = {
    title: 'Stride "Coach" · Sparkhouse',
    description: 'Run <far>',
    canonicalPath: '/apps/casey/stride-coach',
    image: { url: '/api/media/app-images/share-x.png', width: 1200, height: 630, alt: 'Stride' },
    type: 'product' as const,
  };

  it('head tags: canonical, Open Graph and Twitter card, absolute and escaped', () => {
    const tags = headTags(head, 'https://sparkhouse.example/');
    expect(tags).toContain('<link rel="canonical" href="https://sparkhouse.example/apps/casey/stride-coach">');
    expect(tags).toContain('<meta property="og:image" content="https://sparkhouse.example/api/media/app-images/share-x.png">');
    expect(tags).toContain('<meta property="og:title" content="Stride &quot;Coach&quot; · Sparkhouse">');
    expect(tags).toContain('<meta name="description" content="Run &lt;far&gt;">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(headTags({ ...head, image: null }, 'https://s.example')).toContain('content="summary"');
  });

  it("replaces index.html's title and generic description", () => {
    const html = withHead(
      '<html><head><meta name="description" content="generic" /><title>Sparkhouse</title></head><body></body></html>',
      head,
      'http://localhost:3000',
    );
    expect(html).toContain('<title>Stride &quot;Coach&quot; · Sparkhouse</title>');
    expect(html).not.toContain('generic');
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('answers a registered pattern with its decoded parameters, null for any other path', async () => {
    const pages = new PublicPages({ PUBLIC_URL: 'http://localhost:3000' });
    const seen: Record<string, string>[] = [];
    pages.register('/apps/:storefrontSlug/:appSlug', async (params) => {
      seen.push({ ...params });
      return { kind: 'not-found' };
    });
    expect(await pages.answer('/apps/casey/caf%C3%A9')).toEqual({ kind: 'not-found' });
    expect(seen).toEqual([{ storefrontSlug: 'casey', appSlug: 'café' }]);
    expect(await pages.answer('/apps/casey/stride/onboarding')).toBeNull();
    expect(await pages.answer('/apps/casey')).toBeNull();
  });
});
