import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../seeded-random';

/*
 * The demo catalogue's covers, drawn from a seed: a WebP for each and its SVG beside it, from which the
 * catalogue draws the widths it serves (modules/catalogue/infra/cover-renderer.ts).
 */

/** Palettes per category: the covers of a category look related. */
const PALETTES: Record<string, [string, string, string]> = {
  music: ['#3b1f6e', '#c0397b', '#fae26a'],
  dance: ['#7a1f3d', '#f0653b', '#ffd3b5'],
  art: ['#1f4e6e', '#39c0a5', '#f7f3d0'],
  cooking: ['#6e3b1f', '#e0a030', '#fff1d6'],
  fitness: ['#1f6e3b', '#a5d639', '#e8ffe0'],
  technology: ['#101d3a', '#3b82f6', '#a5f3fc'],
  writing: ['#3a2e1d', '#b08d57', '#f5ecd7'],
  photography: ['#222222', '#8a8a8a', '#eb5757'],
};

/** An SVG cover: a diagonal gradient with circles, bars and a ring placed by a seeded PRNG. No text, no downloads. */
export function coverSvg(seed: number, category: string, width = 640, height = 360): string {
  const r = seededRandom(seed);
  const [dark, mid, light] = PALETTES[category] ?? PALETTES.music;
  const shapes: string[] = [];
  for (let i = 0; i < r.int(4, 9); i++) {
    const fill = r.pick([mid, light, '#ffffff']);
    const op = (0.12 + r.next() * 0.45).toFixed(2);
    if (r.next() < 0.6) {
      shapes.push(
        `<circle cx="${r.int(0, width)}" cy="${r.int(0, height)}" r="${r.int(20, height / 1.6)}" fill="${fill}" opacity="${op}"/>`,
      );
    } else {
      const w = r.int(30, width / 2);
      shapes.push(
        `<rect x="${r.int(-40, width)}" y="${r.int(-40, height)}" width="${w}" height="${r.int(10, 60)}" rx="8" fill="${fill}" ` +
          `opacity="${op}" transform="rotate(${r.int(-40, 40)} ${width / 2} ${height / 2})"/>`,
      );
    }
  }
  const ring = `<circle cx="${r.int(width / 4, (3 * width) / 4)}" cy="${height / 2}" r="${r.int(40, 110)}" fill="none" stroke="${light}" stroke-width="${r.int(4, 14)}" opacity="0.8"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/>` +
    `<stop offset="1" stop-color="${mid}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}${ring}</svg>`
  );
}

export interface CoverJob {
  name: string;
  seed: number;
  category: string;
  width?: number;
  height?: number;
}

/**
 * Renders covers as WebP into dir (skipping ones already there), keeping each one's SVG beside it so
 * the larger widths can be drawn from it, sharp at any size; answers how many were written.
 */
export async function renderCovers(dir: string, jobs: readonly CoverJob[]): Promise<number> {
  fs.mkdirSync(dir, { recursive: true });
  const sharp = (await import('sharp')).default;
  let written = 0;
  for (const j of jobs) {
    const file = path.join(dir, `${j.name}.webp`);
    const svg = coverSvg(j.seed, j.category, j.width, j.height);
    const source = path.join(dir, `${j.name}.svg`);
    if (!fs.existsSync(source)) fs.writeFileSync(source, svg);
    if (fs.existsSync(file)) continue;
    await sharp(Buffer.from(svg)).webp({ quality: 72 }).toFile(file);
    written += 1;
  }
  return written;
}
