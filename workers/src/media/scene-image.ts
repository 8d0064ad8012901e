import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { appImagesDir, appImageUrl } from '@sparkhouse/backend';
import type { AppImage } from '@sparkhouse/contracts';
import { createRng, hashString } from '../seeded-random';

type Rng = ReturnType<typeof createRng>;

export const BANNER = { width: 1600, height: 900 } as const;
export const SCREEN = { width: 720, height: 1440 } as const;

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%, ${a})`;

function palette(rng: Rng) {
  const hue = rng.int(0, 359);
  return {
    hue,
    from: hsl(hue, rng.int(60, 78), rng.int(46, 56)),
    to: hsl(hue + rng.int(35, 80) * (rng.next() < 0.5 ? -1 : 1), rng.int(60, 80), rng.int(24, 34)),
    accent: hsl(hue + 180 + rng.int(-25, 25), 85, 72),
  };
}

/** A landing-page banner: a two-hue gradient with soft layered hills and floating shapes. */
export function bannerSvg(seed: string, { width, height } = BANNER): string {
  const rng = createRng(hashString(`banner\u0000${seed}`));
  const p = palette(rng);
  const hills = Array.from({ length: 3 }, (_, i) => {
    const base = height * (0.55 + i * 0.14);
    const amp = height * (0.08 + rng.next() * 0.1);
    const c1 = width * (0.2 + rng.next() * 0.2);
    const c2 = width * (0.6 + rng.next() * 0.2);
    const fill = hsl(p.hue + i * 12, 55, 90 - i * 12, 0.18 + i * 0.12);
    return `<path d="M0 ${base} C ${c1} ${base - amp}, ${c2} ${base + amp}, ${width} ${base - amp / 2} L ${width} ${height} L 0 ${height} Z" fill="${fill}"/>`;
  });
  const shapes = Array.from({ length: rng.int(4, 7) }, () => {
    const r = rng.int(30, 140);
    return `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, Math.round(height * 0.6))}" r="${r}" fill="${rng.pick(['#ffffff', p.accent])}" opacity="${(0.1 + rng.next() * 0.2).toFixed(2)}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}${hills.join('')}
</svg>`;
}

/** A phone screen of the app: status bar, header, a feature card and list rows, in the app's colours. */
export function screenSvg(seed: string, index: number, { width, height } = SCREEN): string {
  const rng = createRng(hashString(`screen\u0000${seed}`));
  const p = palette(rng);
  const layout = createRng(hashString(`screen-layout\u0000${seed}\u0000${index}`));
  const pad = 40;
  const rows = Array.from({ length: layout.int(3, 5) }, (_, i) => {
    const y = 760 + i * 140;
    return `<rect x="${pad}" y="${y}" width="${width - pad * 2}" height="112" rx="24" fill="#ffffff" opacity="0.92"/>
    <circle cx="${pad + 56}" cy="${y + 56}" r="32" fill="${i % 2 ? p.accent : p.from}"/>
    <rect x="${pad + 112}" y="${y + 30}" width="${layout.int(200, 400)}" height="20" rx="10" fill="${hsl(p.hue, 20, 30, 0.8)}"/>
    <rect x="${pad + 112}" y="${y + 64}" width="${layout.int(120, 300)}" height="16" rx="8" fill="${hsl(p.hue, 15, 55, 0.6)}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="${hsl(p.hue, 30, 96)}"/>
  <rect width="${width}" height="${620 + layout.int(-40, 40)}" fill="url(#g)"/>
  <rect x="${pad}" y="36" width="120" height="18" rx="9" fill="#ffffff" opacity="0.7"/>
  <rect x="${width - pad - 90}" y="36" width="90" height="18" rx="9" fill="#ffffff" opacity="0.7"/>
  <rect x="${pad}" y="130" width="${layout.int(320, 520)}" height="44" rx="22" fill="#ffffff" opacity="0.95"/>
  <rect x="${pad}" y="196" width="${layout.int(220, 420)}" height="28" rx="14" fill="#ffffff" opacity="0.6"/>
  <rect x="${pad}" y="290" width="${width - pad * 2}" height="${layout.int(300, 380)}" rx="36" fill="#ffffff" opacity="0.22"/>
  <circle cx="${width / 2}" cy="${460}" r="${layout.int(90, 130)}" fill="${p.accent}" opacity="0.9"/>
  ${rows.join('')}
  <rect x="${pad}" y="${height - 150}" width="${width - pad * 2}" height="96" rx="48" fill="${p.to}"/>
</svg>`;
}

/**
 * Draws landing-page pictures with sharp and writes them beside the app images (served from
 * /api/media/app-images): each file named by the app and a hash of its bytes, written atomically.
 */
export class SceneImageMaker {
  constructor(private readonly mediaDir: string) {}

  async banner(appId: string, seed: string): Promise<AppImage> {
    return this.save(appId, 'banner', bannerSvg(seed), BANNER);
  }

  async screen(appId: string, seed: string, index: number): Promise<AppImage> {
    return this.save(appId, 'screen', screenSvg(seed, index), SCREEN);
  }

  private async save(appId: string, kind: string, svg: string, size: { width: number; height: number }): Promise<AppImage> {
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
    const safeId = /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(appId) ? appId : `app-${hashString(appId).toString(36)}`;
    const name = `${safeId}-${kind}-${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;
    const dir = appImagesDir(this.mediaDir);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${name}.${randomUUID()}.tmp`);
    await fs.writeFile(tmp, png);
    await fs.rename(tmp, path.join(dir, name));
    return { url: appImageUrl(name), width: size.width, height: size.height, generatedBy: 'procedural' };
  }
}
