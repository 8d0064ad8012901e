// npm run bench -- media [--uploads N] [--descriptions D] [--in-flight F] [--concurrency W] [--rounds R] [--timeout-s S] [--trace-gc] [--no-record]
//
// The media library under load, against a bare baseline in the same run. Test files are made at the
// start in a temporary folder (nothing downloaded): PNGs drawn with sharp, PDFs written by hand, MP4s
// rendered by the ffmpeg of @ffmpeg-installer/ffmpeg and WAVs written by hand, in sizes from 1 KB to
// 20 MB. Then, with one client (node:http, the multipart body streamed from the file):
//   1. N uploads (default 200), F at once (default 200), to a bare node:http + busboy server that
//      streams each file to disk (bench/lib/bare-upload-server.mjs);
//   2. the same N uploads, same files, same order, same client, to POST /api/media/uploads of the
//      API as the app's owner, then a wait until the worker has read every upload (thumbnails, poster
//      frames, decoder facts: the media-reading job); steps 1-2 run R rounds (default 3, alternating,
//      files written to disk before each run), and the round with the median ratio is reported;
//      then saveAppMedia for the last round's uploads (as the browser does once a file is up), all
//      at once, and getAppMedia until the library lists them all, read. The API's RSS is sampled every
//      100 ms (and its VmHWM read at the end; --trace-gc adds its V8 heap from the GC log);
//   3. D description jobs (default 200), all asked at once, for the uploaded PDFs, videos and audio
//      files (generate-pdf/video/audio-description), followed to completion on the socket (GET
//      /api/jobs/{runId} as a fallback).
// Reports uploads/s and MB/s of both and their ratio (target >= 0.7x), the API's peak RSS (target
// < 300 MB: no file is buffered whole), description p50/p99 and jobs/s. Appends a dated section to
// bench/RESULTS.md. Uses its own database, Redis prefix and ports; stops and removes what it made.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { execFile, execSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { benchRun } from './lib/bench-run.mjs';
import { benchLog, logTails, markdownTable, parseOptions, sleep } from './lib/harness.mjs';
import { answerOf, apiCall, expectOk } from './lib/http-answer.mjs';
import { signedInMember } from './lib/members.mjs';
import { memoryOf } from './lib/usage.mjs';
import {
  childCpuSecondsOf,
  cpuSecondsByName,
  cpuSecondsOf,
  freePort,
  liveChildrenCpuSecondsOf,
  startNode,
} from './lib/processes.mjs';
import { connectSocket } from './lib/sockets.mjs';
import { fmt, fmtMs, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = benchLog('media');
const run = promisify(execFile);
const ffmpegPath = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path;

const KB = 1024;
const MB = 1024 * 1024;
/** The sizes each kind of file is made in (log-spread from 1 KB to 20 MB; all within every kind's limit). */
const SIZES = [1 * KB, 8 * KB, 64 * KB, 256 * KB, 1 * MB, 3 * MB, 8 * MB, 20 * MB];
const RSS_TARGET_MB = 300;
const RATIO_TARGET = 0.7;

const parseArgs = (argv) =>
  parseOptions(
    argv,
    { uploads: 200, descriptions: 200, inFlight: 200, concurrency: 8, rounds: 3, timeoutS: 900, record: true, traceGc: false },
    {
      numbers: {
        '--rounds': 'rounds',
        '--uploads': 'uploads',
        '--descriptions': 'descriptions',
        '--in-flight': 'inFlight',
        '--concurrency': 'concurrency',
        '--timeout-s': 'timeoutS',
      },
      switches: { '--no-record': ['record', false], '--trace-gc': ['traceGc', true] },
    },
  );

/**
 * The V8 heap of a process started with --trace-gc, from its log: the largest heap in use before a
 * collection and the largest committed (MB), or null when the log has no such line.
 */
function heapFromGcTrace(logFile) {
  let used = 0;
  let committed = 0;
  let lines = 0;
  for (const m of fs
    .readFileSync(logFile, 'utf8')
    .matchAll(/: (?:Scavenge|Mark-Compact|Mark-sweep)[^\d]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g)) {
    lines++;
    used = Math.max(used, Number(m[1]));
    committed = Math.max(committed, Number(m[2]), Number(m[4]));
  }
  return lines ? { used, committed, collections: lines } : null;
}

/** Samples a process's RSS every 100 ms until stopped; answers the highest seen. */
function rssSampler(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m && m.rssMiB > peak) peak = m.rssMiB;
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

// ---- the test files ------------------------------------------------------------------------------
const sizeName = (bytes) => (bytes >= MB ? `${bytes / MB}mb` : `${bytes / KB}kb`);

/** A PNG of random pixels (incompressible: about width x height x 3 bytes, plus some 5% of PNG framing). */
async function pngFile(dir, target) {
  const side = Math.max(8, Math.floor(Math.sqrt(target / 3.2)));
  const out = path.join(dir, `picture-${sizeName(target)}.png`);
  await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toFile(out);
  return out;
}

/** A one-page PDF with a title, a subject and a paragraph, padded to `target` bytes with an unused binary stream. */
async function pdfFile(dir, target) {
  const text = `Lesson notes ${sizeName(target)}: warm up for ten minutes, then run four intervals of three minutes.`;
  const content = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (Interval training ${sizeName(target)}) /Subject (A running coach's lesson notes) /Producer (sparkhouse bench) >>`,
  ];
  const head = () => {
    let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets = [];
    objects.forEach((o, i) => {
      offsets.push(body.length);
      body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    });
    return { body, offsets };
  };
  // the padding: object 7, a binary stream nothing refers to, sized so the file ends up `target` bytes
  const base = head().body.length + 400;
  const padding = Math.max(0, target - base);
  const { body, offsets } = head();
  const parts = [Buffer.from(body, 'latin1')];
  let length = parts[0].length;
  const padOffset = length;
  const padHead = Buffer.from(`7 0 obj\n<< /Length ${padding} >>\nstream\n`, 'latin1');
  const padTail = Buffer.from('\nendstream\nendobj\n', 'latin1');
  parts.push(padHead, randomBytes(padding), padTail);
  length += padHead.length + padding + padTail.length;
  const all = [...offsets, padOffset];
  let tail = `xref\n0 ${all.length + 1}\n0000000000 65535 f \n`;
  tail += all.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  tail += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  const out = path.join(dir, `notes-${sizeName(target)}.pdf`);
  await fsp.writeFile(out, Buffer.concat(parts));
  return out;
}

/** A PCM WAV (16-bit mono, 22050 Hz) of a tone with a title tag, `target` bytes long. */
async function wavFile(dir, target) {
  const title = Buffer.from(`Cool-down tone ${sizeName(target)}\0`, 'latin1');
  const inam = Buffer.alloc(8 + title.length + (title.length % 2));
  inam.write('INAM', 0, 'latin1');
  inam.writeUInt32LE(title.length, 4);
  title.copy(inam, 8);
  const list = Buffer.alloc(12 + inam.length);
  list.write('LIST', 0, 'latin1');
  list.writeUInt32LE(4 + inam.length, 4);
  list.write('INFO', 8, 'latin1');
  inam.copy(list, 12);
  const headerBytes = 12 + 24 + list.length + 8;
  const dataBytes = Math.max(64, (target - headerBytes) & ~1);
  const header = Buffer.alloc(36);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + 24 + list.length + 8 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(22050, 24);
  header.writeUInt32LE(22050 * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'latin1');
  dataHead.writeUInt32LE(dataBytes, 4);
  const samples = Buffer.alloc(dataBytes);
  for (let i = 0; i + 1 < dataBytes; i += 2)
    samples.writeInt16LE(Math.round(8000 * Math.sin((i / 2) * ((2 * Math.PI * 440) / 22050))), i);
  const out = path.join(dir, `tone-${sizeName(target)}.wav`);
  await fsp.writeFile(out, Buffer.concat([header, list, dataHead, samples]));
  return out;
}

/** An H.264 + AAC MP4 of a noisy test picture, at a bitrate and length that make about `target` bytes. */
async function mp4File(dir, target) {
  const big = target >= MB;
  const [size, kbps] = big ? ['640x360', 4000] : target >= 256 * KB ? ['320x240', 400] : ['160x120', 100];
  // a little under the bitrate's length: the audio track and the container add the rest
  const seconds = Math.max(0.08, (0.92 * target * 8) / (kbps * 1000)).toFixed(2);
  const out = path.join(dir, `clip-${sizeName(target)}.mp4`);
  // noise on the picture keeps the encoder at its bitrate, so the size follows the length
  await run(ffmpegPath, [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds},noise=alls=40:allf=t`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`],
    ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-metadata', `title=Warm-up drill ${sizeName(target)}`],
    out,
  ]);
  return out;
}

const KINDS = [
  { kind: 'image', mime: 'image/png', make: pngFile },
  { kind: 'pdf', mime: 'application/pdf', make: pdfFile },
  { kind: 'video', mime: 'video/mp4', make: mp4File },
  { kind: 'audio', mime: 'audio/wav', make: wavFile },
];

/** Every kind in every size: [{ path, name, mime, kind, size }]. */
async function makeFiles(dir) {
  const files = [];
  for (const k of KINDS) {
    for (const target of SIZES) {
      const file = await k.make(dir, target);
      files.push({ path: file, name: path.basename(file), mime: k.mime, kind: k.kind, size: fs.statSync(file).size });
    }
  }
  return files;
}

/** The N uploads: the files in turn, big and small mixed (the same plan for the bare server and the API). */
function uploadPlan(files, n) {
  const bySize = [...files].sort((a, b) => a.size - b.size);
  // interleave small and large so every moment of the run has both
  const mixed = [];
  for (let lo = 0, hi = bySize.length - 1; lo <= hi; lo++, hi--) {
    mixed.push(bySize[lo]);
    if (hi !== lo) mixed.push(bySize[hi]);
  }
  return Array.from({ length: n }, (_, i) => mixed[i % mixed.length]);
}

/** Files under this size are "small" in the latency figure. */
const SMALL_FILE_BYTES = 100 * KB;

// ---- the client ----------------------------------------------------------------------------------

/** One multipart upload (`appId`, then `file` streamed from disk) with node:http; answers { status, text }. */
function uploadOne(url, { file, appId, token, agent }) {
  const boundary = `----sparkhouse-bench-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="appId"\r\n\r\n${appId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = http.request(url, {
    method: 'POST',
    agent,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + file.size + tail.length,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const answer = answerOf(req);
  req.write(head);
  const body = fs.createReadStream(file.path, { highWaterMark: 256 * KB });
  body.on('error', (err) => req.destroy(err));
  body.on('end', () => req.end(tail));
  body.pipe(req, { end: false });
  return answer;
}

const call = apiCall;

/** The planned uploads, `inFlight` at once, each sent to `url`. Throughput: first request to the last answer. */
async function uploadAll(url, plan, { inFlight, appId, token, label }) {
  // connections of their own: kept-alive ones idle between rounds would race the server's keep-alive
  // timeout (5 s) and fail with 'socket hang up'
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const results = new Array(plan.length);
  const errors = [];
  let next = 0;
  let finished = 0;
  const startedAt = Date.now();
  const ticker = setInterval(
    () => log(`  ${label}: t=${((Date.now() - startedAt) / 1000).toFixed(0)}s finished=${finished}/${plan.length}`),
    5000,
  );
  async function lane() {
    while (next < plan.length) {
      const i = next++;
      const file = plan[i];
      const sentAt = Date.now();
      try {
        const r = await uploadOne(url, { file, appId, token, agent });
        const answeredAt = Date.now();
        if (r.status !== 201) throw new Error(`${file.name}: ${r.status} ${r.text.slice(0, 200)}`);
        const uploaded = JSON.parse(r.text);
        results[i] = { file, ms: answeredAt - sentAt, answeredAt, uploaded: uploaded.response ?? uploaded };
      } catch (err) {
        errors.push(err.message);
      } finally {
        finished++;
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(inFlight, plan.length) }, lane));
  } finally {
    clearInterval(ticker);
    agent.destroy();
  }
  const ok = results.filter(Boolean);
  const lastAt = ok.length ? Math.max(...ok.map((r) => r.answeredAt)) : Date.now();
  const elapsedS = (lastAt - startedAt) / 1000;
  const bytes = ok.reduce((s, r) => s + r.file.size, 0);
  return {
    n: plan.length,
    ok: ok.length,
    results,
    errors,
    elapsedS,
    uploadsPerS: ok.length / elapsedS,
    mbPerS: bytes / MB / elapsedS,
    bytes,
    latency: summary(ok.map((r) => r.ms)),
    // what a creator dropping a few small files next to big ones waits for
    smallLatency: summary(ok.filter((r) => r.file.size < SMALL_FILE_BYTES).map((r) => r.ms)),
  };
}

/** saveAppMedia for every upload, all at once (the browser saves each file once it is uploaded). */
async function saveAll(baseUrl, token, appId, uploaded) {
  const ms = [];
  const errors = [];
  const startedAt = Date.now();
  await Promise.all(
    uploaded.map(async (u) => {
      const sentAt = Date.now();
      try {
        await expectOk(
          call(baseUrl, 'POST', '/app-builder/saveAppMedia', {
            token,
            body: { appId, type: u.type, url: u.url, metadata: u.metadata },
          }),
          'saveAppMedia',
        );
        ms.push(Date.now() - sentAt);
      } catch (err) {
        errors.push(err.message);
      }
    }),
  );
  return { latency: summary(ms), errors, elapsedS: (Date.now() - startedAt) / 1000 };
}

// ---- descriptions --------------------------------------------------------------------------------
const DESCRIBE = {
  pdf: ['/app-builder/generate-pdf-description', 'pdfUrl'],
  video: ['/app-builder/generate-video-description', 'videoUrl'],
  audio: ['/app-builder/generate-audio-description', 'audioUrl'],
};

/** D description calls at once over the uploaded PDFs, videos and audio files, each followed until its job ends. */
async function describeAll({ baseUrl, creator, appId, uploaded, n, deadline }) {
  const describable = uploaded.filter((u) => u.type in DESCRIBE);
  if (describable.length === 0) throw new Error('no PDF, video or audio upload to describe');
  const socket = await connectSocket(baseUrl, { token: creator.token }, { label: 'creator' });
  const ends = new Map(); // runId -> { at, status, reason }
  const waiters = new Map(); // runId -> resolve
  const ended = (runId, end) => {
    if (ends.has(runId)) return;
    ends.set(runId, end);
    waiters.get(runId)?.();
  };
  socket.on('job:completed', (m) => ended(m.runId, { at: Date.now(), status: 'completed', by: 'push', result: m.result }));
  socket.on('job:failed', (m) => ended(m.runId, { at: Date.now(), status: 'failed', by: 'push', reason: m.reason }));
  socket.on('job:canceled', (m) => ended(m.runId, { at: Date.now(), status: 'canceled', by: 'push', reason: 'canceled' }));

  const calls = Array.from({ length: n }, (_, i) => ({ i, media: describable[i % describable.length] }));
  const startedAt = Date.now();
  const ticker = setInterval(
    () =>
      log(`  descriptions: t=${((Date.now() - startedAt) / 1000).toFixed(0)}s ended=${calls.filter((c) => c.endAt).length}/${n}`),
    5000,
  );
  async function describe(c) {
    const [url, field] = DESCRIBE[c.media.type];
    c.sentAt = Date.now();
    try {
      const r = await call(baseUrl, 'POST', url, { token: creator.token, body: { appId, [field]: c.media.url } });
      c.answeredAt = Date.now();
      const answer = r.json?.response ?? r.json;
      if (r.status !== 200 || !answer?.status) throw new Error(`${r.status} ${r.text.slice(0, 200)}`);
      c.runId = answer.runId;
      if (answer.status === 'completed') {
        Object.assign(c, { endAt: c.answeredAt, status: 'completed', by: 'answer', description: answer.description });
        return;
      }
      c.answeredRunning = true;
      // follow it on the socket; read the run now and then in case a push is missed
      while (!ends.has(c.runId) && Date.now() < deadline) {
        await Promise.race([new Promise((resolve) => waiters.set(c.runId, resolve)), sleep(3000)]);
        if (ends.has(c.runId)) break;
        const state = await expectOk(call(baseUrl, 'GET', `/jobs/${c.runId}`, { token: creator.token }), 'getJobRun');
        if (['completed', 'failed', 'canceled'].includes(state.status))
          ended(c.runId, { at: Date.now(), status: state.status, by: 'poll', reason: state.error });
      }
      const end = ends.get(c.runId);
      if (!end) throw new Error(`run ${c.runId} did not end in time`);
      Object.assign(c, { endAt: end.at, status: end.status, by: end.by, reason: end.reason });
    } catch (err) {
      c.status = 'error';
      c.reason = err.message;
    }
  }
  try {
    await Promise.all(calls.map(describe));
  } finally {
    clearInterval(ticker);
    socket.close();
  }
  const completed = calls.filter((c) => c.status === 'completed');
  const lastAt = completed.length ? Math.max(...completed.map((c) => c.endAt)) : Date.now();
  const byKind = Object.fromEntries(
    Object.keys(DESCRIBE).map((k) => [k, summary(completed.filter((c) => c.media.type === k).map((c) => c.endAt - c.sentAt))]),
  );
  return {
    n,
    completed: completed.length,
    failed: calls.filter((c) => c.status !== 'completed'),
    jobsPerS: completed.length / ((lastAt - startedAt) / 1000),
    elapsedS: (lastAt - startedAt) / 1000,
    latency: summary(completed.map((c) => c.endAt - c.sentAt)),
    byKind,
    answeredCompleted: completed.filter((c) => c.by === 'answer').length,
    byPush: completed.filter((c) => c.by === 'push').length,
    byPoll: completed.filter((c) => c.by === 'poll').length,
    answer: summary(calls.filter((c) => c.answeredAt).map((c) => c.answeredAt - c.sentAt)),
  };
}

/** How many items the app's library lists (getAppMedia, page by page). */
async function libraryCount(baseUrl, token, appId) {
  let count = 0;
  let cursor = null;
  do {
    const q = `appId=${encodeURIComponent(appId)}&limit=30${cursor ? `&cursorCreatedAt=${encodeURIComponent(cursor)}` : ''}`;
    const page = await expectOk(call(baseUrl, 'GET', `/app-builder/getAppMedia?${q}`, { token }), 'getAppMedia');
    count += page.media.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

/** The library is a read model: until it lists `expected` items (or 60 s pass); answers the count and the wait. */
async function libraryCaughtUp(baseUrl, token, appId, expected) {
  const startedAt = Date.now();
  let count = 0;
  while ((count = await libraryCount(baseUrl, token, appId)) < expected && Date.now() - startedAt < 60_000) await sleep(250);
  return { count, waitedMs: Date.now() - startedAt };
}

// ---- report --------------------------------------------------------------------------------------
const mb = (bytes) => fmt(bytes / MB, 1);
const met = (ok) => (ok ? 'met' : 'NOT met');

function filesLine(files) {
  return KINDS.map((k) => {
    const of = files.filter((f) => f.kind === k.kind).map((f) => f.size);
    return `${k.mime.split('/')[1].toUpperCase()} ${fmt(Math.min(...of) / KB, 1)} KB-${mb(Math.max(...of))} MB`;
  }).join(', ');
}

/**
 * Waits until every media-reading job asked for so far has ended (the uploads' thumbnails and decoder
 * facts are made); answers how long that took from the call.
 */
async function readingsDone(pg, deadline) {
  const startedAt = Date.now();
  for (;;) {
    const { rows } = await pg.query(
      `select count(*) filter (where type = 'JobRequested')::int as asked,
              count(*) filter (where type in ('JobCompleted', 'JobFailed'))::int as ended
         from domain_event
        where (type = 'JobRequested' and payload->>'name' = 'creator-apps.read-upload')
           or (type in ('JobCompleted', 'JobFailed') and payload->>'name' = 'creator-apps.read-upload')`,
    );
    if (rows[0].ended >= rows[0].asked) return Date.now() - startedAt;
    if (Date.now() > deadline) throw new Error(`uploads still being read at the deadline (${rows[0].ended}/${rows[0].asked})`);
    await sleep(100);
  }
}

/** How many saved items of the library say they are read (thumbnail and facts on them), and how many are not yet. */
async function libraryRead(baseUrl, token, appId, deadline) {
  for (;;) {
    const page = await expectOk(
      call(baseUrl, 'GET', `/app-builder/getAppMedia?appId=${appId}&limit=100`, { token }),
      'getAppMedia',
    );
    let pending = page.media.filter((m) => m.metadata.processing === 'pending').length;
    let done = page.media.filter((m) => m.metadata.processing === 'done').length;
    let cursor = page.nextCursor;
    while (cursor) {
      const next = await expectOk(
        call(baseUrl, 'GET', `/app-builder/getAppMedia?appId=${appId}&limit=100&cursorCreatedAt=${encodeURIComponent(cursor)}`, {
          token,
        }),
        'getAppMedia',
      );
      pending += next.media.filter((m) => m.metadata.processing === 'pending').length;
      done += next.media.filter((m) => m.metadata.processing === 'done').length;
      cursor = next.nextCursor;
    }
    if (pending === 0 || Date.now() > deadline) return { pending, done };
    await sleep(200);
  }
}

function figures(opts, f) {
  const { files, bare, api, save, mem, desc, library } = f;
  const ratio = bare && api ? { uploads: api.uploadsPerS / bare.uploadsPerS, mb: api.mbPerS / bare.mbPerS } : null;
  const rows = [
    [
      'uploads',
      files && api
        ? `${opts.uploads} (${opts.inFlight} in flight), ${mb(api.bytes || bare?.bytes || 0)} MB in all; ${files.length} files: ${filesLine(files)}`
        : 'n/a',
    ],
    [
      'bare node:http + busboy to disk',
      bare
        ? `${fmt(bare.uploadsPerS, 1)} uploads/s, ${fmt(bare.mbPerS, 1)} MB/s (${bare.ok}/${bare.n} in ${fmt(bare.elapsedS, 2)} s; p50/p99 ${fmtMs(bare.latency.p50)} / ${fmtMs(bare.latency.p99)}; files under 100 KB p50/p99 ${fmtMs(bare.smallLatency.p50)} / ${fmtMs(bare.smallLatency.p99)})`
        : 'n/a',
    ],
    [
      'API POST /api/media/uploads',
      api
        ? `${fmt(api.uploadsPerS, 1)} uploads/s, ${fmt(api.mbPerS, 1)} MB/s (${api.ok}/${api.n} in ${fmt(api.elapsedS, 2)} s; p50/p99 ${fmtMs(api.latency.p50)} / ${fmtMs(api.latency.p99)}; files under 100 KB p50/p99 ${fmtMs(api.smallLatency.p50)} / ${fmtMs(api.smallLatency.p99)})`
        : 'n/a',
    ],
    [
      'ratio API / bare',
      ratio
        ? `${fmt(ratio.uploads, 3)} (uploads/s), ${fmt(ratio.mb, 3)} (MB/s); target >= ${RATIO_TARGET}: ${met(ratio.uploads >= RATIO_TARGET && ratio.mb >= RATIO_TARGET)}`
        : 'n/a',
    ],
    [
      'rounds (bare then API, same uploads; the median round is reported above)',
      f.rounds?.length
        ? f.rounds
            .map(
              (r, i) =>
                `${i + 1}: ${fmt(r.bare.mbPerS, 0)} / ${fmt(r.api.mbPerS, 0)} MB/s = ${fmt(r.api.mbPerS / r.bare.mbPerS, 3)}, read ${fmt(r.readMs / 1000, 1)} s after`,
            )
            .join('; ')
        : 'n/a',
    ],
    [
      'every upload read (thumbnail or poster frame, decoder facts: the media-reading job)',
      f.readMs !== undefined
        ? `${fmt(f.readMs / 1000, 1)} s after the last upload was answered (median round); saved library items read: ${f.libraryRead?.done ?? 'n/a'}, still pending: ${f.libraryRead?.pending ?? 'n/a'}`
        : 'n/a',
    ],
    [
      'then saveAppMedia for each, all at once',
      save
        ? `p50/p99 ${fmtMs(save.latency.p50)} / ${fmtMs(save.latency.p99)} (${fmt(save.elapsedS, 2)} s in all, ${save.errors.length} errors); ` +
          `getAppMedia lists ${library?.count ?? 'n/a'} items${library ? ` ${fmt(library.waitedMs / 1000, 1)} s after the last save` : ''}`
        : 'n/a',
    ],
    [
      'API peak RSS',
      mem
        ? `${fmt(mem.peakMiB, 0)} MiB (VmHWM; RSS ${fmt(mem.startMiB, 0)} MiB once ready, ${fmt(mem.idleMiB, 0)} MiB after the warm-up, ` +
          `sampled peaks ${fmt(mem.sampledUploadsMiB, 0)} MiB during the uploads and saves, ${fmt(mem.sampledDescribeMiB, 0)} MiB during the descriptions); ` +
          `target < ${RSS_TARGET_MB} MB: ${met(mem.peakMiB * 1.048576 < RSS_TARGET_MB)}`
        : 'n/a',
    ],
    [
      'API V8 heap (--trace-gc)',
      mem?.heap
        ? `at most ${fmt(mem.heap.used, 0)} MB in use before a collection, ${fmt(mem.heap.committed, 0)} MB committed (${mem.heap.collections} collections)`
        : 'not traced (run with --trace-gc)',
    ],
    ['bare server peak RSS', mem?.barePeakMiB ? `${fmt(mem.barePeakMiB, 0)} MiB (VmHWM)` : 'n/a'],
    [
      'description jobs',
      desc
        ? `${desc.completed}/${desc.n} completed in ${fmt(desc.elapsedS, 1)} s: ${fmt(desc.jobsPerS, 2)} jobs/s (all asked at once; WORKER_CONCURRENCY ${opts.concurrency})`
        : 'n/a',
    ],
    [
      'description call -> completed p50/p99',
      desc ? `${fmtMs(desc.latency.p50)} / ${fmtMs(desc.latency.p99)}  (max ${fmtMs(desc.latency.max)})` : 'n/a',
    ],
    [
      '  by kind p50/p99',
      desc
        ? Object.entries(desc.byKind)
            .map(([k, s]) => `${k} ${fmtMs(s.p50)} / ${fmtMs(s.p99)} (${s.count})`)
            .join('; ')
        : 'n/a',
    ],
    [
      '  how the end was seen',
      desc
        ? `${desc.answeredCompleted} answered completed, ${desc.byPush} by socket push after 'running', ${desc.byPoll} by GET /api/jobs/{runId}; call answered p50/p99 ${fmtMs(desc.answer.p50)} / ${fmtMs(desc.answer.p99)}`
        : 'n/a',
    ],
    [
      'errors',
      `uploads: bare ${bare?.errors.length ?? 'n/a'}, API ${api?.errors.length ?? 'n/a'}; descriptions not completed: ${desc?.failed.length ?? 'n/a'}`,
    ],
  ];
  return rows;
}

function resultsSection({ opts, f, m, status, cpu, commandLine }) {
  const lines = [
    '',
    `## media — ${new Date().toISOString()}${status === 'ok' ? '' : ` — CHECK FAILED (${status})`}`,
    '',
    `\`${commandLine}\` (\`bench/media.bench.mjs\`): test files made at the start (PNGs of random pixels drawn with sharp, ` +
      'one-page PDFs with a title written by hand and padded with an unused binary stream, H.264/AAC MP4s of a noisy test ' +
      'picture rendered by the bundled ffmpeg, 16-bit PCM WAVs with a title tag), each kind in 8 sizes from 1 KB to 20 MB. ' +
      'One client (node:http, multipart body streamed from the file, `appId` then `file`) sends the same uploads in the same ' +
      'order, all at once, first to a bare node:http + busboy server that streams the file to disk ' +
      '(`bench/lib/bare-upload-server.mjs`; its files are deleted and `sync` run before each run), then to ' +
      "`POST /api/media/uploads` as the app's owner, then waits until the worker has read every upload (the media-reading " +
      'job: thumbnails, poster frames, decoder facts, in its low-priority media reader); R rounds of that (the reported round ' +
      "is the one with the median ratio; every round is listed). Then `saveAppMedia` for the last round's uploads, all at " +
      'once, and `getAppMedia` until the library lists them all. Uploads/s and MB/s: first request to last 201. Peak RSS of the API process: VmHWM at the end, ' +
      'RSS sampled every 100 ms. Then the description jobs, all asked at once over the uploaded PDFs, videos and WAVs, ' +
      'timed from the call to the completed answer or `job:completed` push. Options: `--uploads N` (200), `--descriptions D` ' +
      '(200), `--in-flight F` (200), `--concurrency W` (WORKER_CONCURRENCY, 8), `--rounds R` (3), `--timeout-s S` (900), `--trace-gc` (the API logs its collections), `--no-record`.',
    '',
    `Machine: ${m.cores} cores (\`nproc\`, ${m.cpuModel}), ${fmt(m.memGiB, 1)} GiB RAM, ${m.platform}; Node ${m.node}. ` +
      'API, worker (and its media reader), bare server, PostgreSQL, Redis and the client share these cores; MEDIA_PROCESSING_CONCURRENCY 2 (the default).',
    '',
    ...markdownTable(figures(opts, f)),
  ];
  if (cpu) lines.push(`| CPU seconds | ${cpu} |`);
  return lines;
}

// ---- main ----------------------------------------------------------------------------------------
const opts = parseArgs(process.argv.slice(2));
const commandLine = ['npm run bench -- media', ...process.argv.slice(2)].join(' ');

benchRun('media', { timeoutS: opts.timeoutS }, async (ctx) => {
  const { machine: m, deadline, logDir, db, startStack, afterCleanUp, failed, report } = ctx;
  const filesDir = path.join(logDir, 'files');
  const bareDir = path.join(logDir, 'bare-uploads');
  const mediaDir = path.join(logDir, 'media');
  afterCleanUp(() => {
    for (const d of [mediaDir, bareDir, filesDir]) fs.rmSync(d, { recursive: true, force: true });
  });
  const f = { files: null, bare: null, api: null, save: null, mem: null, desc: null, library: null };
  let cpu = null;
  let status = 'ok';
  try {
    log(`N=${opts.uploads} uploads (${opts.inFlight} in flight), D=${opts.descriptions} descriptions; logs in ${logDir}`);
    fs.mkdirSync(filesDir);
    const madeAt = Date.now();
    f.files = await makeFiles(filesDir);
    log(`${f.files.length} test files made in ${fmt((Date.now() - madeAt) / 1000, 1)} s: ${filesLine(f.files)}`);
    const plan = uploadPlan(f.files, opts.uploads);

    const pg = await db();
    const { api, worker, baseUrl } = await startStack({
      queueName: 'ai-descriptions',
      localAi: true,
      env: { MEDIA_DIR: mediaDir, WORKER_CONCURRENCY: String(opts.concurrency) },
      // --trace-gc: the API logs each collection, so its V8 heap can be told apart from the rest of its RSS
      apiNodeArgs: opts.traceGc ? ['--trace-gc'] : [],
    });
    const barePort = await freePort();
    const bare = startNode('bare', path.join(here, 'lib/bare-upload-server.mjs'), {
      env: { ...process.env, PORT: String(barePort), UPLOAD_DIR: bareDir },
      logDir,
      nodeArgs: (process.env.BENCH_BARE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    });
    const bareUrl = `http://127.0.0.1:${barePort}/upload`;
    for (;;) {
      if (!bare.running) throw new Error(`the bare server exited:\n${bare.tail()}`);
      try {
        if ((await fetch(bareUrl)).status === 404) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the bare server did not start');
      await sleep(100);
    }
    const tag = Date.now().toString(36);
    const creator = await signedInMember(baseUrl, pg, `media-creator-${tag}@example.com`);
    const { app } = await expectOk(
      call(baseUrl, 'POST', '/app-builder/createApp', { token: creator.token, body: { name: 'Interval Coach' } }),
      'createApp',
    );
    log(`API (pid ${api.pid}) and bare server (pid ${bare.pid}) ready; app ${app.appId}`);
    const startMiB = memoryOf(api.pid)?.rssMiB ?? null;

    // warm-up: a few uploads to each (first requests compile code paths), not measured
    const warm = uploadPlan(f.files, 8);
    await uploadAll(bareUrl, warm, { inFlight: 4, appId: app.appId, label: 'bare warm-up' });
    await uploadAll(`${baseUrl}/api/media/uploads`, warm, {
      inFlight: 4,
      appId: app.appId,
      token: creator.token,
      label: 'API warm-up',
    });
    fs.rmSync(bareDir, { recursive: true, force: true });
    fs.mkdirSync(bareDir, { recursive: true });
    execSync('sync');

    const cpuAt = () => ({
      api: cpuSecondsOf(api.pid),
      // ffprobe and ffmpeg run as children of the API: their CPU is counted once they exit
      apiChildren: childCpuSecondsOf(api.pid),
      workerChildren: childCpuSecondsOf(worker.pid),
      worker: cpuSecondsOf(worker.pid),
      // the media reader: the worker's long-lived child process
      reader: liveChildrenCpuSecondsOf(worker.pid),
      postgres: cpuSecondsByName(['postgres'])?.postgres ?? null,
      bare: cpuSecondsOf(bare.pid),
      bench: process.cpuUsage(),
    });

    // 1-2. rounds of the bare baseline then the API, the same uploads each time: the ratio is the median
    // round's (this machine's spread between runs is wide), and every round waits until the API's
    // uploads have all been read (thumbnails, decoder facts) so none of that work spills into the next
    let sampler = rssSampler(api.pid);
    let idleMiB = null;
    let bareCpuBefore;
    let bareCpuAfter;
    let cpuBefore;
    let uploadCpu;
    f.rounds = [];
    for (let round = 1; round <= opts.rounds; round++) {
      log(`round ${round}/${opts.rounds}: bare, ${opts.uploads} uploads`);
      // each run starts with no file of an earlier run waiting to be written to disk
      fs.mkdirSync(bareDir, { recursive: true });
      execSync('sync');
      bareCpuBefore = cpuAt();
      const bareRound = await uploadAll(bareUrl, plan, { inFlight: opts.inFlight, appId: app.appId, label: 'bare' });
      bareCpuAfter = cpuAt();
      fs.rmSync(bareDir, { recursive: true, force: true });
      execSync('sync');
      idleMiB ??= memoryOf(api.pid)?.rssMiB ?? null;
      log(`round ${round}/${opts.rounds}: API, ${opts.uploads} uploads`);
      cpuBefore = cpuAt();
      const apiRound = await uploadAll(`${baseUrl}/api/media/uploads`, plan, {
        inFlight: opts.inFlight,
        appId: app.appId,
        token: creator.token,
        label: 'API',
      });
      uploadCpu = cpuAt();
      const readMs = await readingsDone(pg, deadline);
      f.rounds.push({ bare: bareRound, api: apiRound, readMs });
      log(
        `round ${round}: bare ${fmt(bareRound.mbPerS, 1)} MB/s, API ${fmt(apiRound.mbPerS, 1)} MB/s, ratio ${fmt(apiRound.mbPerS / bareRound.mbPerS, 3)}; ` +
          `every upload read ${fmt(readMs / 1000, 1)} s after the last answer; API RSS ${fmt(memoryOf(api.pid)?.rssMiB, 0)} MiB`,
      );
    }
    const byRatio = [...f.rounds].sort((a, b) => a.api.mbPerS / a.bare.mbPerS - b.api.mbPerS / b.bare.mbPerS);
    const median = byRatio[Math.floor((byRatio.length - 1) / 2)];
    f.bare = median.bare;
    f.api = median.api;
    f.readMs = median.readMs;
    const barePeakMiB = memoryOf(bare.pid)?.peakMiB ?? null;
    log(`API: saving the last round's ${opts.uploads} uploads (API RSS ${fmt(memoryOf(api.pid)?.rssMiB, 0)} MiB)`);
    f.api.results = f.rounds[f.rounds.length - 1].api.results;
    const uploaded = f.api.results.filter(Boolean).map((r) => r.uploaded);
    f.save = await saveAll(baseUrl, creator.token, app.appId, uploaded);
    const sampledUploadsMiB = sampler.stop();
    f.library = await libraryCaughtUp(baseUrl, creator.token, app.appId, uploaded.length);
    f.libraryRead = await libraryRead(baseUrl, creator.token, app.appId, deadline);
    const saveCpu = cpuAt();

    // 3. the description jobs
    log(`descriptions: ${opts.descriptions} at once`);
    sampler = rssSampler(api.pid);
    f.desc = await describeAll({ baseUrl, creator, appId: app.appId, uploaded, n: opts.descriptions, deadline });
    const sampledDescribeMiB = sampler.stop();
    const end = memoryOf(api.pid);
    const heap = opts.traceGc ? heapFromGcTrace(api.logFile) : null;
    f.mem = end ? { peakMiB: end.peakMiB, startMiB, idleMiB, sampledUploadsMiB, sampledDescribeMiB, barePeakMiB, heap } : null;
    const after = cpuAt();
    const secs = (a, b, k) => fmt(b[k] - a[k], 1);
    const benchSecs = (a, b) => fmt((b.bench.user + b.bench.system - a.bench.user - a.bench.system) / 1e6, 1);
    cpu =
      `bare uploads: bare server ${secs(bareCpuBefore, bareCpuAfter, 'bare')}, client ${benchSecs(bareCpuBefore, bareCpuAfter)}; ` +
      `API uploads: API ${secs(cpuBefore, uploadCpu, 'api')} + its ffprobe/ffmpeg ${secs(cpuBefore, uploadCpu, 'apiChildren')}, ` +
      `client ${benchSecs(cpuBefore, uploadCpu)}, worker ${secs(cpuBefore, uploadCpu, 'worker')}, its media reader ${secs(cpuBefore, uploadCpu, 'reader')}, ` +
      `PostgreSQL ${secs(cpuBefore, uploadCpu, 'postgres')} (bare round: PostgreSQL ${secs(bareCpuBefore, bareCpuAfter, 'postgres')}); saves: API ${secs(uploadCpu, saveCpu, 'api')}; ` +
      `descriptions: API ${secs(saveCpu, after, 'api')}, worker ${secs(saveCpu, after, 'worker')} + its PDF readers and ffprobe ` +
      `${secs(saveCpu, after, 'workerChildren')}, client ${benchSecs(saveCpu, after)}`;

    const failures = [
      f.bare.errors.length ? `${f.bare.errors.length} bare upload errors` : null,
      f.api.errors.length ? `${f.api.errors.length} API upload errors` : null,
      f.save.errors.length ? `${f.save.errors.length} saveAppMedia errors` : null,
      f.library.count !== f.api.ok ? `the library lists ${f.library.count} items, not ${f.api.ok}` : null,
      f.desc.failed.length ? `${f.desc.failed.length} descriptions not completed` : null,
    ].filter(Boolean);
    if (failures.length) status = failures.join(', ');
    for (const e of [...f.bare.errors, ...f.api.errors, ...f.save.errors].slice(0, 3)) log(`upload error: ${e}`);
    for (const c of f.desc.failed.slice(0, 3)) log(`description error (${c.media.type}): ${c.reason}`);
    logTails([api, worker, bare], log);
  } catch (err) {
    status = failed(err);
  } finally {
    report({
      title: 'Media benchmark',
      rows: figures(opts, f),
      status,
      after: cpu ? [`  CPU seconds: ${cpu}`] : [],
      record: opts.record && f.api,
      section: () => resultsSection({ opts, f, m, status, cpu, commandLine }),
    });
  }
  return status;
});
