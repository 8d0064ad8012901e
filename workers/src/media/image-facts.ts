import sharp from 'sharp';

/** A colour's everyday name from its RGB ("deep blue", "pale yellow", "dark grey"). */
export function colourName(r: number, g: number, b: number): string {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l < 0.1) return 'black';
  if (l > 0.93) return 'white';
  if (s < 0.12) return l < 0.35 ? 'dark grey' : l > 0.7 ? 'light grey' : 'grey';
  let h = 0;
  if (max === R) h = ((G - B) / d) % 6;
  else if (max === G) h = (B - R) / d + 2;
  else h = (R - G) / d + 4;
  const hue = (h * 60 + 360) % 360;
  const base =
    hue < 15 || hue >= 345
      ? 'red'
      : hue < 40
        ? l < 0.4
          ? 'brown'
          : 'orange'
        : hue < 66
          ? 'yellow'
          : hue < 160
            ? 'green'
            : hue < 195
              ? 'teal'
              : hue < 255
                ? 'blue'
                : hue < 290
                  ? 'purple'
                  : 'pink';
  if (base === 'brown') return base;
  if (l < 0.3) return `deep ${base}`;
  if (l > 0.75) return `pale ${base}`;
  if (l > 0.6) return `light ${base}`;
  return base;
}

/** What sharp tells about an image. */
export interface ImageReading {
  format: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  frames: number;
  dominant: { r: number; g: number; b: number };
  /** Mean brightness 0-255 over the colour channels. */
  brightness: number;
}

/** The facts a creator would say about a picture: format, size, shape, main colour, light or dark. */
export function imageFacts(m: ImageReading): string[] {
  const shape =
    Math.abs(m.width - m.height) <= Math.max(m.width, m.height) * 0.05 ? 'square' : m.width > m.height ? 'landscape' : 'portrait';
  return [
    m.format.toUpperCase(),
    `${m.width}×${m.height}`,
    shape,
    `mostly ${colourName(m.dominant.r, m.dominant.g, m.dominant.b)}`,
    m.brightness < 70 ? 'dark overall' : m.brightness > 190 ? 'bright overall' : null,
    m.hasAlpha ? 'with transparency' : null,
    m.frames > 1 ? `animated, ${m.frames} frames` : null,
  ].filter((f): f is string => f !== null);
}

/** Largest picture read (as uploads are limited): more is refused rather than decoded. */
export const MAX_READ_PIXELS = 100_000_000;

/** Reads an image's format, size and colours with sharp; rejects what is not an image sharp can read. */
export async function readImage(input: string | Buffer): Promise<ImageReading> {
  const options = { limitInputPixels: MAX_READ_PIXELS, failOn: 'error' as const };
  const meta = await sharp(input, options).metadata();
  if (!meta.format || !meta.width || !meta.height) throw new Error('not an image');
  // stats of a small copy: the colours are the same, the work is not
  const small = await sharp(input, options).rotate().resize(256, 256, { fit: 'inside' }).toBuffer();
  const stats = await sharp(small).stats();
  const colour = stats.channels.slice(0, 3);
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    format: meta.format,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    hasAlpha: Boolean(meta.hasAlpha) && !stats.isOpaque,
    frames: meta.pages ?? 1,
    dominant: stats.dominant,
    brightness: colour.reduce((sum, c) => sum + c.mean, 0) / Math.max(colour.length, 1),
  };
}
