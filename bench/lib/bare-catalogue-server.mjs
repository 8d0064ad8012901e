// The bare baseline of the catalogue bench: node:http + a pg Pool running the very SQL of
// GET /api/getProducts (productListRows from the compiled backend), no framework, no validation
// beyond parsing. With CACHE_MS > 0 it keeps each URL's page as the API's listing cache does (the
// serialised bytes and a weak ETag, each page fresh for CACHE_MS less 0-20 % and then served stale for
// up to CACHE_MS more while background refreshes renew them one at a time, in turn, at most 5,000 URLs, requests
// for a page being filled wait for that fill; an If-None-Match that matches answers 304). Its answers carry
// the headers the API's answers carry (ANSWER_HEADERS: the security headers and the rest every caller gets,
// as the bench read them from the API) and a request id of their own, so both send the same bytes.
// Env: DATABASE_URL, PORT, POOL_MAX, CACHE_MS, ANSWER_HEADERS (JSON [name, value, ...]).
import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { backendDist } from '../../scripts/lib/paths.mjs';

const require = createRequire(import.meta.url);
const { productListRows } = require(path.join(backendDist, 'modules/catalogue/infra/product-search.js'));
const { toCard } = require(path.join(backendDist, 'modules/catalogue/infra/product-card.sql.js'));

// the same pool settings as the API's catalogue pool (custom plans for prepared statements)
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 5),
  options: '-c plan_cache_mode=force_custom_plan',
});
const list = (v) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
    : undefined;

const cacheMs = Number(process.env.CACHE_MS ?? 0);
const cache = new Map(); // url -> { bytes, etag, until }

const common = JSON.parse(process.env.ANSWER_HEADERS ?? '[]');

/** The page's answer, with the header lists built once per page (the request id goes in the last value). */
function send(req, res, page) {
  if (req.headers['if-none-match'] === page.etag) {
    const head = (page.head304 ??= [...common, 'etag', page.etag, 'x-request-id', '']);
    head[head.length - 1] = randomUUID();
    res.writeHead(304, head).end();
    return;
  }
  const head = (page.head200 ??= [
    ...common,
    'content-type',
    'application/json; charset=utf-8',
    'content-length',
    String(page.bytes.length),
    'etag',
    page.etag,
    'x-request-id',
    '',
  ]);
  head[head.length - 1] = randomUUID();
  res.writeHead(200, head);
  res.end(page.bytes);
}

const filling = new Map(); // url -> the fill in progress
// stale pages waiting for their background refresh, renewed one at a time, in turn (as the API's)
const toRefresh = new Set();
let refreshing = false;
function refreshInTurn(url) {
  if (filling.has(url)) return;
  toRefresh.add(url);
  if (refreshing) return;
  const next = toRefresh.values().next().value;
  if (next === undefined) return;
  toRefresh.delete(next);
  refreshing = true;
  fill(next)
    .catch(() => undefined)
    .finally(() => {
      refreshing = false;
      const more = toRefresh.values().next().value;
      if (more !== undefined) {
        toRefresh.delete(more);
        refreshInTurn(more);
      }
    });
}

/** A fill of `url` that requests for the same page share. */
function fill(url) {
  let pending = filling.get(url);
  if (!pending) {
    pending = page(url).finally(() => filling.delete(url));
    filling.set(url, pending);
  }
  return pending;
}

const server = http.createServer(async (req, res) => {
  try {
    let answer;
    if (cacheMs > 0) {
      const cached = cache.get(req.url);
      const now = Date.now();
      if (cached && cached.until > now) answer = cached;
      else if (cached && cached.until + cacheMs > now) {
        // stale: served while one background refresh at a time renews it
        answer = cached;
        refreshInTurn(req.url);
      } else answer = await fill(req.url);
    } else answer = await page(req.url);
    if (answer) send(req, res, answer);
    else res.writeHead(404).end();
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});

/** The page of a listing URL, serialised once (and kept when the cache is on); null: not a listing. */
async function page(reqUrl) {
  const url = new URL(reqUrl, 'http://bare');
  if (url.pathname !== '/api/getProducts') return null;
  const q = url.searchParams;
  const limit = Number(q.get('limit') ?? 24);
  const filter = {
    limit,
    lastProductId: q.get('lastProductId') ?? undefined,
    categories: list(q.get('categories')),
    topics: list(q.get('topics')),
    genres: list(q.get('genres')),
    title: q.get('title') ?? undefined,
    search: q.get('search') ?? undefined,
    order: q.get('sort') ?? 'newest',
  };
  const rows = await productListRows(async (q) => (await pool.query(q)).rows, filter);
  const page = rows.slice(0, limit);
  const bytes = Buffer.from(
    JSON.stringify({ products: page.map(toCard), lastProductId: rows.length > limit ? page[page.length - 1].id : null }),
  );
  const answer = {
    bytes,
    etag: `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').substring(0, 27)}"`,
    until: Date.now() + cacheMs * (1 - Math.random() * 0.2),
  };
  if (cacheMs > 0) {
    cache.delete(reqUrl);
    cache.set(reqUrl, answer);
    if (cache.size > 5000) cache.delete(cache.keys().next().value);
  }
  return answer;
}
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare catalogue server on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
