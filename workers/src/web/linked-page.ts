import type { AppConfig } from '@sparkhouse/backend';
import type { LinkPreview } from '@sparkhouse/contracts';
import { decodeHtml, readPageMeta, type PageMeta } from './page-meta';
import { fetchPublicPage, LinkFetchError } from './safe-fetch';

export interface LinkedPage {
  preview: LinkPreview;
  meta: PageMeta;
}

const HTML = /^(text\/html|application\/xhtml\+xml)/i;

/** Fetches a creator's link safely and reads what it says about itself. */
export async function readLinkedPage(url: string, config: AppConfig): Promise<LinkedPage> {
  const page = await fetchPublicPage(url, {
    timeoutMs: config.LINK_FETCH_TIMEOUT_MS,
    maxBytes: config.LINK_FETCH_MAX_BYTES,
    maxRedirects: 5,
    allowHosts: config.LINK_FETCH_ALLOW_HOSTS,
  });
  const type = page.contentType.split(';')[0]!.trim();
  if (type && !HTML.test(type) && !type.startsWith('text/')) {
    throw new LinkFetchError('http', `The link is not a web page (${type}).`);
  }
  const meta =
    HTML.test(type) || type === '' ? readPageMeta(decodeHtml(page.body, page.contentType), page.url) : plainText(page.body);
  return {
    meta,
    preview: { url: page.url, title: meta.title, description: meta.description, image: meta.image, siteName: meta.siteName },
  };
}

function plainText(body: Buffer): PageMeta {
  const text = body.toString('utf8').replace(/\s+/g, ' ').trim();
  return { title: null, description: null, image: null, siteName: null, headings: [], text: text.slice(0, 20_000) };
}
