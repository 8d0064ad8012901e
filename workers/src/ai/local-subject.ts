/**
 * Text helpers for the local generator: pull a subject and an audience out of a free-form
 * idea, and a seeded PRNG so the same prompt always gives the same answer.
 */

export interface IdeaParts {
  /** The thing being built, e.g. "habit tracker". */
  subject: string;
  /** Who it is for, e.g. "runners training for their first marathon". */
  audience: string;
  /** Meaningful words from the whole prompt, in order, de-duplicated. */
  keywords: string[];
}

const FALLBACK_SUBJECT = 'personal coach';
const FALLBACK_AUDIENCE = 'people who want to make steady progress';

// Openers creators type before the actual idea ("I want to build an app that...").
const LEAD_INS = [
  /^(?:please\s+)?(?:i\s+(?:want|would like|'d like|need)\s+(?:to\s+)?)?(?:build|make|create|design|launch|start)\s+(?:me\s+)?/,
  /^(?:my\s+idea\s+is|idea)\s*[:-]?\s*/,
  /^(?:an?\s+)?(?:mobile\s+|web\s+|simple\s+|new\s+)?app(?:lication)?\s+(?:that\s+is\s+|which\s+is\s+|like\s+)?/,
];
const ARTICLES = /^(?:an?|the|some|my|our)\s+/;
const TRAILING_APP = /\s+(?:app|application|platform|tool)$/;
// Where the subject phrase ends and its qualifier begins.
const AUDIENCE_MARKERS = [' for ', ' to help ', ' helping ', ' aimed at ', ' targeting ', ' designed for '];
const OTHER_MARKERS = [' that ', ' which ', ' where ', ' with ', ' so ', ' to ', ', ', '. ', ' - '];

const STOPWORDS = new Set(
  'a an the and or but for to of in on at by with from into that this these those which who whom where when what how why is are be been being was were it its their them they our your my me i we you app application build make create want would like help helps helping people users user training using use about very just also more most some any each every can will should could'.split(
    ' ',
  ),
);

const clean = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'&,.-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Keep at most `n` words, cutting at a word boundary. */
export const firstWords = (s: string, n: number) => s.split(' ').filter(Boolean).slice(0, n).join(' ');
const lastWords = (s: string, n: number) => s.split(' ').filter(Boolean).slice(-n).join(' ');

function firstMarker(s: string, markers: string[]): { index: number; marker: string } | undefined {
  let best: { index: number; marker: string } | undefined;
  for (const marker of markers) {
    const index = s.indexOf(marker);
    if (index > 0 && (!best || index < best.index)) best = { index, marker };
  }
  return best;
}

/** Bound the parts so templates stay within schema limits even for pathological prompts. */
export function extractIdea(prompt: string): IdeaParts {
  const parts = extractRaw(prompt);
  const cap = (v: string, max: number) => (v.length <= max ? v : v.slice(0, max).replace(/\s+\S*$/, '') || v.slice(0, max));
  return { subject: cap(parts.subject, 40), audience: cap(parts.audience, 80), keywords: parts.keywords.map((k) => cap(k, 24)) };
}

function extractRaw(prompt: string): IdeaParts {
  let s = clean(prompt);
  for (const lead of LEAD_INS) s = s.replace(lead, '');
  s = s.replace(ARTICLES, '');
  const special = verbFirstIdea(s);
  if (special) return { ...special, keywords: keywordsOf(prompt) };

  const audienceCut = firstMarker(s, AUDIENCE_MARKERS);
  const otherCut = firstMarker(s, OTHER_MARKERS);
  const cut = [audienceCut, otherCut].filter((c) => c !== undefined).sort((a, b) => a.index - b.index)[0];

  // English noun phrases end in their head noun, so a long subject keeps its last words.
  let subject = (cut ? s.slice(0, cut.index) : s).replace(TRAILING_APP, '').replace(/[,.\s-]+$/, '');
  subject = lastWords(subject.replace(ARTICLES, ''), 4);
  if (!/\p{L}/u.test(subject)) subject = FALLBACK_SUBJECT;

  let audience = '';
  if (audienceCut) {
    const rest = s.slice(audienceCut.index + audienceCut.marker.length);
    const end = firstMarker(rest, [', ', '. ', ' so ', ' and want', ' who want ']);
    audience = firstWords((end ? rest.slice(0, end.index) : rest).replace(ARTICLES, ''), 8).replace(/[,.\s-]+$/, '');
  }
  if (!/\p{L}/u.test(audience)) audience = FALLBACK_AUDIENCE;

  return { subject, audience, keywords: keywordsOf(prompt) };
}

/**
 * Ideas phrased around the audience instead of a noun: "(app) that helps nurses swap shifts",
 * "(app) for dog owners to find walkers nearby". The action becomes the subject.
 */
function verbFirstIdea(s: string): Omit<IdeaParts, 'keywords'> | undefined {
  const helps = /^(?:that|which|to)\s+(?:helps?|lets?|allows?|enables?)\s+(.+)$/.exec(s);
  if (helps) {
    const words = helps[1].split(' ');
    // The audience is usually the first plural noun ("nurses", "busy parents").
    let n = words.slice(0, 3).findIndex((w) => w.endsWith('s'));
    n = n < 0 ? 1 : n + 1;
    const audience = words.slice(0, n).join(' ');
    const subject = firstWords(
      words
        .slice(n)
        .join(' ')
        .replace(/^(?:to|with)\s+/, ''),
      4,
    ).replace(/[,.\s-]+$/, '');
    return /\p{L}/u.test(subject) ? { subject, audience } : { subject: FALLBACK_SUBJECT, audience };
  }
  if (s.startsWith('for ')) {
    const rest = s.slice(4);
    const cut = firstMarker(rest, OTHER_MARKERS);
    const audience = firstWords(cut ? rest.slice(0, cut.index) : rest, 8).replace(/[,.\s-]+$/, '');
    const after = cut ? rest.slice(cut.index + cut.marker.length) : '';
    const subject = firstWords(after.replace(/^(?:help\s+them\s+|them\s+)/, ''), 4).replace(/[,.\s-]+$/, '');
    return {
      subject: /\p{L}/u.test(subject) ? subject : FALLBACK_SUBJECT,
      audience: /\p{L}/u.test(audience) ? audience : FALLBACK_AUDIENCE,
    };
  }
  return undefined;
}

function keywordsOf(prompt: string): string[] {
  const seen = new Set<string>();
  return clean(prompt)
    .split(/[\s,.]+/)
    .map((w) => w.replace(/^['&-]+|['&-]+$/g, ''))
    .filter((w) => w.length > 3 && !STOPWORDS.has(w) && !seen.has(w) && seen.add(w))
    .slice(0, 12);
}

export const titleCase = (s: string) => s.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** cyrb53: a fast, well-spread 53-bit string hash. */
export function hashString(str: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** What every template receives: the idea's parts plus the seeded PRNG. */
export type TemplateCtx = IdeaParts & { rng: Rng };
export type Fill = (c: TemplateCtx) => string;

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `n` distinct items in a seeded order. */
  sample<T>(items: readonly T[], n: number): T[];
}

/** mulberry32: tiny seeded PRNG; good enough to vary template choices, not for security. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0 || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    sample: (items, n) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
  };
}
