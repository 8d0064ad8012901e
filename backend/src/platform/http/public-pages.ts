import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ServerRenderAnswers } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { withHead, type PageHead } from './page-head';

export type { PageHead } from './page-head';

/** What a public page is made from: the call answers it shows first and its head. */
export interface PublicPage {
  answers: ServerRenderAnswers;
  head: PageHead;
}

/** A page's path parameters by name (`/classes/:storefrontSlug/:classSlug`), decoded. */
export type PageParams = Readonly<Record<string, string>>;

/** How a public page answers a path. */
export type PublicPageAnswer =
  | ({ kind: 'page' } & PublicPage)
  /** The page lives elsewhere now (an old slug): a 301 there. */
  | { kind: 'moved'; location: string }
  /** Unknown or not public: HTTP 404 with the app's not-found page. */
  | { kind: 'not-found' }
  /** Not for this page to answer: sent as any other page of the app. */
  | { kind: 'plain' };

/** How a registered route answers its parameters. */
export type PublicPageResolver = (params: PageParams) => Promise<PublicPageAnswer>;

/** The page for these parameters, or null when there is none (the visitor gets the not-found page, 404). */
export type PublicPageLoader = (params: PageParams) => Promise<PublicPage | null>;

interface Registered {
  pattern: RegExp;
  names: string[];
  resolve: PublicPageResolver;
}

/** The head of the not-found page: it says so, and asks not to be indexed. */
export const notFoundHead = (path: string): PageHead => ({
  title: 'Page not found',
  description: 'There is no page at this address. Browse the classes or go back to the home page.',
  canonicalPath: path,
  noIndex: true,
});

function compile(route: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = route
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

/**
 * The pages search engines and shared links land on (home, classes, collections, schools, an app's
 * landing page, creators' storefronts): modules register a route (`/apps/:storefrontSlug/:appSlug`)
 * and how to answer it — the page with the call answers it is rendered from and its head (title,
 * description, canonical URL, Open Graph and Twitter tags, schema.org data), a 301 to where it moved,
 * or a 404. The API process (spa.ts) asks here before sending index.html for a path.
 */
@Injectable()
export class PublicPages {
  private readonly logger = new Logger('PublicPages');
  private readonly pages: Registered[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>) {}

  register(route: string, resolve: PublicPageResolver): void {
    this.pages.push({ ...compile(route), resolve });
  }

  /** A route whose page is found or not (no moves): a page, or the not-found page as a 404. */
  registerPage(route: string, load: PublicPageLoader): void {
    this.register(route, async (params) => {
      const page = await load(params);
      return page ? { kind: 'page', ...page } : { kind: 'not-found' };
    });
  }

  /** The answer for a path (without query), or null when no public page is registered for it. */
  async answer(pathname: string): Promise<PublicPageAnswer | null> {
    for (const registered of this.pages) {
      const match = registered.pattern.exec(pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        registered.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
      } catch {
        return { kind: 'not-found' };
      }
      try {
        return await registered.resolve(params);
      } catch (err) {
        // its answers could not be read (the database is away): the page renders in the browser, as before
        this.logger.warn(`Sending ${pathname} unrendered: ${(err as Error).message}`);
        return { kind: 'plain' };
      }
    }
    return null;
  }

  /** index.html with the page's head tags. */
  withHead(indexHtml: string, head: PageHead): string {
    return withHead(indexHtml, head, this.config.PUBLIC_URL);
  }
}
