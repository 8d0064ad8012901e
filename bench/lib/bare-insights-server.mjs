// The bare baseline of the insights bench: node:http + a pg Pool reading the same precomputed rows as
// GET /api/app-builder/getAppInsights (app_insights_day, _check_in, _page, _subscription) with the very
// statement the API's query runs (INSIGHTS_REPORT_SQL from the compiled backend), answering it as JSON.
// No framework, no authentication, no ownership check, no shaping beyond JSON.stringify.
// Env: DATABASE_URL, PORT, POOL_MAX.
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { backendDist } from '../../scripts/lib/paths.mjs';

const { INSIGHTS_REPORT_SQL } = createRequire(import.meta.url)(
  path.join(backendDist, 'modules/creator-apps/queries/app-insights.query.js'),
);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const DAY_MS = 86_400_000;
const dayOf = (t) => new Date(t).toISOString().slice(0, 10);

async function report(appId, days) {
  const end = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const from = dayOf(end - (days - 1) * DAY_MS);
  const to = dayOf(end);
  const cohortsFrom = dayOf(end - 84 * DAY_MS);
  const weekAgo = dayOf(end - 6 * DAY_MS);
  const { rows } = await pool.query(INSIGHTS_REPORT_SQL, [appId, from, to, cohortsFrom, weekAgo]);
  return { appId, days, from, to, ...rows[0] };
}

http
  .createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://bare');
      const body = JSON.stringify(await report(url.searchParams.get('appId'), Number(url.searchParams.get('days') ?? 30)));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500).end(String(err.message));
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare insights server on ${process.env.PORT}`));
