import type { Theme } from './app-state';

/** The size link previews ask for (Open Graph, Twitter's large card). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface ShareCard {
  name: string;
  headline: string | null;
  creatorName: string;
  theme: Theme | null;
  /** The app's picture, as PNG/WebP bytes base64 (drawn beside the words), when there is one. */
  picture: { base64: string; mime: string } | null;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The theme's main colour when it names one (#rgb or #rrggbb), else one seeded by the name. */
export function cardColour(theme: Theme | null, name: string): string {
  for (const key of ['primary', 'primaryColor', 'accent', 'accentColor', 'brand']) {
    const value = theme?.[key];
    if (typeof value === 'string' && HEX.test(value.trim())) return value.trim();
  }
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h}, 62%, 42%)`;
}

/**
 * Words laid out in at most `maxLines` lines of about `perLine` characters (an ellipsis when cut). The
 * card's font is a wide sans: characters per line stand in for measuring text.
 */
export function wrapWords(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) {
      line = next.length > perLine ? `${next.slice(0, perLine - 1)}…` : next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && line) lines.push(line);
  else if (line && lines.length === maxLines) {
    const last = lines[maxLines - 1]!;
    lines[maxLines - 1] = `${last.slice(0, Math.max(0, perLine - 1)).replace(/\s+\S*$/, '')}…`;
  }
  return lines;
}

/**
 * The share picture as SVG (1200x630): the app's name and headline on a band of its colour, its
 * picture on the right, who made it and where at the bottom. Text is DejaVu/Liberation Sans, which
 * the server's image renderer finds on the machine; nothing is fetched.
 */
export function shareCardSvg(card: ShareCard): string {
  const colour = cardColour(card.theme, card.name);
  const hasPicture = card.picture !== null;
  const textWidth = hasPicture ? 34 : 46;
  const nameLines = wrapWords(card.name, Math.round(textWidth * 0.62), 2);
  const headLines = card.headline ? wrapWords(card.headline, textWidth, 3) : [];
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
  let y = 150;
  const texts: string[] = [];
  for (const line of nameLines) {
    texts.push(`<text x="80" y="${y}" ${font} font-size="68" font-weight="bold" fill="#ffffff">${escape(line)}</text>`);
    y += 80;
  }
  y += 14;
  for (const line of headLines) {
    texts.push(`<text x="80" y="${y}" ${font} font-size="34" fill="#ffffff" fill-opacity="0.92">${escape(line)}</text>`);
    y += 46;
  }
  const picture = card.picture
    ? `<clipPath id="pic"><rect x="790" y="135" width="330" height="330" rx="56"/></clipPath>` +
      `<rect x="782" y="127" width="346" height="346" rx="62" fill="#ffffff" fill-opacity="0.22"/>` +
      `<image x="790" y="135" width="330" height="330" preserveAspectRatio="xMidYMid slice" clip-path="url(#pic)" ` +
      `href="data:${card.picture.mime};base64,${card.picture.base64}"/>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>`,
    `<rect width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" fill="url(#bg)"/>`,
    `<circle cx="1080" cy="-40" r="260" fill="#ffffff" fill-opacity="0.07"/>`,
    `<circle cx="120" cy="690" r="220" fill="#ffffff" fill-opacity="0.05"/>`,
    picture,
    ...texts,
    `<rect x="0" y="530" width="${SHARE_IMAGE_WIDTH}" height="100" fill="#000000" fill-opacity="0.28"/>`,
    `<text x="80" y="592" ${font} font-size="30" fill="#ffffff">${escape(`by ${card.creatorName}`)}</text>`,
    `<text x="1120" y="592" ${font} font-size="30" font-weight="bold" fill="#ffffff" text-anchor="end">Sparkhouse</text>`,
    `</svg>`,
  ].join('');
}
