import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  APP_SCRIPTS_ELEMENT_ID,
  ARRIVAL_EVENTS_ELEMENT_ID,
  SERVER_STATE_ELEMENT_ID,
  type AppScripts,
  type RenderPage,
  type ServerRenderAnswers,
  type ServerRenderedPage,
} from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';

/** The web app's server bundle beside its built files (`vite build --ssr`, see frontend/vite.config.mts). */
export const serverBundlePath = (distDir: string) =>
  path.join(path.dirname(path.resolve(distDir)), 'dist-server', 'entry-server.cjs');

/** A page as sent: the HTML and its compressed copies, made once per distinct content. */
export interface RenderedHtml {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** Rendered pages kept (the last copy of each path, most recent last). */
const MAX_CACHED_PAGES = 500;
const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="(\/assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * index.html with its stylesheets' text in place of their links: a rendered page paints as soon as
 * its HTML arrived, without waiting for more requests (a link whose file cannot be read stays).
 */
export function withInlineStyles(indexHtml: string, readAsset: (urlPath: string) => string | null): string {
  return indexHtml.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = readAsset(href);
    return css === null ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** The client build's manifest entries (dist/.vite/manifest.json), by source path. */
export type BuildManifest = Readonly<Record<string, { file: string; css?: string[]; imports?: string[] }>>;

/** The stylesheets (`/assets/….css`) of these modules and of every chunk they import, each once. */
export function stylesheetsOf(manifest: BuildManifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) return;
    for (const file of entry.css ?? []) css.add(`/${file}`);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...css];
}

/** index.html with links to these stylesheets (those it does not link yet) at the end of its head. */
export function withStylesheets(indexHtml: string, hrefs: readonly string[]): string {
  const links = hrefs
    .filter((href) => !indexHtml.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');
  return links ? indexHtml.replace('</head>', `${links}</head>`) : indexHtml;
}

const ENTRY_SCRIPT = /<script type="module"[^>]*? src="(\/assets\/[\w.-]+\.js)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*? href="(\/assets\/[\w.-]+\.js)"[^>]*>\s*/g;

/**
 * index.html without the app's entry script and its module preloads, and what they named (null when it
 * has no entry script of the build's own). A rendered page is painted from its HTML: it asks for the
 * app's scripts only once its first picture painted (theme-init.js), so on a slow phone neither their
 * download nor their run comes before the page's largest paint.
 */
export function withoutAppScripts(indexHtml: string): { html: string; scripts: AppScripts } | null {
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!entry) return null;
  const preload = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  return { html: indexHtml.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), scripts: { entry: entry[1]!, preload } };
}

/** A JSON data block (nothing executes it, the content security policy stays as it is); `<` escaped so no text ends it. */
const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * `index.html` with a page rendered into its root and the query cache it was rendered from beside it,
 * in a JSON data block, the app's scripts named in another (see withoutAppScripts), and the analytics
 * events the app records on arrival in a third (theme-init.js sends them if the visitor leaves first).
 */
export function withRenderedPage(indexHtml: string, page: ServerRenderedPage): string {
  if (!indexHtml.includes(ROOT_ELEMENT)) return indexHtml;
  const deferred = withoutAppScripts(indexHtml);
  const scripts = deferred ? jsonBlock(APP_SCRIPTS_ELEMENT_ID, deferred.scripts) : '';
  const arrival = page.arrival ? jsonBlock(ARRIVAL_EVENTS_ELEMENT_ID, page.arrival) : '';
  return (deferred?.html ?? indexHtml).replace(
    ROOT_ELEMENT,
    () => `<div id="root">${page.html}</div>${jsonBlock(SERVER_STATE_ELEMENT_ID, page.state)}${scripts}${arrival}`,
  );
}

/**
 * Pages the API process renders before sending them, so a browser paints the page from its HTML
 * before any JavaScript ran (the home page's hero, its largest paint, on a slow phone). Modules
 * register, per page path, the call answers the page shows first; the web app's server bundle renders
 * the page from them. Without the bundle (not built) or when a render fails, the page goes out as the
 * plain index.html and the browser renders it as before: rendering here only ever makes a page faster.
 */
@Injectable()
export class ServerRendering {
  private readonly logger = new Logger('ServerRendering');
  private readonly answersByPath = new Map<string, () => Promise<ServerRenderAnswers>>();
  /** The last page sent per path, by its content: rendered and compressed again only when that changes. */
  private readonly lastByPath = new Map<string, { key: string; page: RenderedHtml }>();
  private renderPage: RenderPage | null | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'FRONTEND_DIST'>) {}

  register(pagePath: string, answers: () => Promise<ServerRenderAnswers>): void {
    this.answersByPath.set(pagePath, answers);
  }

  renders(pagePath: string): boolean {
    return this.answersByPath.has(pagePath);
  }

  /** The page's HTML rendered into `indexHtml`, or null to send the plain page. */
  async render(pagePath: string, indexHtml: string): Promise<RenderedHtml | null> {
    const load = this.answersByPath.get(pagePath);
    if (!load || !this.bundle()) return null;
    try {
      return await this.renderWith(pagePath, await load(), indexHtml);
    } catch (err) {
      this.logger.warn(`Sending ${pagePath} unrendered: ${(err as Error).message}`);
      return null;
    }
  }

  /**
   * A page rendered from answers read by its caller (a page whose path has parameters, see
   * PublicPages), or null to send the plain page.
   */
  async renderWith(pagePath: string, answers: ServerRenderAnswers, indexHtml: string): Promise<RenderedHtml | null> {
    const render = this.bundle();
    if (!render) return null;
    try {
      const key = `${JSON.stringify(answers)}\n${indexHtml}`;
      const last = this.lastByPath.get(pagePath);
      if (last?.key === key) return last.page;
      const rendered = await render(pagePath, answers);
      if (!rendered) return null;
      // the page's own stylesheets (a lazy page's chunk) too: it paints as it will look
      const withPageStyles = withStylesheets(indexHtml, stylesheetsOf(this.manifest(), rendered.modules ?? []));
      const html = withRenderedPage(
        withInlineStyles(withPageStyles, (href) => this.readAsset(href)),
        rendered,
      );
      const page: RenderedHtml = {
        html,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      // one entry per path: the oldest goes once there are many (every class has its own page)
      this.lastByPath.delete(pagePath);
      this.lastByPath.set(pagePath, { key, page });
      if (this.lastByPath.size > MAX_CACHED_PAGES) this.lastByPath.delete(this.lastByPath.keys().next().value!);
      return page;
    } catch (err) {
      this.logger.warn(`Sending ${pagePath} unrendered: ${(err as Error).message}`);
      return null;
    }
  }

  private buildManifest: BuildManifest | undefined;

  private manifest(): BuildManifest {
    if (this.buildManifest) return this.buildManifest;
    const text = this.readAsset('/.vite/manifest.json');
    try {
      this.buildManifest = text ? (JSON.parse(text) as BuildManifest) : {};
    } catch {
      this.buildManifest = {};
    }
    return this.buildManifest;
  }

  private readAsset(urlPath: string): string | null {
    const root = path.resolve(this.config.FRONTEND_DIST);
    const file = path.join(root, urlPath);
    if (!file.startsWith(root + path.sep)) return null;
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  }

  private bundle(): RenderPage | null {
    if (this.renderPage !== undefined) return this.renderPage;
    const file = serverBundlePath(this.config.FRONTEND_DIST);
    this.renderPage = null;
    if (!fs.existsSync(file)) {
      this.logger.log(`No server bundle at ${file}: pages are rendered in the browser only.`);
      return null;
    }
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      this.renderPage = (require(file) as { renderPage: RenderPage }).renderPage;
    } catch (err) {
      this.logger.warn(`The server bundle ${file} could not be loaded: ${(err as Error).message}`);
    }
    return this.renderPage;
  }
}
