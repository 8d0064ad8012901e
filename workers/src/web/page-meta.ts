import { Parser } from 'htmlparser2';

/** What a page says about itself, and the words a reader sees on it. */
export interface PageMeta {
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
  /** Section headings (h1-h3), in order. */
  headings: string[];
  /** The visible text, whitespace collapsed, at most `maxText` characters. */
  text: string;
}

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'canvas']);
const BLOCK = new Set([
  'p',
  'div',
  'li',
  'br',
  'section',
  'article',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'blockquote',
]);
const HEADING = new Set(['h1', 'h2', 'h3']);

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const orNull = (s: string | undefined) => {
  const t = s === undefined ? '' : squash(s);
  return t === '' ? null : t;
};

/** An http(s) URL resolved against the page, or null. */
function absolute(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The charset a response declares (header or <meta charset>), when Node can decode it. */
export function decodeHtml(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Open Graph and HTML meta of a page, its headings and visible text. */
export function readPageMeta(html: string, pageUrl: string, maxText = 20_000): PageMeta {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let hiddenDepth = 0;
  let heading: string | null = null;
  const headings: string[] = [];
  let text = '';

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = (attrs['property'] ?? attrs['name'] ?? '').toLowerCase();
          if (key && attrs['content'] !== undefined && !meta.has(key)) meta.set(key, attrs['content']);
        }
        if (HIDDEN.has(name)) hiddenDepth++;
        if (HEADING.has(name)) heading = '';
        if (BLOCK.has(name) && text.length < maxText) text += ' ';
      },
      ontext(data) {
        if (inTitle) title += data;
        if (hiddenDepth > 0 || inTitle) return;
        if (heading !== null) heading += data;
        if (text.length < maxText) text += data;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (HEADING.has(name) && heading !== null) {
          const h = squash(heading);
          if (h && headings.length < 30) headings.push(h);
          heading = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();

  return {
    title: orNull(meta.get('og:title')) ?? orNull(meta.get('twitter:title')) ?? orNull(title),
    description: orNull(meta.get('og:description')) ?? orNull(meta.get('description')) ?? orNull(meta.get('twitter:description')),
    image: absolute(meta.get('og:image') ?? meta.get('og:image:url') ?? meta.get('twitter:image') ?? null, pageUrl),
    siteName: orNull(meta.get('og:site_name')) ?? orNull(meta.get('application-name')),
    headings,
    text: squash(text).slice(0, maxText),
  };
}
