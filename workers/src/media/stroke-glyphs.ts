/**
 * A small monoline alphabet (A-Z, 0-9) as SVG path data in a 10 x 14 box, drawn with a thick
 * round-capped stroke. App-image initials use it instead of SVG <text>, so an image looks the same
 * on every machine whether or not fonts are installed (sharp's SVG renderer needs system fonts).
 */
export const GLYPH_WIDTH = 10;
export const GLYPH_HEIGHT = 14;

export const GLYPHS: Record<string, string> = {
  A: 'M0 14 L5 0 L10 14 M2 8.5 H8',
  B: 'M0 0 V14 M0 0 H5 A3.5 3.5 0 0 1 5 7 H0 M0 7 H5.5 A3.5 3.5 0 0 1 5.5 14 H0',
  C: 'M9.5 2.2 A5 7 0 1 0 9.5 11.8',
  D: 'M0 0 V14 H4 A6 7 0 0 0 4 0 Z',
  E: 'M10 0 H0 V14 H10 M0 7 H7',
  F: 'M10 0 H0 V14 M0 7 H7',
  G: 'M9.5 2.2 A5 7 0 1 0 10 10 V8 H6',
  H: 'M0 0 V14 M10 0 V14 M0 7 H10',
  I: 'M5 0 V14 M2 0 H8 M2 14 H8',
  J: 'M8 0 V10 A4 4 0 0 1 0 10',
  K: 'M0 0 V14 M10 0 L0 8 M3.5 5.5 L10 14',
  L: 'M0 0 V14 H10',
  M: 'M0 14 V0 L5 8 L10 0 V14',
  N: 'M0 14 V0 L10 14 V0',
  O: 'M5 0 A5 7 0 1 0 5 14 A5 7 0 1 0 5 0 Z',
  P: 'M0 14 V0 H5.5 A3.75 3.75 0 0 1 5.5 7.5 H0',
  Q: 'M5 0 A5 7 0 1 0 5 14 A5 7 0 1 0 5 0 Z M6 9.5 L10 14',
  R: 'M0 14 V0 H5.5 A3.75 3.75 0 0 1 5.5 7.5 H0 M5 7.5 L10 14',
  S: 'M9 1.8 Q5 -1.2 1.3 1.5 Q-0.8 5.2 5 7 Q10.8 8.8 8.7 12.5 Q5 15.2 0.5 12.3',
  T: 'M0 0 H10 M5 0 V14',
  U: 'M0 0 V9 A5 5 0 0 0 10 9 V0',
  V: 'M0 0 L5 14 L10 0',
  W: 'M0 0 L2.5 14 L5 5 L7.5 14 L10 0',
  X: 'M0 0 L10 14 M10 0 L0 14',
  Y: 'M0 0 L5 7 L10 0 M5 7 V14',
  Z: 'M0 0 H10 L0 14 H10',
  '0': 'M5 0 A5 7 0 1 0 5 14 A5 7 0 1 0 5 0 Z M8 2.5 L2 11.5',
  '1': 'M2 3 L5 0 V14 M2 14 H8',
  '2': 'M0.5 3.5 A4.75 4 0 0 1 9.5 4 Q9.5 7 0 14 H10',
  '3': 'M0.5 0 H9.5 L4.5 5.8 A4.6 4.2 0 1 1 0.5 12.5',
  '4': 'M7 14 V0 L0 10 H10',
  '5': 'M9.5 0 H1 L0.5 6 A5 4.5 0 1 1 0.5 13',
  '6': 'M8.5 0.5 Q1 2 0.5 9.5 A4.75 4.5 0 1 0 5 5 A4.75 4.5 0 0 0 0.5 9.5',
  '7': 'M0 0 H10 L3 14',
  '8': 'M5 0 A4 3.5 0 1 0 5 7 A4 3.5 0 1 0 5 0 Z M5 7 A5 3.5 0 1 0 5 14 A5 3.5 0 1 0 5 7 Z',
  '9': 'M1.5 13.5 Q9 12 9.5 4.5 A4.75 4.5 0 1 0 5 9 A4.75 4.5 0 0 0 9.5 4.5',
};

/** A four-pointed sparkle in the same box, for names without a usable letter. */
export const SPARKLE = 'M5 0 Q5.8 6.2 10 7 Q5.8 7.8 5 14 Q4.2 7.8 0 7 Q4.2 6.2 5 0 Z';

/**
 * Up to two initials of a name: the first letters of its first two words, accents stripped
 * ("Ünder Pressure" -> "UP", "run" -> "R"). Characters without a glyph are skipped.
 */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
}
