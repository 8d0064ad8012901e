import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { AccessTokens } from '@sparkhouse/backend';
import { eventually } from '@sparkhouse/backend/test-support';
import { REALTIME, SERVER_EVENTS } from '@sparkhouse/contracts';
import { listenOnLoopback, startStack, type TestSocket } from './stack';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tinyPdf } from './fixtures/tiny-pdf';

/** A small site of the test's own: a described page, a redirect to the metadata service, a slow page. */
function startSite() {
  const server = http.createServer((req, res) => {
    switch (req.url) {
      case '/sourdough':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head>
          <title>Bread basics</title>
          <meta property="og:title" content="The Weekend Sourdough Guide">
          <meta property="og:description" content="A step-by-step guide to baking a crusty sourdough loaf at home over one weekend.">
          <meta property="og:image" content="/img/loaf.jpg">
          <meta property="og:site_name" content="Crumb &amp; Crust">
          <script>var tracking = "Ignore this script text entirely.";</script>
        </head><body>
          <h1>The Weekend Sourdough Guide</h1>
          <h2>Feeding the starter</h2><p>Feed your starter twice on Friday so it is bubbly and active by Saturday morning.</p>
          <h2>Shaping the dough</h2><p>Shape the dough gently after the bulk fermentation has risen by about half.</p>
          <h2>Baking in a Dutch oven</h2><p>Bake the loaf covered for twenty minutes, then uncovered until it is deep brown.</p>
        </body></html>`);
        return;
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      case '/empty':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><head></head><body></body></html>');
        return;
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not here</h1>');
        return;
      default:
        res.writeHead(500);
        res.end();
    }
  });
  return listenOnLoopback(server);
}

describe('link previews and link descriptions, run by the real worker', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let appId: string;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-assets-'));

  beforeAll(async () => {
    site = await startSite();
    // the test site is on loopback: only its exact host:port is exempt from the address rules
    stack = await startStack({
      LINK_FETCH_ALLOW_HOSTS: new URL(site.origin).host,
      LINK_FETCH_TIMEOUT_MS: '4000',
      MEDIA_DIR: mediaDir,
    });
    const created = await call('POST', '/app-builder/createApp', 'lena-creator', { name: 'Crumb Club' });
    expect(created.status).toBe(201);
    appId = created.body.response.app.appId;
  });
  afterAll(async () => {
    await stack?.close();
    site?.server.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const call = (method: string, url: string, userId: string | null, body?: unknown) => stack.callAs(method, url, userId, body);

  it('previews a page from its Open Graph meta, with the image made absolute', async () => {
    const res = await call('POST', '/app-builder/link-preview', 'lena-creator', { url: `${site.origin}/sourdough` });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      url: `${site.origin}/sourdough`,
      title: 'The Weekend Sourdough Guide',
      description: 'A step-by-step guide to baking a crusty sourdough loaf at home over one weekend.',
      image: `${site.origin}/img/loaf.jpg`,
      siteName: 'Crumb & Crust',
    });
  });

  it('refuses private, loopback and metadata addresses, also behind a redirect', async () => {
    for (const url of [
      'http://127.0.0.1:9/',
      'http://localhost:6379/',
      'http://[::1]/',
      'http://10.0.0.8/',
      `${site.origin}/to-metadata`,
    ]) {
      const res = await call('POST', '/app-builder/link-preview', 'lena-creator', { url });
      expect({ url, status: res.status }).toEqual({ url, status: 422 });
      expect(res.body.error).toMatch(/^Failed to fetch link preview: That address is not on the public internet\./);
    }
  });

  it('answers bad input with a 400 naming the problem, and an anonymous caller with a 401', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /Give the address of a web page/],
      [{ url: 'file:///etc/passwd' }, /starting with http/],
      [{ url: 'gopher://example.com/' }, /starting with http/],
      [{ url: 'http://exa\u0000mple.com/' }, /./],
      [{ url: `https://example.com/${'a'.repeat(2100)}` }, /under 2048 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/app-builder/link-preview', 'lena-creator', body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    expect((await call('POST', '/app-builder/link-preview', null, { url: `${site.origin}/sourdough` })).status).toBe(401);
  });

  it('describes a page from what it says: its title, summary and sections, nothing from the script', async () => {
    const res = await call('POST', '/app-builder/generate-link-description', 'lena-creator', {
      url: `${site.origin}/sourdough`,
      appId,
    });
    expect(res.status).toBe(200);
    const answer = res.body.response;
    expect(answer.status).toBe('completed');
    expect(answer.description).toContain('A web page from Crumb & Crust titled “The Weekend Sourdough Guide”.');
    expect(answer.description).toContain('crusty sourdough loaf');
    expect(answer.description).toContain(
      'Its sections include “Feeding the starter”, “Shaping the dough” and “Baking in a Dutch oven”.',
    );
    expect(answer.description).not.toMatch(/Ignore this script/);
    expect(answer.highlights).toEqual(['Feeding the starter', 'Shaping the dough', 'Baking in a Dutch oven']);
    expect(answer.generatedBy).toBe('local-generator');
    expect(answer.source.title).toBe('The Weekend Sourdough Guide');
  });

  it("fails with the spec's message and the reason, at once, for a page that cannot be described", async () => {
    const cases: [string, RegExp][] = [
      [`${site.origin}/missing`, /The page answered 404/],
      [`${site.origin}/empty`, /no title, description or text/],
      ['http://169.254.169.254/latest/meta-data/', /not on the public internet/],
    ];
    for (const [url, reason] of cases) {
      const res = await call('POST', '/app-builder/generate-link-description', 'lena-creator', { url, appId });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatch(/^Failed to generate link description: /);
      expect(res.body.error).toMatch(reason);
    }
  });

  it("generates a new app image that becomes the app's image, readable at once, a new picture each time", async () => {
    const first = await call('POST', '/app-builder/generateAppImage', 'lena-creator', { appId, prompt: 'a warm loaf of bread' });
    expect(first.status).toBe(200);
    expect(first.body.response).toMatchObject({
      status: 'completed',
      appImage: { width: 1024, height: 1024, generatedBy: 'procedural' },
    });
    const url: string = first.body.response.appImage.url;
    const file = await fetch(`${stack.baseUrl}${url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');

    // the caller's next read has it
    const apps = await call('GET', '/app-builder/getCreatorApps', 'lena-creator');
    expect(apps.body.response.apps.find((a: { appId: string }) => a.appId === appId).appImage.url).toBe(url);

    const second = await call('POST', '/app-builder/generateAppImage', 'lena-creator', { appId, prompt: 'a warm loaf of bread' });
    const secondUrl: string = second.body.response.appImage.url;
    expect(secondUrl).not.toBe(url);

    // both pictures are in the app's media library, each once (the call and the reactor both store a run)
    const library = await eventually(async () => {
      const media = await libraryImages();
      return media.some((m) => m.url === url) && media.some((m) => m.url === secondUrl) && media;
    });
    for (const picture of [url, secondUrl]) {
      expect(library.filter((m) => m.url === picture)).toEqual([
        expect.objectContaining({
          type: 'image',
          thumbnailUrl: picture,
          metadata: expect.objectContaining({
            fileName: 'App image.png',
            usedFor: 'app-image',
            width: 1024,
            height: 1024,
            generatedBy: 'procedural',
          }),
        }),
      ]);
    }
  });

  const libraryImages = async (): Promise<{ url: string; thumbnailUrl: string; metadata: Record<string, unknown> }[]> =>
    (await call('GET', `/app-builder/getAppMedia?appId=${appId}&onlyTypes=image`, 'lena-creator')).body.response.media;

  it('refuses image requests from others and with bad input, changing nothing', async () => {
    const before = await call('GET', '/app-builder/getCreatorApps', 'lena-creator');
    const image = before.body.response.apps.find((a: { appId: string }) => a.appId === appId).appImage;
    expect((await call('POST', '/app-builder/generateAppImage', 'max-creator', { appId })).status).toBe(404);
    expect((await call('POST', '/app-builder/generateAppImage', null, { appId })).status).toBe(401);
    const long = await call('POST', '/app-builder/generateAppImage', 'lena-creator', { appId, prompt: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Keep the description under 1000 characters.');
    const after = await call('GET', '/app-builder/getCreatorApps', 'lena-creator');
    expect(after.body.response.apps.find((a: { appId: string }) => a.appId === appId).appImage).toEqual(image);
  });

  it('draws a new hero picture and new screenshots into new landing-page versions, read back at once', async () => {
    const before = await call('POST', '/app-builder/regenerateAIScreenshots', 'lena-creator', { appId });
    expect(before.status).toBe(409);
    expect(before.body.error).toMatch(/no landing page yet/);

    const landingPageInfo = {
      hero: { title: 'Bake better bread', subtitle: 'Weekend sourdough plans', cta: 'Start baking' },
      sections: [
        { kind: 'features', title: 'Starter care', body: 'Feed it twice on Friday.' },
        { kind: 'story', title: 'Shaping the dough', body: 'Gently, after the bulk rise.' },
      ],
      pricingCopy: { monthly: '$5 a month', annual: '$50 a year' },
    };
    expect((await call('POST', '/apps/saveAppLandingPageInfo', 'lena-creator', { appId, landingPageInfo })).status).toBe(200);

    const hero = await call('POST', '/app-builder/regenerateLandingPageImage', 'lena-creator', {
      appId,
      imageType: 'hero',
      specificInstructions: 'golden morning light',
    });
    expect(hero.status).toBe(200);
    expect(hero.body.response.status).toBe('completed');
    const heroImage = hero.body.response.landingPage.hero.image;
    expect(heroImage).toEqual({ url: expect.stringMatching(/-banner-[0-9a-f]{16}\.png$/), alt: 'Bake better bread' });
    expect((await fetch(`${stack.baseUrl}${heroImage.url}`)).headers.get('content-type')).toBe('image/png');

    const shots = await call('POST', '/app-builder/regenerateAIScreenshots', 'lena-creator', { appId, additionalPrompt: 'cosy' });
    expect(shots.status).toBe(200);
    const page = shots.body.response.landingPage;
    expect(page.screenshots.map((s: { caption: string }) => s.caption)).toEqual([
      'Bake better bread',
      'Starter care',
      'Shaping the dough',
    ]);
    // the hero picture stays: each change is a new version of the current page
    expect(page.hero.image).toEqual(heroImage);
    const history = await call('GET', `/app-builder/getLandingPageVersionHistory?appId=${appId}`, 'lena-creator');
    expect(history.body.response.versions).toHaveLength(3);

    // the new pictures are in the media library, named for where they are used
    const named = await eventually(async () => {
      const media = await libraryImages();
      const ours = media.filter((m) => m.metadata.usedFor === 'hero' || m.metadata.usedFor === 'screenshot');
      return ours.length >= 4 && ours;
    });
    expect(named.map((m) => [m.url, m.metadata.fileName]).sort()).toEqual(
      [
        [heroImage.url, 'Hero picture.png'],
        ...page.screenshots.map((shot: { url: string }, i: number) => [shot.url, `Store screenshot ${i + 1}.png`]),
      ].sort(),
    );
    expect(named.find((m) => m.url === page.screenshots[1].url)?.metadata.caption).toBe('Starter care');

    const gone = await call('POST', '/app-builder/regenerateLandingPageImage', 'lena-creator', { appId, imageType: 'section-5' });
    expect(gone.status).toBe(400);
    const bad = await call('POST', '/app-builder/regenerateLandingPageImage', 'lena-creator', { appId, imageType: 'footer' });
    expect(bad.status).toBe(400);
    expect((await call('POST', '/app-builder/regenerateAIScreenshots', 'max-creator', { appId })).status).toBe(404);
  });

  const upload = (userId: string, bytes: Buffer, name: string, type: string) => stack.upload(userId, appId, bytes, name, type);

  it('describes a PDF and a recording of the media library from what the files hold', async () => {
    const pdfUrl = await upload(
      'lena-creator',
      tinyPdf(
        [['Knife Skills for Home Cooks', 'Hold the knife with a pinch grip for control.'], ['Dicing an onion takes three cuts.']],
        {
          title: 'Knife Skills',
          subject: 'A printable guide to the basic cuts',
        },
      ),
      'knife-skills.pdf',
      'application/pdf',
    );
    const pdf = await call('POST', '/app-builder/generate-pdf-description', 'lena-creator', { pdfUrl, appId });
    expect(pdf.status).toBe(200);
    expect(pdf.body.response).toMatchObject({ status: 'completed', facts: ['2 pages'], generatedBy: 'local-generator' });
    expect(pdf.body.response.description).toBe(
      'A document titled “Knife Skills” (2 pages). A printable guide to the basic cuts.',
    );

    const mp3 = path.join(mediaDir, 'episode.mp3');
    await promisify(execFile)((require('@ffmpeg-installer/ffmpeg') as { path: string }).path, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-metadata',
      'title=Episode 4: Starters',
      '-metadata',
      'artist=Crumb Club',
      '-c:a',
      'libmp3lame',
      mp3,
    ]);
    const audioUrl = await upload('lena-creator', fs.readFileSync(mp3), 'episode.mp3', 'audio/mpeg');
    const audio = await call('POST', '/app-builder/generate-audio-description', 'lena-creator', { audioUrl, appId });
    expect(audio.status).toBe(200);
    expect(audio.body.response.description).toBe('A recording from Crumb Club titled “Episode 4: Starters” (2 s).');

    // the wrong kind, a foreign URL, another creator: refused, nothing run
    const wrongKind = await call('POST', '/app-builder/generate-video-description', 'lena-creator', { videoUrl: pdfUrl, appId });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error).toBe('That file is a pdf, not a video.');
    const foreign = await call('POST', '/app-builder/generate-pdf-description', 'lena-creator', {
      pdfUrl: 'https://example.com/a.pdf',
      appId,
    });
    expect(foreign.status).toBe(400);
    expect((await call('POST', '/app-builder/generate-pdf-description', 'max-creator', { pdfUrl, appId })).status).toBe(404);
  });

  it("fails with the spec's message when a PDF has no text to describe", async () => {
    const blank = await upload('lena-creator', tinyPdf([[]]), 'blank.pdf', 'application/pdf');
    const res = await call('POST', '/app-builder/generate-pdf-description', 'lena-creator', { pdfUrl: blank, appId });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^Failed to generate PDF description: The PDF has no text to describe/);
  });

  it("describes only for the app's owner: another creator gets 404, an anonymous caller 401", async () => {
    const body = { url: `${site.origin}/sourdough`, appId };
    expect((await call('POST', '/app-builder/generate-link-description', 'max-creator', body)).status).toBe(404);
    expect((await call('POST', '/app-builder/generate-link-description', null, body)).status).toBe(401);
    const bad = await call('POST', '/app-builder/generate-link-description', 'lena-creator', {
      url: `${site.origin}/sourdough`,
      appId: 'nope',
    });
    expect(bad.status).toBe(400);
  });
});

describe('a link description that outlasts the call’s deadline', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let site: Awaited<ReturnType<typeof startSite>>;

  beforeAll(async () => {
    site = await startSite();
    // the local describer takes longer than the call waits: the call answers the run to follow
    stack = await startStack({
      LINK_FETCH_ALLOW_HOSTS: new URL(site.origin).host,
      AI_LOCAL_DELAY_MS: '1500',
      CREATOR_QUICK_JOB_TIMEOUT_MS: '200',
    });
  });
  afterAll(async () => {
    await stack?.close();
    site?.server.close();
  });

  it('answers the run id at once, and the owner’s socket gets the progress and then the description', async () => {
    const tokens = stack.api.get(AccessTokens);
    const token = await tokens.sign({ sub: 'rita-creator', email: 'rita-creator@example.com' });
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${stack.baseUrl}/api${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const socket: TestSocket = io(stack.baseUrl, {
      path: REALTIME.path,
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
    const steps: string[] = [];
    let completed: any = null;
    socket.on(SERVER_EVENTS.jobProgress, (m) => steps.push(m.step));
    socket.on(SERVER_EVENTS.jobCompleted, (m) => (completed = m));
    try {
      const { appId } = (await post('/app-builder/createApp', { name: 'Loaf Lab' })).body.response.app;
      const res = await post('/app-builder/generate-link-description', { url: `${site.origin}/sourdough`, appId });
      expect(res.status).toBe(200);
      expect(res.body.response).toEqual({ status: 'running', runId: expect.any(String) });
      await eventually(() => completed);
      expect(completed.runId).toBe(res.body.response.runId);
      expect(completed.result.description).toContain('The Weekend Sourdough Guide');
      expect([...new Set(steps)]).toEqual(['fetching', 'reading', 'describing']);
    } finally {
      socket.disconnect();
    }
  });
});
