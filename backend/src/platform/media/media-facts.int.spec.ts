import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { fixtureDir, jpegBytes, mp3File, mp4File, pngBytes, wavBytes, webmFile } from '../../test-support/media-fixtures';
import { sniffFormat } from './content-sniffing';
import { quickFileCall, resetFileSinks } from './file-sink';
import { readMediaFacts, UnreadableHeadersError } from './media-facts';
import { ffprobePath } from './media-tools';

const run = promisify(execFile);

/*
 * The facts an upload answers at once come from its headers alone. Checked here against real files
 * made by ffmpeg and sharp, and against what ffprobe (a real decoder) says of the same files.
 */
describe('media facts from headers', () => {
  const dir = fixtureDir();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const factsOf = async (file: string) => {
    const format = await sniffFormat(fs.readFileSync(file).subarray(0, 4100));
    if (!format) throw new Error(`${file}: not a format the library takes`);
    return readMediaFacts(file, format);
  };
  const probe = async (file: string) =>
    JSON.parse(
      (await run(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])).stdout,
    ) as {
      format: { duration: string };
      streams: {
        codec_type: string;
        codec_name: string;
        width?: number;
        height?: number;
        sample_rate?: string;
        channels?: number;
      }[];
    };

  it('reads an MP4 as ffprobe does: duration, picture size and codecs', async () => {
    const file = await mp4File(dir, 2);
    const facts = await factsOf(file);
    const p = await probe(file);
    const video = p.streams.find((s) => s.codec_type === 'video')!;
    const audio = p.streams.find((s) => s.codec_type === 'audio')!;
    expect(facts).toMatchObject({
      type: 'video',
      ext: 'mp4',
      metadata: {
        width: video.width,
        height: video.height,
        videoCodec: video.codec_name,
        audioCodec: audio.codec_name,
      },
    });
    expect(Math.abs((facts.metadata.durationSeconds as number) - Number(p.format.duration))).toBeLessThan(0.1);
  });

  it('reads the same facts through the thread pool while the disk is slow', async () => {
    const file = await mp4File(dir, 2);
    const direct = await factsOf(file);
    // a call seen as slow sends every file call of the process to the pool for a while
    await quickFileCall(
      () => undefined,
      async () => undefined,
      { slowWriteMs: -1 },
    );
    const format = (await sniffFormat(fs.readFileSync(file).subarray(0, 4100)))!;
    const sync = jest.spyOn(fs, 'readSync');
    try {
      expect(await readMediaFacts(file, format)).toEqual(direct);
      expect(sync).not.toHaveBeenCalled();
    } finally {
      sync.mockRestore();
      resetFileSinks();
    }
  });

  it('takes an MP4 or a WebM without a picture track as audio, under an audio extension', async () => {
    expect(await factsOf(await mp4File(dir, 1, { audioOnly: true }))).toMatchObject({
      type: 'audio',
      ext: 'm4a',
      metadata: { audioCodec: 'aac' },
    });
    expect(await factsOf(await webmFile(dir, 1, { audioOnly: true }))).toMatchObject({
      type: 'audio',
      ext: 'weba',
      metadata: { audioCodec: 'vorbis' },
    });
  });

  it('reads a WebM as ffprobe does', async () => {
    const file = await webmFile(dir, 1);
    const facts = await factsOf(file);
    const p = await probe(file);
    expect(facts).toMatchObject({
      type: 'video',
      ext: 'webm',
      metadata: { width: 176, height: 144, videoCodec: 'vp8', audioCodec: 'vorbis' },
    });
    expect(Math.abs((facts.metadata.durationSeconds as number) - Number(p.format.duration))).toBeLessThan(0.1);
  });

  it('reads a WAV: its duration, sample rate, channels and PCM codec', async () => {
    const file = write('tone.wav', wavBytes(1.5, 22050));
    const p = await probe(file);
    expect(await factsOf(file)).toEqual({
      type: 'audio',
      ext: 'wav',
      metadata: { durationSeconds: 1.5, audioCodec: p.streams[0].codec_name, sampleRate: 22050, channels: 1 },
    });
  });

  it.each([
    ['png', () => pngBytes(321, 123)],
    ['jpg', () => jpegBytes(321, 123)],
    [
      'gif',
      () =>
        sharp({ create: { width: 321, height: 123, channels: 3, background: '#08f' } })
          .gif()
          .toBuffer(),
    ],
    [
      'webp (lossy)',
      () =>
        sharp({ create: { width: 321, height: 123, channels: 3, background: '#08f' } })
          .webp()
          .toBuffer(),
    ],
    [
      'webp (lossless)',
      () =>
        sharp({ create: { width: 321, height: 123, channels: 3, background: '#08f' } })
          .webp({ lossless: true })
          .toBuffer(),
    ],
    [
      'webp (extended, with alpha)',
      () =>
        sharp({ create: { width: 321, height: 123, channels: 4, background: '#08f8' } })
          .webp()
          .toBuffer(),
    ],
    [
      'avif',
      () =>
        sharp({ create: { width: 321, height: 123, channels: 3, background: '#08f' } })
          .avif()
          .toBuffer(),
    ],
  ])('reads the size of a %s from its header', async (name, make) => {
    const facts = await factsOf(write(`picture-${name.replace(/\W+/g, '-')}`, await make()));
    expect(facts).toMatchObject({ type: 'image', metadata: { width: 321, height: 123 } });
  });

  it('reads a JPEG turned by its EXIF orientation as people see it', async () => {
    const turned = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 8 })
      .toBuffer();
    expect((await factsOf(write('turned.jpg', turned))).metadata).toEqual({ width: 200, height: 300 });
  });

  it('leaves formats it does not read in place to the reading job', async () => {
    expect(await factsOf(await mp3File(dir, 1))).toEqual({ type: 'audio', ext: 'mp3', metadata: {} });
  });

  it.each([
    [
      'an MP4 whose boxes do not add up',
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(5000, 7)]),
      'video',
    ],
    [
      'an MP4 with no moov box',
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x10]),
        Buffer.from('ftypisom'),
        Buffer.alloc(4),
        Buffer.from([0, 0, 0x13, 0x88]),
        Buffer.from('mdat'),
        Buffer.alloc(5000 - 8, 1),
      ]),
      'video',
    ],
    [
      'a PNG without its header chunk',
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('0000000d49444154', 'hex'), Buffer.alloc(5000)]),
      'image',
    ],
    [
      'a WAV with no data',
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([0xf0, 0x13, 0, 0]), Buffer.from('WAVE'), Buffer.alloc(5000, 0)]),
      'audio',
    ],
  ])('refuses %s as unreadable', async (_name, bytes, type) => {
    const file = write('broken', bytes);
    const format = await sniffFormat(bytes.subarray(0, 4100));
    expect(format?.type).toBe(type);
    await expect(readMediaFacts(file, format!)).rejects.toBeInstanceOf(UnreadableHeadersError);
  });
});
