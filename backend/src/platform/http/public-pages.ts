import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ServerRenderAnswers } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { withHead, type PageHead } from './page-head';
import { ServerRendering, type RenderedHtml } from './server-rendering';

/** What a public page is made from: the call answers it shows first and its head. */
export interface PublicPage {
  answers: ServerRenderAnswers;
  head: PageHead;
}

/** A page's path parameters by name (`/classes/:storefrontSlug/:classSlug`), decoded. */
export type PageParams = Readonly<Record<string, string>>;

/** The page for these parameters, or null when there is none (the visitor gets the not-found page, 404). */
export type PublicPageLoader = (params: PageParams) => Promise<PublicPage | null>;

export interface PublicPageAnswer {
  status: 200 | 404;
  html: string;
  /** The rendered page with its compressed copies (absent when it went out unrendered). */
  rendered?: RenderedHtml;
}

interface Registered {
  pattern: RegExp;
  names: string[];
  load: PublicPageLoader;
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
 * The pages search engines and shared links land on (home, classes, collections, schools): each is
 * read by its module (a loader per route), sent with its head — title, description, canonical URL,
 * Open Graph and Twitter tags, schema.org data — and rendered on the server from the answers the
 * loader read. A route whose loader finds nothing answers HTTP 404 with the not-found page.
 */
@Injectable()
export class PublicPages {
  private readonly logger = new Logger('PublicPages');
  private readonly pages: Registered[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
    private readonly rendering: ServerRendering,
  ) {}

  register(route: string, load: PublicPageLoader): void {
    this.pages.push({ ...compile(route), load });
  }

  serves(path: string): boolean {
    return this.pages.some((page) => page.pattern.test(path));
  }

  /** The page at `path` within `indexHtml`; null when no route of this registry has it. */
  async answer(path: string, indexHtml: string): Promise<PublicPageAnswer | null> {
    for (const registered of this.pages) {
      const match = registered.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        registered.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1])));
      } catch {
        return this.notFound(path, indexHtml);
      }
      let page: PublicPage | null;
      try {
        page = await registered.load(params);
      } catch (err) {
        // the answers could not be read (the database is away): the page renders in the browser, as before
        this.logger.warn(`Sending ${path} unrendered: ${(err as Error).message}`);
        return { status: 200, html: indexHtml };
      }
      if (!page) return this.notFound(path, indexHtml);
      const withItsHead = withHead(indexHtml, page.head, this.config.PUBLIC_URL);
      const rendered = await this.rendering.renderWith(path, page.answers, withItsHead);
      return { status: 200, html: rendered?.html ?? withItsHead, rendered: rendered ?? undefined };
    }
    return null;
  }

  private notFound(path: string, indexHtml: string): PublicPageAnswer {
    return { status: 404, html: withHead(indexHtml, notFoundHead(path), this.config.PUBLIC_URL) };
  }
}
