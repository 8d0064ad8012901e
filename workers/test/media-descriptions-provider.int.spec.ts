import fs from 'node:fs';
import { AccessTokens } from '@sparkhouse/backend';
import { fixtureDir, mp3File, mp4File } from '@sparkhouse/backend/test-support';
import { startFakeChatServer, type FakeChatServer } from './ai/fake-chat-server';
import { startStack } from './stack';

const TRANSCRIPT = 'Welcome back. Today we fold the dough four times, then let it rest in the fridge overnight.';
const DESCRIBED = {
  description: 'A short lesson on folding dough four times and resting it overnight in the fridge.',
  highlights: ['Four folds', 'An overnight rest'],
};

/** The calls wait for their description long enough for a busy machine (the answer is what is tested here). */
const SLOW_MACHINE = { CREATOR_QUICK_JOB_TIMEOUT_MS: '60000' };

/**
 * With an AI provider configured, a video's or recording's description is written from what is said
 * in it (its sound, transcribed by the provider's speech model) and, for a video, from frames the
 * model looks at — against a stand-in server speaking the OpenAI wire protocol.
 */
describe('media descriptions with an AI provider: transcripts and frames', () => {
  let ai: FakeChatServer;
  let stack: Awaited<ReturnType<typeof startStack>>;
  let appId: string;
  const dir = fixtureDir();

  beforeAll(async () => {
    ai = await startFakeChatServer([{ content: JSON.stringify(DESCRIBED) }], { transcript: TRANSCRIPT });
    stack = await startStack({
      ...SLOW_MACHINE,
      AI_BASE_URL: ai.baseURL,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'fake-vision',
      MEDIA_DIR: dir,
    });
    appId = (await call('POST', '/app-builder/createApp', { name: 'Dough School' })).body.response.app.appId;
  });
  afterAll(async () => {
    await stack?.close();
    await ai?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const token = () => stack.api.get(AccessTokens).sign({ sub: 'dora-creator', email: 'dora-creator@example.com' });
  async function call(method: string, url: string, body?: unknown) {
    const res = await fetch(`${stack.baseUrl}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  async function upload(file: string, type: string): Promise<string> {
    const form = new FormData();
    form.append('appId', appId);
    form.append('file', new Blob([new Uint8Array(fs.readFileSync(file))], { type }), file.split('/').pop());
    const res = await fetch(`${stack.baseUrl}/api/media/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}` },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(res.status).toBeLessThan(300);
    return (body.response ?? body).url;
  }
  /** What the model was shown: the prompt's text, and how many pictures. */
  function shown(request: Record<string, any>) {
    const user = request.messages.find((m: { role: string }) => m.role === 'user');
    const parts: any[] = typeof user.content === 'string' ? [{ type: 'text', text: user.content }] : user.content;
    return {
      text: parts
        .filter((p) => p.type === 'text')
        .map((p) => p.text as string)
        .join('\n'),
      images: parts.filter((p) => p.type === 'image_url').map((p) => p.image_url.url as string),
    };
  }

  it('transcribes a video’s sound, shows the model four frames and the transcript, and answers its description', async () => {
    const videoUrl = await upload(await mp4File(dir, 4), 'video/mp4');
    const before = ai.requests.length;
    const res = await call('POST', '/app-builder/generate-video-description', { videoUrl, appId });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ status: 'completed', ...DESCRIBED, generatedBy: 'openai-compatible:fake-vision' });
    expect(res.body.response.facts).toEqual(expect.arrayContaining(['4 s', '320×240', 'with sound']));

    expect(ai.transcriptions).toEqual([{ model: 'whisper-1', fileBytes: expect.any(Number), fileName: 'speech.mp3' }]);
    expect(ai.transcriptions[0].fileBytes).toBeGreaterThan(1000);
    const asked = ai.requests.slice(before);
    expect(asked).toHaveLength(1);
    const { text, images } = shown(asked[0]);
    expect(text).toContain('fold the dough four times');
    expect(text).toContain('4 frames of the video are attached');
    expect(images).toHaveLength(4);
    for (const image of images) {
      expect(image).toMatch(/^data:image\/jpeg;base64,/);
      // a real JPEG, not an empty frame
      expect(Buffer.from(image.split(',')[1], 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it('transcribes a recording and writes from the transcript, with no pictures', async () => {
    const audioUrl = await upload(await mp3File(dir, 2), 'audio/mpeg');
    const heardBefore = ai.transcriptions.length;
    const before = ai.requests.length;
    const res = await call('POST', '/app-builder/generate-audio-description', { audioUrl, appId });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ status: 'completed', description: DESCRIBED.description });
    expect(ai.transcriptions).toHaveLength(heardBefore + 1);
    const { text, images } = shown(ai.requests[before]);
    expect(text).toContain('let it rest in the fridge overnight');
    expect(images).toEqual([]);
  });
});

describe('media descriptions with a provider that has no speech model', () => {
  let ai: FakeChatServer;
  let stack: Awaited<ReturnType<typeof startStack>>;
  const dir = fixtureDir();

  beforeAll(async () => {
    // no transcript: /audio/transcriptions answers 404, as a text-only server does
    ai = await startFakeChatServer([{ content: JSON.stringify(DESCRIBED) }]);
    stack = await startStack({
      ...SLOW_MACHINE,
      AI_BASE_URL: ai.baseURL,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'fake-text',
      MEDIA_DIR: dir,
    });
  });
  afterAll(async () => {
    await stack?.close();
    await ai?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('describes a recording from its facts and tags instead of failing', async () => {
    const token = await stack.api.get(AccessTokens).sign({ sub: 'tex-creator', email: 'tex-creator@example.com' });
    const headers = { authorization: `Bearer ${token}` };
    const created = await fetch(`${stack.baseUrl}/api/app-builder/createApp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Quiet Notes' }),
    });
    const appId = ((await created.json()) as any).response.app.appId;
    const form = new FormData();
    form.append('appId', appId);
    form.append('file', new Blob([new Uint8Array(fs.readFileSync(await mp3File(dir, 1)))], { type: 'audio/mpeg' }), 'note.mp3');
    const uploaded = (await (
      await fetch(`${stack.baseUrl}/api/media/uploads`, { method: 'POST', headers, body: form })
    ).json()) as any;
    const res = await fetch(`${stack.baseUrl}/api/app-builder/generate-audio-description`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ audioUrl: (uploaded.response ?? uploaded).url, appId }),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body.response).toMatchObject({ status: 'completed', description: DESCRIBED.description, facts: ['1 s'] });
    const user = ai.requests.at(-1)!.messages.find((m: { role: string }) => m.role === 'user');
    expect(typeof user.content).toBe('string');
    expect(user.content).not.toContain('transcript');
  });
});
