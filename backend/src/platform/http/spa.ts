import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isWebRoute } from '@sparkhouse/contracts';
import { withHints, type PageHints } from './page-hints';

/** The app's page for a path it has no page for: its own not-found page, with a title that says so, as a 404. */
function sendNotFound(res: Response, indexHtml: string) {
  res.status(404);
  res.setHeader('Cache-Control', 'no-cache');
  res.type('html').send(indexHtml.replace(/<title>[^<]*<\/title>/, '<title>Page not found · Sparkhouse</title>'));
}
import type { RenderedHtml, ServerRendering } from './server-rendering';
import { notFoundHead, type PublicPages } from './public-pages';

/** Files whose name carries their content hash (Vite's assets/): they never change, so browsers keep them. */
const HASHED = /^\/assets\//;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const HAS_EXTENSION = /\.[A-Za-z0-9]+$/;
const encodings = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

function cacheControl(res: Response, urlPath: string) {
  // anything else (index.html, favicon, theme-init.js) is revalidated with its ETag on every use
  res.setHeader('Cache-Control', HASHED.test(urlPath) ? IMMUTABLE : 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
}

/** A page made for this request (its hints, or rendered by the API): always revalidated. */
function sendPage(req: Request, res: Response, html: string, rendered?: RenderedHtml) {
  cacheControl(res, req.path);
  res.type('html');
  // a rendered page has its brotli and gzip copies; hints alone are a few hundred bytes, sent as they are
  const found = rendered && encodings.find(([name]) => req.acceptsEncodings(name) === name);
  if (!found) return res.send(html);
  res.setHeader('Content-Encoding', found[0]);
  res.send(found[0] === 'br' ? rendered.br : rendered.gzip);
}

/** Sends the brotli or gzip copy of `file` when the browser takes one and the build made it; false when not. */
function sendPrecompressed(req: Request, res: Response, next: NextFunction, file: string, urlPath: string): boolean {
  // the server's preference (brotli is smaller), among what the browser takes; browsers list gzip first
  const found = encodings.find(([name, ext]) => req.acceptsEncodings(name) === name && fs.existsSync(file + ext));
  if (!found) return false;
  res.setHeader('Content-Encoding', found[0]);
  res.type(path.extname(file));
  cacheControl(res, urlPath);
  res.sendFile(file + found[1], { cacheControl: false }, (err) => {
    if (err && !res.headersSent) next(err);
  });
  return true;
}

/**
 * Serves the built SPA: its files — the brotli or gzip copy made at build time when the browser takes
 * it (frontend/build/precompress.ts), hashed assets cached for a year — and index.html for any other
 * page route (client-side routing), with the page's preload hints in its head and, for a page the API
 * renders (ServerRendering), the page itself in its root; a public page (PublicPages) with its head,
 * rendered, a 301 to where it moved, or its 404.
 */
export function spa(
  distDir: string,
  hints?: Pick<PageHints, 'tagsFor'>,
  rendering?: Pick<ServerRendering, 'renders' | 'render' | 'renderWith'>,
  publicPages?: Pick<PublicPages, 'answer' | 'withHead'>,
) {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  const files = express.static(root, {
    index: false,
    setHeaders: (res, file) => cacheControl(res, `/${path.relative(root, file).split(path.sep).join('/')}`),
  });
  // a URL in origin form starts with its path: no URL parsing on every request (absolute form is parsed)
  const isApi = (req: Request) => {
    const p = req.url.startsWith('/') ? req.url : req.path;
    return p.startsWith('/api') || p.startsWith('/socket.io');
  };
  const precompressed = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req)) return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, urlPath);
    if (!file.startsWith(root + path.sep) || urlPath.includes('\0') || !HAS_EXTENSION.test(urlPath)) return next();
    if (!sendPrecompressed(req, res, next, file, urlPath)) next();
  };
  return [
    precompressed,
    // API calls never look on disk
    (req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : files(req, res, next)),
    (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (isApi(req)) return next();
      if (!fs.existsSync(index)) {
        return res.status(503).type('text/plain').send('The web app has not been built yet. Run `npm start`, which builds it.');
      }
      if (!isWebRoute(req.path)) return sendNotFound(res, fs.readFileSync(index, 'utf8'));
      const tags = hints?.tagsFor(req.path) ?? '';
      if (publicPages) {
        sendPublicPage(req, res, index, tags, publicPages, rendering).then((sent) => {
          if (!sent) sendIndex(req, res, next, index, tags, rendering);
        }, next);
        return;
      }
      sendIndex(req, res, next, index, tags, rendering);
    },
  ];
}

/**
 * A public page registered for the path (PublicPages): rendered with its head tags, a 301 to where
 * it moved, or the not-found page as a 404. False when no public page answers the path.
 */
async function sendPublicPage(
  req: Request,
  res: Response,
  index: string,
  tags: string,
  publicPages: Pick<PublicPages, 'answer' | 'withHead'>,
  rendering?: Pick<ServerRendering, 'renderWith'>,
): Promise<boolean> {
  const answer = await publicPages.answer(req.path);
  if (!answer || answer.kind === 'plain') return false;
  if (answer.kind === 'moved') {
    const query = req.url.indexOf('?');
    res.setHeader('Cache-Control', 'no-cache');
    res.redirect(301, answer.location + (query >= 0 ? req.url.slice(query) : ''));
    return true;
  }
  const indexHtml = fs.readFileSync(index, 'utf8');
  if (answer.kind === 'not-found') {
    res.status(404);
    sendPage(req, res, publicPages.withHead(indexHtml, notFoundHead(req.path)));
    return true;
  }
  const html = publicPages.withHead(withHints(indexHtml, tags), answer.head);
  const page = await rendering?.renderWith(req.path, answer.answers, html);
  sendPage(req, res, page?.html ?? html, page ?? undefined);
  return true;
}

/** index.html for a page route: rendered by the API when it renders that page, with the page's hints. */
function sendIndex(
  req: Request,
  res: Response,
  next: NextFunction,
  index: string,
  tags: string,
  rendering?: Pick<ServerRendering, 'renders' | 'render'>,
) {
  if (rendering?.renders(req.path)) {
    const indexHtml = withHints(fs.readFileSync(index, 'utf8'), tags);
    rendering.render(req.path, indexHtml).then((page) => sendPage(req, res, page?.html ?? indexHtml, page ?? undefined), next);
    return;
  }
  if (tags) return sendPage(req, res, withHints(fs.readFileSync(index, 'utf8'), tags));
  if (sendPrecompressed(req, res, next, index, '/index.html')) return;
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.sendFile(index);
}
