// The bare baseline of the checkout-reliability bench: node:http + pg receiving Stripe webhooks the
// plain way — check the Stripe-Signature (HMAC-SHA256 of "<t>.<body>"), record the event id once
// (insert ... on conflict do nothing), acknowledge 200. Env: DATABASE_URL, PORT, WEBHOOK_SECRET.
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  'create table if not exists bare_stripe_event (event_id text primary key, type text not null, payload jsonb not null)',
);
const secret = process.env.WEBHOOK_SECRET;

function signed(header, body) {
  const parts = Object.fromEntries((header ?? '').split(',').map((kv) => kv.split('=')));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    try {
      const body = Buffer.concat(chunks).toString();
      if (!signed(req.headers['stripe-signature'], body)) return res.writeHead(400).end('{"error":"bad signature"}');
      const event = JSON.parse(body);
      const { rowCount } = await pool.query(
        'insert into bare_stripe_event (event_id, type, payload) values ($1, $2, $3) on conflict do nothing',
        [event.id, event.type, body],
      );
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ received: true, duplicate: rowCount === 0 }));
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare webhook server on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
