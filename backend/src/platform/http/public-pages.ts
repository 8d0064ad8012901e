import { Inject, Injectable } from '@nestjs/common';
import type { ServerRenderAnswers } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** What link previews and search engines read of a page (its `<head>`). */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path (e.g. /apps/casey/5k-running-coach): made absolute with PUBLIC_URL. */
  canonicalPath: string;
  /** The picture a shared link shows (a path or an absolute URL). */
  image?: { url: string; width: number; height: number; alt: string } | null;
  /** Open Graph type. */
  type?: 'website' | 'product' | 'profile';
}

/** How a public page answers a path. */
export type PublicPageAnswer =
  | { kind: 'page'; answers: ServerRenderAnswers; head: PageHead }
  /** The page lives elsewhere now (an old slug): a 301 there. */
  | { kind: 'moved'; location: string }
  /** Unknown or not public: HTTP 404 with the app's not-found page. */
  | { kind: 'not-found' }
  /** Not for this page to answer: sent as any other page of the app. */
  | { kind: 'plain' };

type Resolver = (params: Readonly<Record<string, string>>) => Promise<PublicPageAnswer>;

interface Registered {
  pattern: RegExp;
  names: string[];
  resolve: Resolver;
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The `<head>` tags of a page: title, description, canonical URL, Open Graph and Twitter card. */
export function headTags(head: PageHead, publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);
  const canonical = absolute(head.canonicalPath);
  const meta: [string, string, string][] = [
    ['name', 'description', head.description],
    ['property', 'og:type', head.type ?? 'website'],
    ['property', 'og:site_name', 'Sparkhouse'],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', canonical],
    ['name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
  ];
  if (head.image) {
    meta.push(
      ['property', 'og:image', absolute(head.image.url)],
      ['property', 'og:image:width', String(head.image.width)],
      ['property', 'og:image:height', String(head.image.height)],
      ['property', 'og:image:alt', head.image.alt],
      ['name', 'twitter:image', absolute(head.image.url)],
      ['name', 'twitter:image:alt', head.image.alt],
    );
  }
  return [
    `<link rel="canonical" href="${escapeAttr(canonical)}">`,
    ...meta.map(([attr, name, content]) => `<meta ${attr}="${name}" content="${escapeAttr(content)}">`),
  ].join('');
}

/** index.html with the page's title, and its description and sharing tags in place of the generic description. */
export function withHead(indexHtml: string, head: PageHead, publicUrl: string): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttr(head.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${headTags(head, publicUrl)}</head>`);
}

/**
 * Public pages whose answer depends on their path's parameters (an app's landing page, a creator's
 * storefront): modules register a path pattern (`/apps/:storefrontSlug/:appSlug`) and how to answer
 * it — the page with the call answers it is rendered from and its head tags, a 301 to where it moved,
 * or a 404. The API process (spa.ts) asks here before sending index.html for a path.
 */
@Injectable()
export class PublicPages {
  private readonly pages: Registered[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>) {}

  register(route: string, resolve: Resolver): void {
    const names: string[] = [];
    const source = route
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.pages.push({ pattern: new RegExp(`^${source}/?$`), names, resolve });
  }

  /** The answer for a path (decoded, without query), or null when no public page is registered for it. */
  async answer(pathname: string): Promise<PublicPageAnswer | null> {
    for (const page of this.pages) {
      const match = page.pattern.exec(pathname);
      if (!match) continue;
      const params = Object.fromEntries(page.names.map((name, i) => [name, safeDecode(match[i + 1]!)]));
      return page.resolve(params);
    }
    return null;
  }

  /** index.html with the page's head tags. */
  withHead(indexHtml: string, head: PageHead): string {
    return withHead(indexHtml, head, this.config.PUBLIC_URL);
  }
}
