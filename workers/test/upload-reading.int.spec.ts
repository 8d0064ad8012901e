import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { AccessTokens } from '@sparkhouse/backend';
import { MediaReader } from '../src/media/media-reader';
import { eventually, fixtureDir, mp3File, mp4File } from '@sparkhouse/backend/test-support';
import { REALTIME, type JobCompletedMessage, type JobFailedMessage } from '@sparkhouse/contracts';
import { startStack, type TestSocket } from './stack';

/*
 * An upload is answered at once; the real worker then reads the file in its media reader process
 * (thumbnail or poster frame, decoder facts) and the library item gets them, pushed to the creator.
 */
describe('reading uploads after they are answered (real worker)', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let appId: string;
  let token: string;
  let socket: TestSocket;
  /** The pushed ends of the app's upload readings (each sent once the reading is on its item). */
  const pushes: (JobCompletedMessage | JobFailedMessage)[] = [];
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-reading-'));
  const files = fixtureDir();

  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${stack.baseUrl}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** Uploads a file and saves it to the library, as the Media tab does. */
  const uploadAndSave = async (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('appId', appId);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${stack.baseUrl}/api/media/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const uploaded = ((await res.json()) as any).response;
    expect(res.status).toBe(201);
    expect(uploaded.metadata.processing).toBe('pending');
    const saved = await call('POST', '/app-builder/saveAppMedia', {
      appId,
      type: uploaded.type,
      url: uploaded.url,
      metadata: uploaded.metadata,
    });
    expect(saved.status).toBe(200);
    return saved.body.response.media;
  };
  const itemById = async (mediaId: string) =>
    (await call('GET', `/app-builder/getAppMedia?appId=${appId}&limit=100`)).body.response.media.find(
      (m: { mediaId: string }) => m.mediaId === mediaId,
    );
  /** The pushed end of the item's reading: the one whose token makes a read show the item read. */
  const readDone = (mediaId: string) =>
    eventually(
      async () => {
        for (const p of [...pushes]) {
          const res = await fetch(`${stack.baseUrl}/api/app-builder/getAppMedia?appId=${appId}&limit=100`, {
            headers: { authorization: `Bearer ${token}`, 'x-consistency-token': p.token ?? '' },
          });
          const item = ((await res.json()) as any).response.media.find((m: { mediaId: string }) => m.mediaId === mediaId);
          if (item && item.metadata.processing !== 'pending') return p;
        }
        return null;
      },
      { timeoutMs: 120_000, intervalMs: 100 },
    );

  beforeAll(async () => {
    stack = await startStack({ MEDIA_DIR: mediaDir });
    token = await stack.api.get(AccessTokens).sign({ sub: 'rita-creator', email: 'rita-creator@example.com' });
    appId = (await call('POST', '/app-builder/createApp', { name: 'Pottery Club' })).body.response.app.appId;
    socket = io(stack.baseUrl, { path: REALTIME.path, auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => (socket.once('connect', () => resolve()), socket.once('connect_error', reject)));
    const reading = (m: JobCompletedMessage | JobFailedMessage) => {
      if (m.name === 'creator-apps.read-upload' && m.subjectId === appId) pushes.push(m);
    };
    socket.on('job:completed', reading);
    socket.on('job:failed', reading);
  });
  afterAll(async () => {
    socket?.disconnect();
    await stack?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('an image gets its thumbnail, pushed to the creator; the library item says it is read', async () => {
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const item = await uploadAndSave(picture, 'glaze.png');
    const push = await readDone(item.mediaId);
    expect(pushes).toHaveLength(1);
    expect(push).toMatchObject({ subjectId: appId, stored: true, token: expect.stringMatching(/^\d+\.\d+$/) });
    // the push's token makes the read show the change at once
    const res = await fetch(`${stack.baseUrl}/api/app-builder/getAppMedia?appId=${appId}`, {
      headers: { authorization: `Bearer ${token}`, 'x-consistency-token': push.token! },
    });
    const read = ((await res.json()) as any).response.media.find((m: { mediaId: string }) => m.mediaId === item.mediaId);
    expect(read.metadata).toMatchObject({ width: 1200, height: 800, processing: 'done' });
    const thumb = await fetch(new URL(read.thumbnailUrl, stack.baseUrl));
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 427 });
  });

  it('a video gets its poster frame; a sound file its duration and codec from the decoder', async () => {
    const video = await uploadAndSave(fs.readFileSync(await mp4File(files, 2)), 'throwing.mp4');
    const sound = await uploadAndSave(fs.readFileSync(await mp3File(files, 1)), 'wheel.mp3');
    await readDone(video.mediaId);
    await readDone(sound.mediaId);
    await eventually(async () => (await itemById(video.mediaId))?.metadata.processing === 'done');
    await eventually(async () => (await itemById(sound.mediaId))?.metadata.processing === 'done');
    const v = await itemById(video.mediaId);
    expect(v.metadata).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac', channels: 1 });
    const poster = await fetch(new URL(v.thumbnailUrl, stack.baseUrl));
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).width).toBe(320);
    const s = await itemById(sound.mediaId);
    expect(s.thumbnailUrl).toBeNull();
    expect(s.metadata).toMatchObject({ audioCodec: 'mp3', processing: 'done' });
    expect(s.metadata.durationSeconds).toBeGreaterThan(0.9);
  });

  it('a sound file that cannot be decoded: the item says so with the reason, and nothing is retried for ever', async () => {
    // an MPEG audio frame header followed by noise: its first bytes pass, the decoder finds no frame in it
    const noise = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(4000, 0x13)]);
    const item = await uploadAndSave(noise, 'broken.mp3');
    await readDone(item.mediaId);
    await eventually(async () => (await itemById(item.mediaId))?.metadata.processing === 'failed');
    expect((await itemById(item.mediaId)).metadata.processingError).toBe(
      'The audio file could not be read: it may be damaged or incomplete.',
    );
  });

  it('reads in a process of its own, below normal CPU priority', async () => {
    const reader = stack.workers[0].get(MediaReader) as unknown as { child: { pid: number } | null };
    expect(reader.child?.pid).toBeGreaterThan(0);
    // /proc/<pid>/stat: field 19 is the nice value
    const stat = fs.readFileSync(`/proc/${reader.child!.pid}/stat`, 'utf8');
    const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    expect(nice).toBeGreaterThan(0);
  });
});
