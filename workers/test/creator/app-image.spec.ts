import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { AppImageMaker, appImageSvg, renderAppImagePng } from '../../src/media/app-image';
import { initialsOf } from '../../src/media/stroke-glyphs';

let mediaDir: string;
beforeEach(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-image-'));
});
afterEach(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const INPUT = { appId: 'app-42', name: 'Stride Habit', prompt: 'a habit tracker for runners' };

describe('initialsOf', () => {
  it.each([
    ['Stride Habit', 'SH'],
    ['run', 'R'],
    ['Ünder pressure club', 'UP'],
    ['  kettle & co ', 'KC'],
    ['9 Lives', '9L'],
    ['食谱 🍜', ''],
  ])('%s -> %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});

describe('procedural app image', () => {
  it('is the same picture for the same app and a different one for another', () => {
    expect(appImageSvg(INPUT)).toBe(appImageSvg({ ...INPUT }));
    expect(appImageSvg({ ...INPUT, prompt: 'a meditation timer' })).not.toBe(appImageSvg(INPUT));
    expect(appImageSvg({ ...INPUT, name: 'Other' })).not.toBe(appImageSvg(INPUT));
  });

  it('renders a square PNG of the asked size, with colour (not a blank canvas)', async () => {
    const png = await renderAppImagePng(INPUT, 256);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 256, height: 256 });
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += info.channels * 97) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    expect(colours.size).toBeGreaterThan(20);
  });

  it('writes the file once under MEDIA_DIR/app-images and reuses it on a retry', async () => {
    const maker = new AppImageMaker(mediaDir);
    const a = await maker.create(INPUT);
    expect(a).toMatchObject({ width: 1024, height: 1024, generatedBy: 'procedural' });
    const file = path.join(mediaDir, 'app-images', path.basename(a.url));
    const firstWrite = fs.statSync(file).mtimeMs;
    const b = await maker.create(INPUT);
    expect(b).toEqual(a);
    expect(fs.statSync(file).mtimeMs).toBe(firstWrite);
    expect(fs.readdirSync(path.join(mediaDir, 'app-images'))).toEqual([path.basename(a.url)]);
  });

  it('keeps odd app ids out of the file name', async () => {
    const r = await new AppImageMaker(mediaDir).create({ ...INPUT, appId: '../../etc/passwd' });
    expect(path.basename(r.url)).toMatch(/^app-[a-z0-9]+-[a-z0-9]+\.png$/);
    expect(fs.existsSync(path.join(mediaDir, 'app-images', path.basename(r.url)))).toBe(true);
  });
});

describe('image API', () => {
  let server: http.Server;
  let baseURL: string;
  const requests: Record<string, unknown>[] = [];
  let mode: 'ok' | 'fail' = 'ok';

  beforeAll(async () => {
    const red = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        if (req.url !== '/v1/images/generations') return res.writeHead(404).end();
        requests.push(JSON.parse(raw));
        if (mode === 'fail') {
          res.writeHead(500, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: { message: 'image model down' } }));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ created: 1, data: [{ b64_json: red.toString('base64') }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks the configured model for the app and stores its answer as a 1024 PNG', async () => {
    mode = 'ok';
    const maker = new AppImageMaker(mediaDir, { baseURL, apiKey: 'k', model: 'img-model' });
    const r = await maker.create(INPUT);
    expect(r).toMatchObject({ width: 1024, height: 1024, generatedBy: 'image-api:img-model' });
    expect(r.fallbackReason).toBeUndefined();
    expect(requests.at(-1)).toMatchObject({ model: 'img-model', size: '1024x1024', n: 1 });
    expect(String(requests.at(-1)!.prompt)).toContain('Stride Habit');
    const { data, info } = await sharp(path.join(mediaDir, 'app-images', path.basename(r.url)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 1024, height: 1024 });
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
  });

  it('makes a picture of any size from words alone (generateImageFromInputs), cover-cropped', async () => {
    mode = 'ok';
    const maker = new AppImageMaker(mediaDir, { baseURL, apiKey: 'k', model: 'img-model' });
    expect(maker.imageApiModel).toBe('img-model');
    expect(new AppImageMaker(mediaDir).imageApiModel).toBeNull();
    const png = await maker.apiPicture('A poster for the spring bake', { width: 1600, height: 1200 });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1600, height: 1200 });
    expect(requests.at(-1)).toMatchObject({ model: 'img-model', prompt: 'A poster for the spring bake', size: '1024x1024' });
    mode = 'fail';
    await expect(maker.apiPicture('A poster', { width: 1600, height: 1200 })).rejects.toThrow(/500/);
  });

  it('draws the image itself when the API fails, and says why', async () => {
    mode = 'fail';
    const r = await new AppImageMaker(mediaDir, { baseURL, apiKey: 'k', model: 'img-model' }).create(INPUT);
    expect(r.generatedBy).toBe('procedural');
    expect(r.fallbackReason).toMatch(/^The image service failed \(.*500.*\); the image was drawn instead\.$/);
  });
});
