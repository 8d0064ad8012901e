// The bare pipeline of the jobs bench, its HTTP half: node:http + a pg Pool + BullMQ + socket.io on the
// Redis adapter, doing the durable steps a pipeline check does and nothing else:
//   POST /api/operations/pipeline-checks  one PostgreSQL insert (the run), a BullMQ add (job id = run id),
//                                         202 { response: { runId } }
//   socket.io at /socket.io               a client's `auth.anonymousId` joins that owner's room
// Its worker (bare-pipeline-worker.mjs) runs the job, updates the row and pushes job:completed to the
// owner's room. No framework, no validation beyond the owner header. Env: DATABASE_URL, REDIS_URL,
// BARE_PREFIX, PORT, POOL_MAX.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import IORedis from 'ioredis';
import { Queue } from 'bullmq';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';

const prefix = process.env.BARE_PREFIX;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
await pool.query(`create table if not exists bare_pipeline_run (
  run_id uuid primary key, owner text not null, status text not null,
  requested_at timestamptz not null default now(), completed_at timestamptz)`);
const queue = new Queue('bare-pipeline', {
  connection: new IORedis(process.env.REDIS_URL, { maxRetriesPerRequest: null }),
  prefix,
});

const server = http.createServer(async (req, res) => {
  const answer = (status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  try {
    if (req.method !== 'POST' || req.url !== '/api/operations/pipeline-checks') return answer(404, { error: 'not found' });
    for await (const _ of req); // the body is not needed
    const owner = req.headers['x-non-auth-user-id'];
    if (typeof owner !== 'string' || !owner.startsWith('anon_')) return answer(401, { error: 'no owner' });
    const runId = randomUUID();
    await pool.query(`insert into bare_pipeline_run (run_id, owner, status) values ($1, $2, 'queued')`, [runId, owner]);
    await queue.add('check', { runId, owner }, { jobId: runId, removeOnComplete: { count: 5000 }, attempts: 1 });
    answer(202, { status: 'success', response: { runId } });
  } catch (err) {
    answer(500, { error: err.message });
  }
});

const pub = new IORedis(process.env.REDIS_URL);
const sub = pub.duplicate();
const io = new Server(server, { path: '/socket.io', adapter: createAdapter(pub, sub, { key: `${prefix}:socket.io` }) });
io.on('connection', (socket) => {
  const owner = socket.handshake.auth?.anonymousId;
  if (typeof owner === 'string') socket.join(owner);
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare pipeline server on ${process.env.PORT}`));
process.on('SIGTERM', () => process.exit(0));
