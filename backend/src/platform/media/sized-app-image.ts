import fs from 'node:fs';
import path from 'node:path';
import { APP_IMAGE_WIDTHS } from '@sparkhouse/contracts';
import type { default as Sharp } from 'sharp';

/** sharp (libvips) is loaded the first time a picture is resized: a process that never resizes one does not carry it. */
let loaded: Promise<typeof Sharp> | null = null;
const sharpLib = () => (loaded ??= import('sharp').then((m) => m.default));

const SIZED = /^([a-z0-9][a-z0-9_-]*)-(\d+)w\.webp$/i;

/** Resizings under way, by file: two first requests for one width wait for one drawing. */
const drawing = new Map<string, Promise<boolean>>();

/**
 * `name-960w.webp` in dir, drawn from the app picture `name.png` at that width (never wider than the
 * picture) the first time it is asked for, then kept: true when the file is there to send, false when
 * the name is not a width of a picture we have.
 */
export function ensureSizedAppImage(dir: string, fileName: string): Promise<boolean> {
  const m = SIZED.exec(fileName);
  if (!m || !(APP_IMAGE_WIDTHS as readonly number[]).includes(Number(m[2]))) return Promise.resolve(false);
  const file = path.join(dir, fileName);
  if (fs.existsSync(file)) return Promise.resolve(true);
  const source = path.join(dir, `${m[1]}.png`);
  if (!fs.existsSync(source)) return Promise.resolve(false);
  let pending = drawing.get(file);
  if (!pending) {
    pending = draw(source, file, Number(m[2])).finally(() => drawing.delete(file));
    drawing.set(file, pending);
  }
  return pending;
}

async function draw(source: string, file: string, width: number): Promise<boolean> {
  const sharp = await sharpLib();
  const image = await sharp(source).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  // another process may draw it at once: each writes its own file and the rename is atomic
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  fs.writeFileSync(partial, image);
  fs.renameSync(partial, file);
  return true;
}
