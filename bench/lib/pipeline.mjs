// Full pipeline: HTTP command -> JobRequested event -> relay -> dispatcher -> BullMQ -> worker ->
// progress pushes + JobCompleted -> relay -> job-ends reactor (result handler, then push) -> socket.io push to the owner.
import http from 'node:http';
import { sleep } from './harness.mjs';
import { answerOf } from './http-answer.mjs';
import { connectSocket } from './sockets.mjs';
import { summary } from './stats.mjs';

const connectOwner = (baseUrl, anonymousId) =>
  connectSocket(baseUrl, { anonymousId }, { label: `socket for ${anonymousId}`, reconnectionDelay: 200 });

/**
 * POSTs with node:http and a keep-alive agent: the load generator shares the machine's two cores with
 * what it measures, and fetch (undici) costs several times the CPU per request.
 */
function post(url, headers, body, agent) {
  const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } });
  const answer = answerOf(req);
  req.end(body);
  return answer;
}

/**
 * Runs n pipeline checks (steps=1, stepDelayMs=0) spread over `owners` anonymous owners, `inFlight`
 * HTTP requests at a time, and waits for every run's job:completed push (or the deadline, or a stall).
 */
export async function runPipeline({ baseUrl, n, owners, inFlight, deadline, stallMs = 60_000, graceMs = 2000, log }) {
  const tag = Math.random().toString(36).slice(2, 10);
  const ownerIds = Array.from({ length: owners }, (_, i) => `anon_bench${tag}${String(i).padStart(3, '0')}`);

  const submitted = new Map(); // runId -> { owner, sentAt, ackAt }
  const httpMs = [];
  const httpErrors = [];
  const progressCount = new Map(); // runId -> pushes received
  const completedCount = new Map(); // runId -> pushes received
  const completedAt = new Map(); // runId -> first receipt
  const completedOwner = new Map(); // runId -> socket owner that got it
  const receipts = new Map(); // runId -> [{ at, receivedAt }] of every job:completed push (duplicate evidence)
  const failed = new Map(); // runId -> reason
  const progressLatency = [];
  const completionLatency = [];
  let disconnects = 0;
  let lastCompletionAt = null;

  const sockets = await Promise.all(ownerIds.map((id) => connectOwner(baseUrl, id)));
  sockets.forEach((socket, i) => {
    const owner = ownerIds[i];
    socket.on('disconnect', (reason) => {
      disconnects++;
      log(`socket ${owner} disconnected (${reason})`);
    });
    socket.on('job:progress', (m) => {
      const now = Date.now();
      progressLatency.push(now - Date.parse(m.at));
      progressCount.set(m.runId, (progressCount.get(m.runId) ?? 0) + 1);
    });
    socket.on('job:completed', (m) => {
      const now = Date.now();
      completionLatency.push(now - Date.parse(m.at));
      const c = (completedCount.get(m.runId) ?? 0) + 1;
      completedCount.set(m.runId, c);
      if (c === 1) receipts.set(m.runId, [{ at: m.at, receivedAt: now }]);
      else receipts.get(m.runId).push({ at: m.at, receivedAt: now });
      if (c === 1) {
        completedAt.set(m.runId, now);
        completedOwner.set(m.runId, owner);
        lastCompletionAt = now;
      }
    });
    socket.on('job:failed', (m) => failed.set(m.runId, m.reason));
    socket.on('job:canceled', (m) => failed.set(m.runId, 'canceled'));
  });
  log(`pipeline: ${owners} sockets connected; submitting ${n} pipeline checks, ${inFlight} in flight`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const startedAt = Date.now();
  let next = 0;
  let lastAckAt = null;
  let aborted = false;
  const body = JSON.stringify({ steps: 1, stepDelayMs: 0 });
  async function submitter() {
    while (!aborted && next < n && Date.now() < deadline) {
      const i = next++;
      const owner = ownerIds[i % owners];
      const sentAt = Date.now();
      try {
        const res = await post(
          `${baseUrl}/api/operations/pipeline-checks`,
          { 'content-type': 'application/json', 'x-non-auth-user-id': owner },
          body,
          agent,
        );
        const text = res.text;
        const ackAt = Date.now();
        httpMs.push(ackAt - sentAt);
        if (res.status !== 202) {
          httpErrors.push(`${res.status} ${text.slice(0, 200)}`);
          continue;
        }
        const runId = JSON.parse(text)?.response?.runId;
        if (!runId) {
          httpErrors.push(`no runId in ${text.slice(0, 200)}`);
          continue;
        }
        submitted.set(runId, { owner, sentAt, ackAt });
        lastAckAt = ackAt;
      } catch (err) {
        httpErrors.push(err.message);
      }
      if (httpErrors.length > 50) aborted = true; // something is broken: do not hammer it
    }
  }
  const submitting = Promise.all(Array.from({ length: inFlight }, submitter));

  // progress line every 5 s while running
  const ticker = setInterval(() => {
    const s = ((Date.now() - startedAt) / 1000).toFixed(0);
    log(`  t=${s}s accepted=${submitted.size} completed=${completedAt.size} progress-pushes=${progressLatency.length}`);
  }, 5000);
  let stalled = false;
  let timedOut = false;
  try {
    await submitting;
    const submitEndedAt = Date.now();
    log(`pipeline: ${submitted.size} accepted over HTTP in ${submitEndedAt - startedAt} ms (${httpErrors.length} errors)`);
    let lastSeen = completedAt.size;
    let lastChange = Date.now();
    for (;;) {
      const pending = [...submitted.keys()].filter((id) => !completedAt.has(id) && !failed.has(id)).length;
      if (pending === 0) break;
      if (Date.now() >= deadline) {
        timedOut = true;
        break;
      }
      if (completedAt.size !== lastSeen) {
        lastSeen = completedAt.size;
        lastChange = Date.now();
      } else if (Date.now() - lastChange > stallMs) {
        stalled = true;
        break;
      }
      await sleep(50);
    }
    // late duplicates: give the relay a moment before counting
    if (!timedOut && !stalled) await sleep(Math.min(graceMs, Math.max(0, deadline - Date.now())));
  } finally {
    agent.destroy();
    clearInterval(ticker);
    aborted = true;
    for (const s of sockets) {
      s.removeAllListeners('disconnect');
      s.close();
    }
  }

  const missing = [];
  const duplicated = [];
  let duplicates = 0;
  let wrongOwner = 0;
  let progressMissing = 0;
  const e2eMs = [];
  for (const [runId, info] of submitted) {
    const c = completedCount.get(runId) ?? 0;
    if (c === 0) missing.push(runId);
    if (c > 1) {
      duplicates += c - 1;
      const r = receipts.get(runId);
      duplicated.push({
        runId,
        pushes: c,
        sameAt: r.every((x) => x.at === r[0].at),
        gapMs: r[r.length - 1].receivedAt - r[0].receivedAt,
        firstLatencyMs: r[0].receivedAt - Date.parse(r[0].at),
      });
    }
    if (c > 0 && completedOwner.get(runId) !== info.owner) wrongOwner++;
    if ((progressCount.get(runId) ?? 0) < 2) progressMissing++;
    if (c > 0) e2eMs.push(completedAt.get(runId) - info.sentAt);
  }
  const unknownCompletions = [...completedCount.keys()].filter((id) => !submitted.has(id)).length;
  const elapsedMs = (lastCompletionAt ?? Date.now()) - startedAt;
  return {
    n,
    owners,
    inFlight,
    accepted: submitted.size,
    httpErrors: httpErrors.length,
    httpErrorSamples: httpErrors.slice(0, 5),
    completed: [...submitted.keys()].filter((id) => completedAt.has(id)).length,
    failed: failed.size,
    missing: missing.length,
    missingSamples: missing.slice(0, 5),
    missingIds: missing,
    duplicates,
    duplicated,
    wrongOwner,
    unknownCompletions,
    progressPushes: progressLatency.length,
    runsWithoutBothProgressPushes: progressMissing,
    disconnects,
    stalled,
    timedOut,
    elapsedMs,
    submitMs: lastAckAt ? lastAckAt - startedAt : null,
    drainMs: lastAckAt && lastCompletionAt ? lastCompletionAt - lastAckAt : null,
    acceptedPerSec: lastAckAt ? (submitted.size / (lastAckAt - startedAt)) * 1000 : null,
    jobsPerSec: lastCompletionAt ? (completedAt.size / elapsedMs) * 1000 : 0,
    http: summary(httpMs),
    progress: summary(progressLatency),
    completion: summary(completionLatency),
    endToEnd: summary(e2eMs),
  };
}
