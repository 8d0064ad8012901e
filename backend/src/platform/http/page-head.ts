import { pageTitle, SITE_NAME } from '@sparkhouse/contracts';
import { preloadTag, type PreloadHint } from './page-hints';

/**
 * What a public page says about itself in its `<head>`, for search engines and link previews: its
 * title and description, its one address (canonical), its picture for Open Graph and Twitter cards,
 * and its structured data (schema.org JSON-LD).
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own path ('/classes/ana/piano'): made absolute with the public URL. */
  canonicalPath: string;
  /** A picture of the page (path or absolute URL), for the previews. */
  image?: string;
  imageAlt?: string;
  /** The picture's size in pixels, when known (a share image is 1200x630). */
  imageWidth?: number;
  imageHeight?: number;
  /** Open Graph's kind of page. */
  type?: 'website' | 'article' | 'product' | 'profile';
  /** schema.org objects, each written in its own JSON-LD block. */
  structuredData?: readonly object[];
  /** Pages that must not be indexed (a not-found page). */
  noIndex?: boolean;
  /** What the page paints first (its cover): fetched with the page's head, before its scripts and styles. */
  preload?: readonly PreloadHint[];
}

export { SITE_NAME };
/** Search engines cut descriptions near this length. */
const DESCRIPTION_MAX = 200;

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text on one line, cut at a word near `max` characters. */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** `path` as an absolute URL of the site (an absolute URL stays as it is). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

/** JSON for a `<script type="application/ld+json">` block: no text of it can end the block. */
export function jsonLdText(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** The tags of a page's head after its title and description (canonical, previews, structured data). */
export function headTags(head: PageHead, publicUrl: string): string {
  // a page that is not one (not found) asks not to be indexed and offers nothing to share
  if (head.noIndex) return '<meta name="robots" content="noindex">';
  const canonical = absoluteUrl(publicUrl, head.canonicalPath);
  const description = shortText(head.description);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(value)}">`;
  const tags = [
    `<link rel="canonical" href="${escapeAttr(canonical)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', description),
  ];
  if (head.image) {
    const image = absoluteUrl(publicUrl, head.image);
    tags.push(meta('property', 'og:image', image), meta('name', 'twitter:image', image));
    if (head.imageWidth && head.imageHeight) {
      tags.push(
        meta('property', 'og:image:width', String(head.imageWidth)),
        meta('property', 'og:image:height', String(head.imageHeight)),
      );
    }
    if (head.imageAlt)
      tags.push(meta('property', 'og:image:alt', head.imageAlt), meta('name', 'twitter:image:alt', head.imageAlt));
  }
  for (const data of head.structuredData ?? []) tags.push(`<script type="application/ld+json">${jsonLdText(data)}</script>`);
  return tags.filter(Boolean).join('');
}

/**
 * index.html with the page's head: its title (the page title then the site's name) and description in
 * place of the app's, the other tags before `</head>`.
 */
export function withHead(indexHtml: string, head: PageHead, publicUrl: string): string {
  const title = pageTitle(head.title);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>${(head.preload ?? []).map(preloadTag).join('')}`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttr(shortText(head.description))}" />`,
    )
    .replace('</head>', () => `${headTags(head, publicUrl)}</head>`);
}
