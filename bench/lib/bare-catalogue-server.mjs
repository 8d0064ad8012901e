// The bare baseline of the catalogue bench: node:http + a pg Pool running the very SQL of
// GET /api/getProducts (productListRows from the compiled backend), no framework, no validation
// beyond parsing. Env: DATABASE_URL, PORT, POOL_MAX.
import http from 'node:http';
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

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://bare');
    if (url.pathname !== '/api/getProducts') {
      res.writeHead(404).end();
      return;
    }
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
    const body = JSON.stringify({
      products: page.map(toCard),
      lastProductId: rows.length > limit ? page[page.length - 1].id : null,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare catalogue server on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
