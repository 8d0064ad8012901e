// A webhook sender in a process of its own (so its work is not counted in the receiver's latency):
// POSTs every delivery of DELIVERIES_FILE ([{ body, signature }]) to TARGET_URL, CONCURRENCY at a
// time, and prints { latencies, codes } as JSON on its last line.
import fs from 'node:fs';

const deliveries = JSON.parse(fs.readFileSync(process.env.DELIVERIES_FILE, 'utf8'));
const url = process.env.TARGET_URL;
const concurrency = Number(process.env.CONCURRENCY ?? 50);
const latencies = [];
const codes = {};
let next = 0;
const started = Date.now();
async function lane() {
  while (next < deliveries.length) {
    const d = deliveries[next++];
    const t = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
      body: d.body,
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t);
    codes[res.status] = (codes[res.status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
console.log(JSON.stringify({ latencies, codes, elapsedMs: Date.now() - started }));
