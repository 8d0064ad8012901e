// The bare baseline of the writes bench: node:http + a pg Pool doing what a plain CRUD app does, with
// the same token check as the API (RS256 signature, issuer and expiry against the keys of the
// signing_key table; a token's sign-in session checked once, then remembered):
//   POST /api/updateProductProgress  append a row and upsert the read model, in one transaction
//   GET  /api/getCart                the API's two queries (the cart row, then its products' cards)
// No framework, no validation beyond parsing. Env: DATABASE_URL, PORT, POOL_MAX, ISSUER.
import http from 'node:http';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import jwt from 'jsonwebtoken';
import { backendDist } from '../../scripts/lib/paths.mjs';

const require = createRequire(import.meta.url);
const { CARD_COLUMNS, toCard } = require(path.join(backendDist, 'modules/catalogue/infra/product-card.sql.js'));

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
await pool.query(`create table if not exists bare_progress_event (
  id bigserial primary key, user_id text not null, product_id text not null, content_id text not null,
  payload jsonb not null, recorded_at timestamptz not null default now())`);
await pool.query(`create table if not exists bare_progress (
  user_id text not null, product_id text not null, content_id text not null, percent_complete real not null,
  seconds_watched real not null, position_in_seconds real not null, updated_at timestamptz not null,
  primary key (user_id, product_id, content_id))`);
const keys = new Map(
  (await pool.query('select kid, public_jwk from signing_key where retired_at is null')).rows.map((r) => [
    r.kid,
    createPublicKey({ key: r.public_jwk, format: 'jwk' }).export({ format: 'pem', type: 'spki' }),
  ]),
);
const liveSessions = new Set();

async function caller(req) {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m) return null;
  const decoded = jwt.decode(m[1], { complete: true });
  const key = decoded && keys.get(decoded.header.kid);
  if (!key) return null;
  let claims;
  try {
    claims = jwt.verify(m[1], key, { algorithms: ['RS256'], issuer: process.env.ISSUER });
  } catch {
    return null;
  }
  const session = claims.origin_jti;
  if (session && !liveSessions.has(session)) {
    const { rows } = await pool.query('select 1 from identity_session where session_id = $1 and revoked_at is null', [session]);
    if (rows.length === 0) return null;
    liveSessions.add(session);
  }
  return claims.sub;
}

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });

const send = (res, status, value) => {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

async function saveProgress(userId, b) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('insert into bare_progress_event (user_id, product_id, content_id, payload) values ($1, $2, $3, $4)', [
      userId,
      b.product_id,
      b.content_id,
      b,
    ]);
    const { rows } = await client.query(
      `insert into bare_progress as p (user_id, product_id, content_id, percent_complete, seconds_watched, position_in_seconds, updated_at)
       values ($1, $2, $3, $4, $5, $6, now())
       on conflict (user_id, product_id, content_id) do update
         set percent_complete = excluded.percent_complete, seconds_watched = p.seconds_watched + excluded.seconds_watched,
             position_in_seconds = excluded.position_in_seconds, updated_at = excluded.updated_at
       returning percent_complete, seconds_watched, position_in_seconds, updated_at`,
      [userId, b.product_id, b.content_id, b.percent_complete, b.additional_seconds_watched, b.position_in_seconds],
    );
    await client.query('commit');
    return rows[0];
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function cart(userId) {
  const { rows } = await pool.query('select product_ids, offer_valid, updated_at from commerce_cart where user_id = $1', [
    userId,
  ]);
  const saved = rows[0];
  const ids = saved?.product_ids ?? [];
  const cards = ids.length
    ? (
        await pool.query(`select ${CARD_COLUMNS} from product_card where id in (select jsonb_array_elements_text($1::jsonb))`, [
          JSON.stringify(ids),
        ])
      ).rows.map(toCard)
    : [];
  const byId = new Map(cards.map((c) => [c.id, c]));
  return {
    cart: {
      productsInCart: ids.flatMap((id) => {
        const c = byId.get(id);
        return c
          ? [{ id: c.id, title: c.title, creatorName: c.creator.name, priceInfo: c.priceInfo, subscriptionSlug: null }]
          : [];
      }),
      lastUpdated: saved ? new Date(saved.updated_at).toISOString() : null,
      offerValid: saved?.offer_valid ?? null,
    },
  };
}

const server = http.createServer(async (req, res) => {
  try {
    const userId = await caller(req);
    if (!userId) return send(res, 401, { message: 'Unauthorized' });
    if (req.method === 'POST' && req.url === '/api/updateProductProgress') {
      const b = JSON.parse(await readBody(req));
      const p = await saveProgress(userId, b);
      return send(res, 200, {
        progress: {
          product_id: b.product_id,
          content_id: b.content_id,
          percent_complete: p.percent_complete,
          seconds_watched: p.seconds_watched,
          position_in_seconds: p.position_in_seconds,
          updated_at: new Date(p.updated_at).toISOString(),
        },
      });
    }
    if (req.method === 'GET' && req.url === '/api/getCart') return send(res, 200, await cart(userId));
    send(res, 404, { message: 'No such route' });
  } catch (err) {
    send(res, 500, { message: String(err) });
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare writes server on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
