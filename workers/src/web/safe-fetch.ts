import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { isPublicAddress } from '@sparkhouse/backend';

export type LinkFetchFailure =
  | 'invalid-url' // not an absolute http(s) URL, or one with credentials in it
  | 'forbidden-address' // resolves to a private, loopback, link-local or metadata address
  | 'too-many-redirects'
  | 'http' // the page answered an error status
  | 'timeout'
  | 'network'; // DNS failure, refused connection, reset

/** Why a page could not be fetched, in words a creator can act on. */
export class LinkFetchError extends Error {
  override readonly name = 'LinkFetchError';
  constructor(
    readonly reason: LinkFetchFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface FetchLimits {
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** Bytes of body kept (after decompression); the rest is not read. */
  maxBytes: number;
  maxRedirects: number;
  /**
   * Hosts ('host' or 'host:port') exempt from the address rules: for a development machine's own
   * test pages only. Empty in production.
   */
  allowHosts: readonly string[];
}

export interface FetchedPage {
  /** Where the page was found, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** An http(s) URL with no user name or password in it, or a LinkFetchError. */
export function parseFetchableUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LinkFetchError('invalid-url', 'That is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LinkFetchError('invalid-url', 'Only http and https addresses can be fetched.');
  }
  if (url.username || url.password)
    throw new LinkFetchError('invalid-url', 'Addresses with a user name or password are not fetched.');
  return url;
}

const forbidden = () => new LinkFetchError('forbidden-address', 'That address is not on the public internet.');

/**
 * A lookup that refuses a host when any of its addresses is not public, and hands the connection the
 * address it checked (so a second DNS answer cannot swap in a private one between check and connect).
 */
function checkedLookup(exempt: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      if (addresses.length === 0) return callback(new LinkFetchError('network', `No address found for ${hostname}.`), '', 4);
      if (!exempt && addresses.some((a) => !isPublicAddress(a.address))) return callback(forbidden(), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function isExempt(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return allowHosts.includes(host) || allowHosts.includes(`${host}:${port}`);
}

function decoded(res: http.IncomingMessage): Readable {
  switch (String(res.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

/** One request, no redirects followed: the response head, or the body up to the limit. */
function requestOnce(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<FetchedPage & { location?: string }> {
  const exempt = isExempt(url, limits.allowHosts);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !exempt && !isPublicAddress(host)) return Promise.reject(forbidden());
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        lookup: checkedLookup(exempt),
        headers: {
          'user-agent': 'SparkhouseLinkPreview/1.0 (+https://sparkhouse.local)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (REDIRECTS.has(status) && location) {
          res.resume();
          resolve({ url: url.href, status, contentType: '', body: Buffer.alloc(0), truncated: false, location });
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const body = decoded(res);
        const finish = () =>
          resolve({
            url: url.href,
            status,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
            truncated,
          });
        body.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = limits.maxBytes - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (size >= limits.maxBytes) {
            truncated = true;
            finish();
            req.destroy();
          }
        });
        body.on('end', finish);
        body.on('error', (err) => (truncated ? undefined : reject(err)));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * GET a page on the public internet on a creator's behalf, safely: only http(s); every address the
 * host resolves to — and every redirect's — must be public; at most `maxRedirects` redirects, `maxBytes`
 * of body and `timeoutMs` in all. Anything else is a LinkFetchError saying why.
 */
export async function fetchPublicPage(raw: string, limits: FetchLimits): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = parseFetchableUrl(raw);
  for (let redirects = 0; ; redirects++) {
    let page: FetchedPage & { location?: string };
    try {
      page = await requestOnce(url, limits, signal);
    } catch (err) {
      if (err instanceof LinkFetchError) throw err;
      if (signal.aborted)
        throw new LinkFetchError('timeout', `The page did not answer within ${Math.round(limits.timeoutMs / 1000)} s.`);
      throw new LinkFetchError(
        'network',
        `The page could not be reached (${(err as NodeJS.ErrnoException).code ?? 'connection failed'}).`,
      );
    }
    if (page.location === undefined) {
      if (page.status >= 400) throw new LinkFetchError('http', `The page answered ${page.status}.`);
      return page;
    }
    if (redirects >= limits.maxRedirects) throw new LinkFetchError('too-many-redirects', 'The page redirected too many times.');
    url = parseFetchableUrl(new URL(page.location, url).href);
  }
}
