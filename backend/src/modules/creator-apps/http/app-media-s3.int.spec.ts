import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eventually } from '../../../test-support';
import { useCreatorApi } from '../../../test-support/creator-api';
import { fixtureDir, pngBytes } from '../../../test-support/media-fixtures';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import { S3Storage } from '../../../platform/media/storage/s3-storage';
import { thumbnailKeyOf } from '../../../platform/media/media-keys';
import { keyOfMediaUrl } from '../../../platform/media/signed-urls';
import sharp from 'sharp';

// s3rver: an S3-compatible server on local disk (the S3 protocol, SigV4 signatures checked)

const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

const BUCKET = 'sparkhouse-media';
const PREFIX = 'studio/';

/** With S3_* set, uploads go to the bucket (through the official AWS SDK v3 client) and are served from it. */
describe('media storage on S3-compatible object storage', () => {
  const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-s3rver-'));
  const mediaDir = fixtureDir();
  const s3: { server?: InstanceType<typeof S3rver>; client?: S3Client } = {};
  const env: Record<string, string> = { MEDIA_DIR: mediaDir };

  beforeAll(async () => {
    s3.server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3.server.run();
    Object.assign(env, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-2',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: PREFIX,
    });
    s3.client = new S3Client({
      region: 'us-east-2',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  const api = useCreatorApi(env);
  const ava = { as: 'ava-s3' };
  afterAll(async () => {
    s3.client?.destroy();
    await s3.server?.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const objectKeys = async () =>
    ((await s3.client!.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!).sort();

  it('stores an upload and its thumbnail in the bucket, serves them through signed URLs, deletes them with the item', async () => {
    expect(api.app.get<MediaStorage>(MEDIA_STORAGE)).toBeInstanceOf(S3Storage);
    const appId = (await api.post('/app-builder/createApp', { name: 'Bucketed' }, ava)).body.response.app.appId;
    const png = await pngBytes(900, 300);
    const form = new FormData();
    form.append('appId', appId);
    form.append('file', new Blob([png]), 'wide.png');
    const up = await api.postForm('/media/uploads', form, ava);
    expect(up.status).toBe(201);
    const { url } = up.body.response;

    // the upload is in the bucket at once; the reading job puts its thumbnail beside it (as here)
    expect(await objectKeys()).toHaveLength(1);
    const storage = api.app.get<MediaStorage>(MEDIA_STORAGE);
    const thumbnailFile = path.join(mediaDir, 'thumb.webp');
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(thumbnailFile, await sharp(png).resize(320).webp().toBuffer());
    await storage.putFile(thumbnailKeyOf(keyOfMediaUrl(url)!), thumbnailFile, 'image/webp');
    const keys = await objectKeys();
    expect(keys).toHaveLength(2);
    expect(keys.every((k) => k.startsWith(`${PREFIX}apps/${appId}/`))).toBe(true);
    expect(fs.existsSync(path.join(mediaDir, 'files'))).toBe(false);
    expect(fs.existsSync(thumbnailFile)).toBe(false);

    const file = await fetch(new URL(url, api.base));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    const part = await fetch(new URL(url, api.base), { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(png.subarray(0, 8));

    const item = (await api.post('/app-builder/saveAppMedia', { appId, type: 'image', url, metadata: {} }, ava)).body.response
      .media;
    expect(item.thumbnailUrl).toMatch(/thumb\.webp/);
    expect((await fetch(new URL(item.thumbnailUrl, api.base))).headers.get('content-type')).toBe('image/webp');
    await api.post('/app-builder/deleteAppMedia', { appId, mediaId: item.mediaId }, ava);
    await eventually(async () => (await objectKeys()).length === 0);
    expect((await fetch(new URL(url, api.base))).status).toBe(404);
  });

  it('answers nothing for a missing object, and reads byte ranges', async () => {
    const storage = api.app.get<MediaStorage>(MEDIA_STORAGE);
    const key = 'apps/0b8c6a3e-0d51-4d7a-9d0e-7d3b9f0c1a22/5f1e2d3c-4b5a-4c6d-8e7f-901234567890/original.pdf';
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
    await storage.delete([key]);

    const tmp = path.join(mediaDir, 'doc.pdf');
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(tmp, '%PDF-1.4 hello bucket');
    await storage.putFile(key, tmp, 'application/pdf');
    expect(fs.existsSync(tmp)).toBe(false);
    expect(await storage.stat(key)).toEqual({ size: 21, contentType: 'application/pdf' });
    const chunks: Buffer[] = [];
    for await (const c of (await storage.read(key, { start: 9, end: 13 }))!) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    const head = await s3.client!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}` }));
    expect(head.ContentType).toBe('application/pdf');
    await storage.delete([key]);
    expect(await storage.stat(key)).toBeNull();
  });
});
