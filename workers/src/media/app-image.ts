import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import OpenAI from 'openai';
import sharp from 'sharp';
import { appImagesDir, appImageUrl } from '@sparkhouse/backend';
import type { AppImage } from '@sparkhouse/contracts';
import { createRng, hashString } from '../seeded-random';
import { GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS, initialsOf, SPARKLE } from './stroke-glyphs';

export const APP_IMAGE_SIZE = 1024;

export interface AppImageInput {
  appId: string;
  /** The app's name: its initials are drawn on the icon. */
  name: string;
  /** The creator's idea: seeds colours and shapes, and is what an image API is asked to draw. */
  prompt: string;
  tagline?: string;
  /** A new picture for the same app and words (e.g. a run id): drawn differently, stored apart. */
  variation?: string;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;

/**
 * The app image as SVG: a two-hue diagonal gradient, soft translucent shapes and a glassy rounded
 * icon with the name's initials in a monoline alphabet. Everything is seeded by the name and the
 * prompt, so the same app always gets the same picture and different apps get different ones.
 */
export function appImageSvg(input: Pick<AppImageInput, 'name' | 'prompt' | 'variation'>, size = APP_IMAGE_SIZE): string {
  const rng = createRng(
    hashString(`app-image\u0000${input.name}\u0000${input.prompt}${input.variation ? `\u0000${input.variation}` : ''}`),
  );
  const hue = rng.int(0, 359);
  const hue2 = hue + rng.int(35, 85) * (rng.next() < 0.5 ? -1 : 1);
  const from = hsl(hue, rng.int(62, 78), rng.int(42, 52));
  const to = hsl(hue2, rng.int(62, 80), rng.int(26, 36));
  const accent = hsl(hue + 180 + rng.int(-20, 20), 85, 70);
  const u = size / 1024;

  const shapes: string[] = [];
  const count = rng.int(5, 8);
  for (let i = 0; i < count; i++) {
    const fill = rng.pick(['#ffffff', accent, from]);
    const opacity = (0.08 + rng.next() * 0.18).toFixed(2);
    const cx = rng.int(0, 1024) * u;
    const cy = rng.int(0, 1024) * u;
    if (rng.next() < 0.65) {
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${rng.int(90, 360) * u}" fill="${fill}" opacity="${opacity}"/>`);
    } else {
      const w = rng.int(260, 620) * u;
      const h = rng.int(60, 150) * u;
      shapes.push(
        `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}" opacity="${opacity}" ` +
          `transform="rotate(${rng.int(-50, 50)} ${cx} ${cy})"/>`,
      );
    }
  }
  // a dotted arc of small circles around the icon
  const dots: string[] = [];
  const start = rng.next() * Math.PI * 2;
  for (let i = 0; i < 14; i++) {
    const a = start + (i / 14) * Math.PI * 1.3;
    const r = 400 * u;
    dots.push(
      `<circle cx="${(512 * u + Math.cos(a) * r).toFixed(1)}" cy="${(512 * u + Math.sin(a) * r).toFixed(1)}" r="${(6 + i * 0.6) * u}" fill="#ffffff" opacity="0.55"/>`,
    );
  }

  const icon = 560 * u;
  const iconX = (size - icon) / 2;
  const letters = initialsOf(input.name);
  const glyphs = letters ? [...letters].map((c) => GLYPHS[c]) : [SPARKLE];
  const gap = 4;
  const boxW = glyphs.length * GLYPH_WIDTH + (glyphs.length - 1) * gap;
  const scale = Math.min((300 * u) / boxW, (260 * u) / GLYPH_HEIGHT);
  const ox = (size - boxW * scale) / 2;
  const oy = (size - GLYPH_HEIGHT * scale) / 2;
  const stroke = (34 * u) / scale; // ~34 px at full size, in glyph units
  const drawn = glyphs.map((d, i) => `<path d="${d}" transform="translate(${i * (GLYPH_WIDTH + gap)} 0)"/>`).join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.34"/>` +
    `<stop offset="1" stop-color="#ffffff" stop-opacity="0.10"/></linearGradient>` +
    `</defs>` +
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
    shapes.join('') +
    dots.join('') +
    `<rect x="${iconX + 10 * u}" y="${iconX + 22 * u}" width="${icon}" height="${icon}" rx="${136 * u}" fill="#000000" opacity="0.18"/>` +
    `<rect x="${iconX}" y="${iconX}" width="${icon}" height="${icon}" rx="${136 * u}" fill="url(#glass)" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${4 * u}"/>` +
    `<g transform="translate(${ox} ${oy}) scale(${scale})" fill="${letters ? 'none' : '#ffffff'}" stroke="#ffffff" ` +
    `stroke-width="${letters ? stroke.toFixed(3) : 0}" stroke-linecap="round" stroke-linejoin="round">${drawn}</g>` +
    `</svg>`
  );
}

/** The procedural app image as a PNG. */
export async function renderAppImagePng(
  input: Pick<AppImageInput, 'name' | 'prompt' | 'variation'>,
  size = APP_IMAGE_SIZE,
): Promise<Buffer> {
  return sharp(Buffer.from(appImageSvg(input, size)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The app id as a file-name part: kept when it is a plain id, hashed otherwise. */
const fileSafeId = (appId: string) =>
  /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(appId) ? appId : `app-${hashString(appId).toString(36)}`;

export interface ImageApiSettings {
  baseURL?: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

export interface CreatedAppImage extends AppImage {
  /** Set when the image API failed and the image was drawn instead; says why. */
  fallbackReason?: string;
}

/**
 * Makes an app's image and writes it under MEDIA_DIR/app-images (atomically: a temp file renamed,
 * so a reader never sees half a file). With an image API configured it asks that API first and
 * draws the image itself when the API fails, saying why; without one it draws it.
 */
export class AppImageMaker {
  private readonly client: OpenAI | null;

  constructor(
    private readonly mediaDir: string,
    private readonly imageApi: ImageApiSettings | null = null,
  ) {
    this.client = imageApi
      ? new OpenAI({ apiKey: imageApi.apiKey, baseURL: imageApi.baseURL, maxRetries: 1, timeout: imageApi.timeoutMs ?? 120_000 })
      : null;
  }

  async create(input: AppImageInput, signal?: AbortSignal): Promise<CreatedAppImage> {
    if (this.client && this.imageApi) {
      try {
        const png = await this.fromApi(input, signal);
        const name = `${fileSafeId(input.appId)}-${createHash('sha256').update(png).digest('hex').slice(0, 16)}.png`;
        await this.write(name, png);
        return {
          url: appImageUrl(name),
          width: APP_IMAGE_SIZE,
          height: APP_IMAGE_SIZE,
          generatedBy: `image-api:${this.imageApi.model}`,
        };
      } catch (error) {
        signal?.throwIfAborted();
        const reason = error instanceof Error ? error.message : String(error);
        return {
          ...(await this.procedural(input)),
          fallbackReason: `The image service failed (${reason}); the image was drawn instead.`,
        };
      }
    }
    return this.procedural(input);
  }

  /** The images API's model when pictures are asked of one (else they are drawn). */
  get imageApiModel(): string | null {
    return this.client && this.imageApi ? this.imageApi.model : null;
  }

  /** A picture of `prompt` from the images API, as a PNG of the size asked (cover-cropped); throws when it fails. */
  async apiPicture(prompt: string, size: { width: number; height: number }, signal?: AbortSignal): Promise<Buffer> {
    if (!this.client || !this.imageApi) throw new Error('no images API is configured');
    const res = await this.client.images.generate(
      { model: this.imageApi.model, prompt: prompt.slice(0, 1000), n: 1, size: '1024x1024' },
      { signal },
    );
    return sharp(await this.bytesOf(res.data?.[0], signal))
      .resize(size.width, size.height, { fit: 'cover' })
      .png()
      .toBuffer();
  }

  private async bytesOf(first: { b64_json?: string; url?: string } | undefined, signal?: AbortSignal): Promise<Buffer> {
    if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
    if (first?.url) {
      const download = await fetch(first.url, { signal });
      if (!download.ok) throw new Error(`downloading the image answered HTTP ${download.status}`);
      return Buffer.from(await download.arrayBuffer());
    }
    throw new Error('the answer held no image');
  }

  private async procedural(input: AppImageInput): Promise<CreatedAppImage> {
    const seed = `${input.name}\u0000${input.prompt}${input.variation ? `\u0000${input.variation}` : ''}`;
    const name = `${fileSafeId(input.appId)}-${hashString(seed).toString(36)}.png`;
    const file = path.join(appImagesDir(this.mediaDir), name);
    const exists = await fs.stat(file).then(
      (s) => s.size > 0,
      () => false,
    );
    // same app, same inputs, same picture: a retried build reuses the file
    if (!exists) await this.write(name, await renderAppImagePng(input));
    return { url: appImageUrl(name), width: APP_IMAGE_SIZE, height: APP_IMAGE_SIZE, generatedBy: 'procedural' };
  }

  private async fromApi(input: AppImageInput, signal?: AbortSignal): Promise<Buffer> {
    const prompt =
      `An app icon style illustration for "${input.name}"` +
      (input.tagline ? ` (${input.tagline})` : '') +
      `. The app: ${input.prompt.slice(0, 600)}. Bold simple shapes, soft gradient background, no text.`;
    const res = await this.client!.images.generate(
      { model: this.imageApi!.model, prompt, n: 1, size: `${APP_IMAGE_SIZE}x${APP_IMAGE_SIZE}` as '1024x1024' },
      { signal },
    );
    // whatever format and size came back, store a square PNG of the expected size
    return sharp(await this.bytesOf(res.data?.[0], signal))
      .resize(APP_IMAGE_SIZE, APP_IMAGE_SIZE, { fit: 'cover' })
      .png()
      .toBuffer();
  }

  private async write(name: string, png: Buffer) {
    const dir = appImagesDir(this.mediaDir);
    await fs.mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${name}.${randomUUID()}.tmp`);
    await fs.writeFile(tmp, png);
    await fs.rename(tmp, path.join(dir, name));
  }
}
