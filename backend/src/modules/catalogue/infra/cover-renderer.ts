import fs from 'node:fs';
import path from 'node:path';
import type { default as Sharp } from 'sharp';

/** sharp (libvips) is loaded the first time a cover is drawn: a process that never draws one does not carry it. */
let loaded: Promise<typeof Sharp> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((m) => m.default));

/**
 * The widths a cover is served at besides its own (`name-960w.webp`): enough for the widest display of
 * a cover (the class page's, about 1170 CSS px, on a 2x screen capped at 1920) and small ones for cards
 * and phones, which pick by srcset.
 */
export const COVER_WIDTHS = [480, 960, 1440, 1920] as const;
const SIZED = /^([a-z0-9][a-z0-9_-]*)-(\d+)w\.webp$/i;

/**
 * `name-960w.webp` in dir, drawn from `name.svg` at that width the first time it is asked for (then
 * kept): true when the file is there to send, false when the name is not a sized cover we can draw.
 */
export async function ensureSizedCover(dir: string, fileName: string): Promise<boolean> {
  const m = SIZED.exec(fileName);
  if (!m || !(COVER_WIDTHS as readonly number[]).includes(Number(m[2]))) return false;
  const file = path.join(dir, fileName);
  if (fs.existsSync(file)) return true;
  let svg: Buffer;
  try {
    svg = fs.readFileSync(path.join(dir, `${m[1]}.svg`));
  } catch {
    return false;
  }
  const width = Number(m[2]);
  const drawnWidth = Number(/width="(\d+)"/.exec(svg.toString())?.[1] ?? width);
  // rasterised at the target size (density), not scaled up from a small bitmap
  const sharp = await sharpLib();
  const image = await sharp(svg, { density: Math.min(2400, (72 * width) / drawnWidth) })
    .resize({ width })
    .webp({ quality: 72 })
    .toBuffer();
  // two first requests may draw it at once: each writes its own file and the rename is atomic
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  fs.writeFileSync(partial, image);
  fs.renameSync(partial, file);
  return true;
}
