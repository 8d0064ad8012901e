import sharp, { type OverlayOptions } from 'sharp';
import { createRng, hashString } from '../seeded-random';
import { GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS } from './stroke-glyphs';

/** The size of a picture made from other files. */
export const COMPOSED = { width: 1600, height: 1200 } as const;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where `count` pictures go in `area`: as even a grid as the area's shape allows (one large, two side
 * by side, four in two rows...), the last row centred, `gap` between them. Whole pixels.
 */
export function tileLayout(count: number, area: Box, gap: number): Box[] {
  if (count <= 0) return [];
  const aspect = area.w / area.h;
  // columns so that the cells come out closest to the area's own shape
  let cols = 1;
  let best = Infinity;
  for (let c = 1; c <= count; c++) {
    const rows = Math.ceil(count / c);
    const cell = (area.w - gap * (c - 1)) / c / ((area.h - gap * (rows - 1)) / rows);
    const score = Math.abs(Math.log(cell / aspect)) + (rows * c - count) * 0.15;
    if (score < best) {
      best = score;
      cols = c;
    }
  }
  const rows = Math.ceil(count / cols);
  const w = Math.floor((area.w - gap * (cols - 1)) / cols);
  const h = Math.floor((area.h - gap * (rows - 1)) / rows);
  const boxes: Box[] = [];
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? count - row * cols : cols;
    const offset = Math.floor((area.w - (inRow * w + (inRow - 1) * gap)) / 2);
    boxes.push({ x: area.x + offset + (i % cols) * (w + gap), y: area.y + row * (h + gap), w, h });
  }
  return boxes;
}

/**
 * The creator's words as caption lines in the drawn alphabet (A-Z, 0-9): accents stripped, other
 * characters dropped, wrapped by word at `perLine` letters, at most `lines` lines (an ellipsis of
 * dots when cut).
 */
export function captionLines(text: string, perLine: number, lines: number): string[] {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w.slice(0, perLine));
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) {
      line = next;
      continue;
    }
    out.push(line);
    line = word;
    if (out.length === lines) break;
  }
  if (out.length < lines && line) out.push(line);
  const cut = out.length === lines && words.join(' ').length > out.join(' ').length;
  return cut
    ? [
        ...out.slice(0, -1),
        `${out
          .at(-1)!
          .slice(0, perLine - 2)
          .trimEnd()}..`,
      ]
    : out;
}

/** SVG paths of one caption line, `height` px tall, centred on `cx` (a dot is drawn as a small round). */
function glyphLine(text: string, cx: number, y: number, height: number): string {
  const scale = height / GLYPH_HEIGHT;
  const advance = GLYPH_WIDTH + 5;
  const width = (text.length * advance - 5) * scale;
  const x0 = cx - width / 2;
  return [...text]
    .map((c, i) => {
      const x = x0 + i * advance * scale;
      if (c === '.')
        return `<circle cx="${(x + 5 * scale).toFixed(1)}" cy="${(y + 13 * scale).toFixed(1)}" r="${(1.6 * scale).toFixed(1)}" fill="#ffffff" stroke="none"/>`;
      const d = GLYPHS[c];
      return d ? `<path d="${d}" transform="translate(${x.toFixed(1)} ${y}) scale(${scale.toFixed(3)})"/>` : '';
    })
    .join('');
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;

/** A tile for a file that is not a picture: its kind, drawn. */
export interface FileCard {
  kind: 'pdf' | 'video' | 'audio';
}

export type ComposeInput = { kind: 'image'; bytes: Buffer; dominant: { r: number; g: number; b: number } } | FileCard;

const CARD_WORD: Record<FileCard['kind'], string> = { pdf: 'PDF', video: 'VIDEO', audio: 'AUDIO' };

function hueOf({ r, g, b }: { r: number; g: number; b: number }): number {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 220;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/**
 * A new picture from the creator's files and words, drawn with sharp: a gradient in the colours of
 * the first picture, the pictures laid out as rounded, shadowed tiles (files that are not pictures as
 * cards naming their kind), and the words as a caption beneath. `seed` varies the background.
 */
export async function composeImage(inputs: readonly ComposeInput[], words: string, seed: string): Promise<Buffer> {
  const { width, height } = COMPOSED;
  const rng = createRng(hashString(`composed\u0000${seed}`));
  const first = inputs.find((i): i is Extract<ComposeInput, { kind: 'image' }> => i.kind === 'image');
  const hue = first ? hueOf(first.dominant) : rng.int(0, 359);
  const from = hsl(hue, 55, 30);
  const to = hsl(hue + rng.int(30, 70), 60, 14);
  const lines = captionLines(words, 26, 2);
  const captionH = lines.length ? 70 + lines.length * 64 : 0;
  const area = { x: 80, y: 80, w: width - 160, h: height - 160 - captionH };
  const boxes = tileLayout(inputs.length, area, 36);

  const shapes = Array.from({ length: 6 }, () => {
    const r = rng.int(120, 380);
    return `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${r}" fill="${hsl(hue + rng.int(-40, 40), 70, 60)}" opacity="${(0.06 + rng.next() * 0.1).toFixed(2)}"/>`;
  });
  const shadows = boxes.map(
    (b) => `<rect x="${b.x + 8}" y="${b.y + 16}" width="${b.w}" height="${b.h}" rx="28" fill="#000000" opacity="0.28"/>`,
  );
  const cards = inputs.flatMap((input, i) => {
    if (input.kind === 'image') return [];
    const b = boxes[i]!;
    const word = CARD_WORD[input.kind];
    const h = Math.min(b.h * 0.22, (b.w * 0.7 * GLYPH_HEIGHT) / (word.length * (GLYPH_WIDTH + 5)));
    return [
      `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="28" fill="#ffffff" fill-opacity="0.16" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`,
      `<g fill="none" stroke="#ffffff" stroke-width="${((8 * GLYPH_HEIGHT) / h).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round">${glyphLine(word, b.x + b.w / 2, b.y + (b.h - h) / 2, h)}</g>`,
    ];
  });
  const caption = lines.length
    ? `<rect x="80" y="${height - 80 - captionH + 20}" width="${width - 160}" height="${captionH - 20}" rx="32" fill="#000000" opacity="0.32"/>` +
      `<g fill="none" stroke="#ffffff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">` +
      lines.map((l, i) => glyphLine(l, width / 2, height - 80 - captionH + 55 + i * 64, 40)).join('') +
      `</g>`
    : '';
  const background =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes.join('')}${shadows.join('')}${cards.join('')}${caption}</svg>`;

  const tiles: (OverlayOptions | null)[] = await Promise.all(
    inputs.map(async (input, i) => {
      if (input.kind !== 'image') return null;
      const b = boxes[i]!;
      const mask = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${b.w}" height="${b.h}"><rect width="${b.w}" height="${b.h}" rx="28" fill="#fff"/></svg>`,
      );
      const input_ = await sharp(input.bytes, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize(b.w, b.h, { fit: 'cover', position: 'attention' })
        .ensureAlpha()
        .composite([{ input: mask, blend: 'dest-in' }])
        .png()
        .toBuffer();
      return { input: input_, left: b.x, top: b.y };
    }),
  );
  return sharp(Buffer.from(background))
    .composite(tiles.filter((t) => t !== null))
    .png({ compressionLevel: 6 })
    .toBuffer();
}
