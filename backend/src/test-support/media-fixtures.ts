// Small media files made at test time (nothing binary is committed): images drawn with sharp, a video
// and an audio file rendered by the ffmpeg that ships in @ffmpeg-installer/ffmpeg, a PDF written by hand.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ffmpegPath } from '../platform/media/media-tools';

const run = promisify(execFile);

/** A PNG of `width` x `height` with a gradient (so it is not trivially small). */
export async function pngBytes(width = 800, height = 600): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 160;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export const jpegBytes = async (width = 640, height = 480) =>
  sharp(await pngBytes(width, height))
    .jpeg()
    .toBuffer();

/** A one-page PDF with a line of text. */
export function pdfBytes(text = 'Sparkhouse test document'): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A folder for rendered files, removed by the caller. */
export const fixtureDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-media-'));

/** A clip of a test picture (`size`; none for `audioOnly`) and a tone, `seconds` long, encoded with the codecs given. */
async function clipFile(
  out: string,
  seconds: number,
  options: { audioOnly?: boolean },
  encode: { size: string; rate: number; video: string[]; audio: string[] },
): Promise<string> {
  const picture = options.audioOnly
    ? []
    : ['-f', 'lavfi', '-i', `testsrc=size=${encode.size}:rate=${encode.rate}:duration=${seconds}`];
  await run(ffmpegPath, [
    ...['-v', 'error', '-y'],
    ...picture,
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...(options.audioOnly ? [] : encode.video),
    ...encode.audio,
    ...['-shortest', out],
  ]);
  return out;
}

/** A short H.264 + AAC MP4 with a test picture and a tone (`audioOnly`: the tone alone, in an MP4 container). */
export const mp4File = (dir: string, seconds = 2, options: { audioOnly?: boolean } = {}) =>
  clipFile(path.join(dir, `clip-${seconds}s${options.audioOnly ? '-sound' : ''}.mp4`), seconds, options, {
    size: '320x240',
    rate: 15,
    video: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    // an ISO base media brand (isom), as cameras and editors write, whatever the tracks
    audio: ['-c:a', 'aac', '-f', 'mp4', '-brand', 'isom'],
  });

/** A short VP8 + Vorbis WebM (`audioOnly`: Vorbis alone). */
export const webmFile = (dir: string, seconds = 1, options: { audioOnly?: boolean } = {}) =>
  clipFile(path.join(dir, `clip-${seconds}s${options.audioOnly ? '-sound' : ''}.webm`), seconds, options, {
    size: '176x144',
    rate: 10,
    video: ['-c:v', 'libvpx', '-b:v', '200k'],
    audio: ['-c:a', 'libvorbis'],
  });

/** A 16-bit mono PCM WAV of a tone. */
export function wavBytes(seconds = 1, sampleRate = 22050): Buffer {
  const data = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  for (let i = 0; i < data.length / 2; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((i * 2 * Math.PI * 440) / sampleRate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A short MP3 tone. */
export async function mp3File(dir: string, seconds = 1): Promise<string> {
  const out = path.join(dir, `tone-${seconds}s.mp3`);
  await run(ffmpegPath, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=660:duration=${seconds}`,
    '-c:a',
    'libmp3lame',
    out,
  ]);
  return out;
}
