// A webhook sender in a process of its own (so its work is not counted in the receiver's latency):
// POSTs every delivery of DELIVERIES_FILE ([{ body, signature }]) to TARGET_URL, CONCURRENCY at a
// time, and prints { latencies, codes, elapsedMs } as JSON on its last line. Plain node:http with a
// keep-alive agent of CONCURRENCY sockets (as a webhook sender keeps its connections): fetch costs
// ~1.7 ms of CPU per POST here, ~4x more, and its own queueing was most of the latency it measured.
import fs from 'node:fs';
import http from 'node:http';

const deliveries = JSON.parse(fs.readFileSync(process.env.DELIVERIES_FILE, 'utf8')).map((d) => ({
  body: Buffer.from(d.body),
  signature: d.signature,
}));
const url = new URL(process.env.TARGET_URL);
const concurrency = Number(process.env.CONCURRENCY ?? 50);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
const codes = {};

/** One POST; answers its status once the whole answer has been read. */
function post(d) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': d.body.length, 'stripe-signature': d.signature },
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(d.body);
  });
}

let next = 0;
const started = Date.now();
async function lane() {
  while (next < deliveries.length) {
    const d = deliveries[next++];
    const t = performance.now();
    const status = await post(d);
    latencies.push(performance.now() - t);
    codes[status] = (codes[status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
agent.destroy();
console.log(JSON.stringify({ latencies, codes, elapsedMs: Date.now() - started }));
