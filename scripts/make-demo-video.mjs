// node scripts/make-demo-video.mjs [--seconds 20]
//
// Renders the demo class video once: headless Chromium draws an animated canvas (a coloured clock
// with a countdown, the seconds visible) and MediaRecorder records it to WebM (VP8/VP9), written to
// backend/assets/demo-class.webm. Every demo class plays it at /api/media/videos/demo-class.webm.
// The result is committed, so npm start never needs a browser.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './lib/paths.mjs';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 20;
const out = path.join(root, 'backend/assets/demo-class.webm');

const page = `<!doctype html><html><body style="margin:0;background:#000">
<canvas id="c" width="640" height="360"></canvas>
<script>
window.record = async (seconds) => {
  const c = document.getElementById('c');
  const g = c.getContext('2d');
  const started = performance.now();
  const draw = () => {
    const t = (performance.now() - started) / 1000;
    const left = Math.max(0, seconds - t);
    const hue = (t * 18) % 360;
    const grad = g.createLinearGradient(0, 0, 640, 360);
    grad.addColorStop(0, 'hsl(' + hue + ', 60%, 22%)');
    grad.addColorStop(1, 'hsl(' + ((hue + 90) % 360) + ', 65%, 40%)');
    g.fillStyle = grad;
    g.fillRect(0, 0, 640, 360);
    // the clock face: a ring that empties as the countdown runs, and a sweeping seconds hand
    const cx = 190, cy = 180, r = 120;
    g.lineWidth = 14; g.strokeStyle = 'rgba(255,255,255,0.18)';
    g.beginPath(); g.arc(cx, cy, r, 0, Math.PI * 2); g.stroke();
    g.strokeStyle = '#FAE26A';
    g.beginPath(); g.arc(cx, cy, r, -Math.PI / 2, -Math.PI / 2 + (Math.PI * 2 * left) / seconds); g.stroke();
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      g.fillStyle = '#fff';
      g.beginPath(); g.arc(cx + Math.cos(a) * (r - 26), cy + Math.sin(a) * (r - 26), 3, 0, Math.PI * 2); g.fill();
    }
    const a = -Math.PI / 2 + (t % 60) / 60 * Math.PI * 2 * 3;
    g.strokeStyle = '#EB5757'; g.lineWidth = 5; g.lineCap = 'round';
    g.beginPath(); g.moveTo(cx, cy); g.lineTo(cx + Math.cos(a) * (r - 34), cy + Math.sin(a) * (r - 34)); g.stroke();
    g.fillStyle = '#fff';
    g.font = 'bold 64px sans-serif'; g.textAlign = 'center'; g.textBaseline = 'middle';
    g.fillText(Math.ceil(left).toString().padStart(2, '0'), cx, cy);
    g.textAlign = 'left';
    g.font = 'bold 34px sans-serif';
    g.fillText('Sparkhouse demo class', 340, 130);
    g.font = '26px sans-serif';
    g.fillText('elapsed  ' + t.toFixed(1).padStart(4, '0') + ' s', 340, 190);
    g.fillText('left       ' + left.toFixed(1).padStart(4, '0') + ' s', 340, 232);
    if (t < seconds) requestAnimationFrame(draw);
  };
  draw();
  const type = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
  const rec = new MediaRecorder(c.captureStream(30), { mimeType: type, videoBitsPerSecond: 450000 });
  const chunks = [];
  rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  const done = new Promise((resolve) => (rec.onstop = resolve));
  rec.start(1000);
  await new Promise((r) => setTimeout(r, seconds * 1000 + 150));
  rec.stop();
  await done;
  const durationMs = performance.now() - started;
  const buf = new Uint8Array(await new Blob(chunks, { type }).arrayBuffer());
  let bin = '';
  for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
  return { type, base64: btoa(bin), durationMs };
};
</script></body></html>`;

/** An EBML variable-size integer at offset: its length in bytes and its value. */
function readVint(buf, at) {
  const first = buf[at];
  let len = 1;
  while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
  let value = first & (0xff >> len);
  for (let i = 1; i < len; i++) value = value * 256 + buf[at + i];
  return { len, value };
}

/**
 * MediaRecorder writes no Duration, so players cannot show the length or seek well. Adds a Duration
 * (float64, in TimecodeScale units: ms) to the Segment's Info element, re-encoding Info's size.
 */
function withDuration(webm, durationMs) {
  const infoId = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
  const at = webm.indexOf(infoId);
  if (at < 0) throw new Error('no Segment Info element in the recording');
  const size = readVint(webm, at + 4);
  const body = webm.subarray(at + 4 + size.len, at + 4 + size.len + size.value);
  if (body.indexOf(Buffer.from([0x44, 0x89])) >= 0) return webm;
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88]);
  duration.writeDoubleBE(durationMs, 3);
  const newSize = size.value + duration.length;
  const sizeBytes = Buffer.alloc(8);
  sizeBytes[0] = 0x01;
  sizeBytes.writeUIntBE(newSize, 2, 6);
  return Buffer.concat([webm.subarray(0, at + 4), sizeBytes, body, duration, webm.subarray(at + 4 + size.len + size.value)]);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  const tab = await browser.newPage({ viewport: { width: 640, height: 360 } });
  await tab.setContent(page);
  const { type, base64, durationMs } = await tab.evaluate((s) => window.record(s), seconds);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, withDuration(Buffer.from(base64, 'base64'), Math.round(durationMs)));
  console.log(`wrote ${path.relative(root, out)}: ${(fs.statSync(out).size / 1024).toFixed(0)} KiB, ${type}, ${seconds} s`);
} finally {
  await browser.close();
}
