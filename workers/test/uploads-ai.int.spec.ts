import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { Database } from '@sparkhouse/backend';
import { eventually } from '@sparkhouse/backend/test-support';
import { listenOnLoopback, startStack } from './stack';
import { tinyPdf } from './fixtures/tiny-pdf';

const png = (r: number, g: number, b: number, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A site of the test's own: a picture, and a page that is missing. */
async function startSite() {
  const picture = await png(240, 200, 40, 300, 300);
  const server = http.createServer((req, res) => {
    if (req.url === '/sun.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(picture);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<h1>Not here</h1>');
  });
  return listenOnLoopback(server);
}

describe('analyzeUploads and generateImageFromInputs, run by the real worker', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let appId: string;
  let otherAppId: string;
  let imageUrl: string;
  let pdfUrl: string;
  let otherAppImage: string;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-ai-'));

  const call = (method: string, url: string, userId: string | null, body?: unknown) => stack.callAs(method, url, userId, body);

  const upload = (userId: string, app: string, bytes: Buffer, name: string, type: string) =>
    stack.upload(userId, app, bytes, name, type);

  const sql = async <T>(query: string, params: unknown[] = []) =>
    (await stack.api.get(Database).em.fork().getConnection().execute(query, params)) as T[];
  const runsRequested = async () =>
    Number((await sql<{ n: string }>(`select count(*) as n from domain_event where type = 'JobRequested'`))[0]!.n);

  beforeAll(async () => {
    site = await startSite();
    stack = await startStack({
      LINK_FETCH_ALLOW_HOSTS: new URL(site.origin).host,
      LINK_FETCH_TIMEOUT_MS: '4000',
      MEDIA_DIR: mediaDir,
    });
    appId = (await call('POST', '/app-builder/createApp', 'nora-creator', { name: 'Bake Club' })).body.response.app.appId;
    otherAppId = (await call('POST', '/app-builder/createApp', 'omar-creator', { name: 'Other Club' })).body.response.app.appId;
    imageUrl = await upload('nora-creator', appId, await png(20, 60, 200), 'blue.png', 'image/png');
    pdfUrl = await upload(
      'nora-creator',
      appId,
      tinyPdf([['Sourdough schedule', 'Feed the starter on Friday evening before the bake.']], { title: 'Bake Plan' }),
      'plan.pdf',
      'application/pdf',
    );
    otherAppImage = await upload('omar-creator', otherAppId, await png(200, 20, 20), 'red.png', 'image/png');
  });
  afterAll(async () => {
    await stack?.close();
    site?.server.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers a question about library files and a web picture from facts read from each', async () => {
    const res = await call('POST', '/app-builder/analyzeUploads', 'nora-creator', {
      appId,
      mediaUrls: [imageUrl, pdfUrl, `${site.origin}/sun.png`],
      mediaTypes: ['image', 'pdf', 'image'],
      analysisPrompt: 'What colours are these, and when should the starter be fed?',
      userId: 'nora-creator',
      cardContext: 'A card about the weekend bake',
    });
    expect(res.status).toBe(200);
    const answer = res.body.response;
    expect(answer).toMatchObject({ status: 'completed', generatedBy: 'local-generator' });
    expect(answer.items).toEqual([
      { url: imageUrl, type: 'image', facts: ['PNG', '640×480', 'landscape', 'mostly blue'] },
      { url: pdfUrl, type: 'pdf', facts: ['1 page'] },
      { url: `${site.origin}/sun.png`, type: 'image', facts: ['PNG', '300×300', 'square', 'mostly yellow'] },
    ]);
    expect(answer.analysis).toContain('The main colours are blue, yellow.');
    expect(answer.analysis).toContain('“starter” appears in the PDF (“Bake Plan”)');
    expect(answer.highlights[0]).toBe('Image 1: PNG, 640×480, landscape, mostly blue');
  });

  it("fails with the spec's message and why, for a web file that cannot be read", async () => {
    const res = await call('POST', '/app-builder/analyzeUploads', 'nora-creator', {
      appId,
      mediaUrls: [`${site.origin}/missing.png`],
      mediaTypes: ['image'],
      analysisPrompt: 'What is it?',
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Failed to analyze uploads: File 1 could not be fetched: The page answered 404.');
  });

  it('refuses bad input with a 400 naming the problem, and enqueues nothing', async () => {
    const base = { appId, mediaUrls: [imageUrl], mediaTypes: ['image'], analysisPrompt: 'What is it?' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, mediaTypes: ['image', 'pdf'] }, /Give one kind per file: 1 addresses but 2 kinds/],
      [{ ...base, mediaTypes: ['spreadsheet'] }, /must be one of image, video, audio, pdf/],
      [{ ...base, mediaTypes: ['pdf'] }, /mediaUrls.0 is an image, not a PDF/],
      [{ ...base, mediaUrls: [otherAppImage] }, /mediaUrls.0 must be a file uploaded to this app/],
      [{ ...base, mediaUrls: ['http://127.0.0.1:6379/x.png'] }, /mediaUrls.0 is not on the public internet/],
      [{ ...base, mediaUrls: ['http://169.254.169.254/latest/meta-data'] }, /mediaUrls.0 is not on the public internet/],
      // (the platform refuses a NUL anywhere in a body; other control characters in an address are refused here)
      [{ ...base, mediaUrls: ['https://example.com/a\u0000.png'] }, /mediaUrls.0 must not contain the NUL character/],
      [{ ...base, mediaUrls: ['https://example.com/a\u0007.png'] }, /must not hold control characters/],
      [{ ...base, analysisPrompt: 'why\u0000' }, /analysisPrompt must not contain the NUL character/],
      [{ ...base, analysisPrompt: '   ' }, /Say what to find out/],
      [{ ...base, mediaUrls: [], mediaTypes: [] }, /Choose at least one file/],
      [{ ...base, mediaUrls: Array(11).fill(imageUrl), mediaTypes: Array(11).fill('image') }, /at most 10 files/],
      [{ ...base, mediaUrls: ['file:///etc/passwd'] }, /must be a file uploaded to this app or an http\(s\) address/],
    ];
    const before = await runsRequested();
    for (const [body, message] of cases) {
      const res = await call('POST', '/app-builder/analyzeUploads', 'nora-creator', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(JSON.stringify(res.body)).toMatch(message);
      const { analysisPrompt, ...rest } = body;
      const generate = { ...rest, generationPrompt: analysisPrompt };
      expect((await call('POST', '/app-builder/generateImageFromInputs', 'nora-creator', generate)).status).toBe(400);
    }
    expect(await runsRequested()).toBe(before);
  });

  it('is for the app owner only: others get 404, anonymous callers 401, another userId 403', async () => {
    const body = { appId, mediaUrls: [imageUrl], mediaTypes: ['image'], analysisPrompt: 'What is it?' };
    const before = await runsRequested();
    expect((await call('POST', '/app-builder/analyzeUploads', 'omar-creator', body)).status).toBe(404);
    expect((await call('POST', '/app-builder/analyzeUploads', null, body)).status).toBe(401);
    const notMine = await call('POST', '/app-builder/analyzeUploads', 'nora-creator', { ...body, userId: 'omar-creator' });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error).toBe('userId must be your own.');
    const image = { appId, mediaUrls: [imageUrl], mediaTypes: ['image'], generationPrompt: 'A poster' };
    expect((await call('POST', '/app-builder/generateImageFromInputs', 'omar-creator', image)).status).toBe(404);
    expect((await call('POST', '/app-builder/generateImageFromInputs', null, image)).status).toBe(401);
    expect(await runsRequested()).toBe(before);
  });

  it('makes a picture from the inputs and adds it to the library once, though its result is stored twice', async () => {
    const res = await call('POST', '/app-builder/generateImageFromInputs', 'nora-creator', {
      appId,
      mediaUrls: [imageUrl, `${site.origin}/sun.png`, pdfUrl],
      mediaTypes: ['image', 'image', 'pdf'],
      generationPrompt: 'A poster for the spring bake',
    });
    expect(res.status).toBe(200);
    const { runId, media } = res.body.response;
    expect(res.body.response.status).toBe('completed');
    expect(media).toMatchObject({
      appId,
      type: 'image',
      metadata: {
        fileName: 'generated-a-poster-for-the-spring-bake.png',
        width: 1600,
        height: 1200,
        generatedBy: 'procedural',
        generatedFrom: 'generated from 3 inputs',
        prompt: 'A poster for the spring bake',
        runId,
      },
    });
    const file = await fetch(new URL(media.url, stack.baseUrl));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect((await fetch(new URL(media.thumbnailUrl, stack.baseUrl))).status).toBe(200);

    // the call stored it, and so does the job's result handler when the run's JobCompleted reaches it: one item
    const [completed] = await sql<{ position: string }>(
      `select position from domain_event where type = 'JobCompleted' and payload->>'runId' = ?`,
      [runId],
    );
    await eventually(async () => {
      const [cp] = await sql<{ position: string }>(
        `select position from event_checkpoint where subscriber = 'platform.job-push'`,
      );
      return cp && BigInt(cp.position) >= BigInt(completed!.position);
    });
    const saved = await sql(`select 1 from domain_event where stream_id = ? and type = 'AppMediaSaved'`, [
      `media-${media.mediaId}`,
    ]);
    expect(saved).toHaveLength(1);
    // (the read model trails the log by a moment)
    const listed = await eventually(async () => {
      const library = await call('GET', `/app-builder/getAppMedia?appId=${appId}&onlyTypes=image`, 'nora-creator');
      const found = library.body.response.media.filter((m: { mediaId: string }) => m.mediaId === media.mediaId);
      return found.length > 0 ? found : null;
    });
    expect(listed).toHaveLength(1);
    expect(listed[0].metadata.generatedFrom).toBe('generated from 3 inputs');
  });

  it("fails with 'Failed to generate image' and why when an input cannot be read", async () => {
    const res = await call('POST', '/app-builder/generateImageFromInputs', 'nora-creator', {
      appId,
      mediaUrls: [`${site.origin}/missing.png`],
      mediaTypes: ['image'],
      generationPrompt: 'A poster',
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Failed to generate image: File 1 could not be fetched: The page answered 404.');
  });
});
