import { Injectable } from '@nestjs/common';

/** A resource a page will certainly need, named in its HTML so the browser fetches it at once. */
export interface PreloadHint {
  /** Lets the page find the hint (e.g. to show the picture before its data arrives). */
  id?: string;
  href: string;
  as: 'image';
  /** For a responsive image: the srcset and sizes the page's <img> will use. */
  imageSrcSet?: string;
  imageSizes?: string;
  /** Only where this media query holds (e.g. the desktop or the phone picture). */
  media?: string;
  fetchPriority?: 'high' | 'low';
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function preloadTag(h: PreloadHint): string {
  const attrs: [string, string | undefined][] = [
    ['id', h.id],
    ['rel', 'preload'],
    ['as', h.as],
    ['href', h.href],
    ['imagesrcset', h.imageSrcSet],
    ['imagesizes', h.imageSizes],
    ['media', h.media],
    ['fetchpriority', h.fetchPriority],
  ];
  return `<link ${attrs
    .filter((a): a is [string, string] => a[1] !== undefined)
    .map(([k, v]) => `${k}="${escape(v)}"`)
    .join(' ')}>`;
}

/** Where index.html wants a page's hints: ahead of its stylesheets and scripts, so the browser asks for them first. */
export const HINTS_MARKER = '<!-- page-hints -->';

/** index.html with the page's hint tags at its marker (before `</head>` in a page without one). */
export function withHints(indexHtml: string, tags: string): string {
  if (!tags) return indexHtml;
  return indexHtml.includes(HINTS_MARKER)
    ? indexHtml.replace(HINTS_MARKER, tags)
    : indexHtml.replace('</head>', `${tags}</head>`);
}

/**
 * What a page of the web app will need before its JavaScript could ask for it (the home page's hero
 * picture, its largest paint): modules register hints by page path while the application is created,
 * and the API process writes them into the index.html it serves for that path.
 */
@Injectable()
export class PageHints {
  private readonly byPath = new Map<string, PreloadHint[]>();

  register(path: string, hints: readonly PreloadHint[]): void {
    this.byPath.set(path, [...(this.byPath.get(path) ?? []), ...hints]);
  }

  /** The tags for a page path ('' when it has none). */
  tagsFor(path: string): string {
    return (this.byPath.get(path) ?? []).map(preloadTag).join('');
  }
}
