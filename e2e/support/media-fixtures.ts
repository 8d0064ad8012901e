// Media files made when a journey runs (nothing binary is committed): a picture drawn with sharp, a
// video rendered by the ffmpeg shipped in @ffmpeg-installer/ffmpeg, a PDF written by hand.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A colourful PNG of `width` x `height`. */
export async function writePng(dir: string, name: string, width = 1200, height = 800): Promise<string> {
  const file = path.join(dir, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b4cf0"/><stop offset="1" stop-color="#fae26a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#2f8370"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/**
 * A WebM video (VP8 + Vorbis: plays in any Chromium build) with a test picture and noise, so it is a
 * few MB and its upload takes long enough to watch.
 */
export function writeVideo(dir: string, name: string, seconds = 4): string {
  const file = path.join(dir, name);
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-vf',
    'noise=alls=60:allf=t',
    '-c:v',
    'libvpx',
    '-b:v',
    '6M',
    '-c:a',
    'libvorbis',
    '-shortest',
    file,
  ]);
  return file;
}

/** A one-page PDF with a line of text. */
export function writePdf(dir: string, name: string, text = 'Stride Coach training guide'): string {
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
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(dir, name);
  fs.writeFileSync(file, body, 'latin1');
  return file;
}
