import { assetVideoUrl, coverUrl, type EventPayload, type ProductPublished } from '@sparkhouse/contracts';
import { seededRandom, type Random } from '../seeded-random';
import { describeClass } from './demo-descriptions';
import { CATEGORIES, FIRST_NAMES, LAST_NAMES, LESSON_WORDS, TITLE_PATTERNS } from './demo-vocabulary';

/** The video every demo class plays (backend/assets, served by the catalogue; scripts/make-demo-video.mjs). */
export const DEMO_VIDEO_FILE = 'demo-class.webm';
export const DEMO_VIDEO_URL = assetVideoUrl(DEMO_VIDEO_FILE);
/** Its real length in whole seconds (a test reads the file's Duration). */
export const DEMO_VIDEO_SECONDS = 20;

export type DemoProduct = EventPayload<typeof ProductPublished>;

export interface DemoCollection {
  slug: string;
  title: string;
  description: string;
  programType: 'collection' | 'series' | 'challenge' | 'school';
  productIds: string[];
}

const DAY_MS = 24 * 3600 * 1000;
/** Covers are rendered for at most this many products; bigger catalogues reuse them in turn. */
export const DEMO_COVER_COUNT = 300;

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Whole seconds adding up to `total`, shared in proportion to `weights` (the largest remainders get
 * the seconds left over); every share gets at least one second when there are enough.
 */
export function shareSeconds(total: number, weights: readonly number[]): number[] {
  const floor = total >= weights.length ? 1 : 0;
  const rest = total - floor * weights.length;
  const sum = weights.reduce((s, w) => s + w, 0) || 1;
  const exact = weights.map((w) => (rest * w) / sum);
  const shares = exact.map((x) => floor + Math.floor(x));
  let left = total - shares.reduce((s, x) => s + x, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    shares[i] += 1;
  }
  return shares;
}

function creators(r: Random, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const name = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
    return { id: `creator-${i + 1}`, name, storefront: `${slugify(name)}-${i + 1}` };
  });
}

/**
 * The i-th demo product of a catalogue (deterministic for a seed). Release dates spread over the
 * two years before `now`; prices, ratings and lessons vary. Every class plays the demo video, its
 * lessons being chapters of it: their durations share out the video's real length, so what the class
 * page lists is what plays.
 */
export function* demoProducts(count: number, seed = 42, now = new Date()): Generator<DemoProduct> {
  const r = seededRandom(seed);
  const people = creators(r, Math.max(8, Math.min(400, Math.ceil(count / 6))));
  for (let i = 0; i < count; i++) {
    const cat = i < 40 ? CATEGORIES[0] : r.pick(CATEGORIES); // the music school has enough classes
    const subject = r.pick(cat.subjects);
    const title = r.pick(TITLE_PATTERNS).replace('{subject}', subject);
    const creator = r.pick(people);
    const topics = r.some(cat.topics, r.int(1, 3));
    const genres = r.some(cat.genres, r.int(1, 2));
    const lessons = r.int(3, 8);
    const price = r.pick([1900, 2900, 3900, 4900, 7900, 9900]);
    const id = r.uuid();
    const weights = Array.from({ length: lessons }, () => r.int(120, 900));
    const durations = shareSeconds(DEMO_VIDEO_SECONDS, weights);
    yield {
      productId: id,
      title,
      classSlug: `${slugify(title)}-${i + 1}`,
      storefrontSlug: creator.storefront,
      creator: { id: creator.id, name: creator.name },
      description: describeClass({ creatorName: creator.name, category: cat.slug, subject, topics, genres, lessons }),
      category: cat.slug,
      topics,
      genres,
      priceInfo: { priceInCents: price, currency: 'USD', crossedPriceInCents: r.next() < 0.3 ? price + 2000 : null },
      rating: Math.round((3.2 + r.next() * 1.8) * 10) / 10,
      ratingCount: r.int(0, 2500),
      releaseDate: new Date(now.getTime() - r.int(0, 730) * DAY_MS - r.int(0, DAY_MS)).toISOString(),
      media: {
        coverUrl: coverUrl(`cover-${String(i % DEMO_COVER_COUNT).padStart(4, '0')}`),
        videoUrl: DEMO_VIDEO_URL,
        contents: Array.from({ length: lessons }, (_, n) => ({
          contentId: `${id.slice(0, 8)}-l${n + 1}`,
          // the class page numbers the lessons itself: a number in the title would show twice
          title: n < LESSON_WORDS.length ? LESSON_WORDS[n] : 'Bonus',
          durationSeconds: durations[n],
        })),
      },
    };
  }
}

/** Collections and schools over a set of products: one per category, a few themed ones, the schools. */
export function demoCollections(products: readonly DemoProduct[], seed = 42): DemoCollection[] {
  const r = seededRandom(seed + 1);
  const of = (category: string) => products.filter((p) => p.category === category);
  const out: DemoCollection[] = CATEGORIES.map((c) => ({
    slug: `best-of-${c.slug}`,
    title: `Best of ${c.slug[0].toUpperCase()}${c.slug.slice(1)}`,
    description: `Our favourite ${c.slug} classes, picked by the team.`,
    programType: 'collection' as const,
    productIds: [...of(c.slug)]
      .sort((a, b) => b.rating - a.rating)
      .slice(0, 12)
      .map((p) => p.productId),
  }));
  out.push(
    {
      slug: 'weekend-projects',
      title: 'Weekend Projects',
      description: 'Short classes you can finish in a weekend.',
      programType: 'series',
      productIds: r.some(products, Math.min(10, products.length)).map((p) => p.productId),
    },
    {
      slug: '30-day-challenge',
      title: '30-Day Challenge',
      description: 'One lesson a day for a month.',
      programType: 'challenge',
      productIds: r.some(products, Math.min(8, products.length)).map((p) => p.productId),
    },
  );
  for (const [slug, title, category] of [
    ['music', 'The Music School', 'music'],
    ['dance', 'The Dance School', 'dance'],
    ['cooking', 'The Cooking School', 'cooking'],
  ] as const) {
    out.push({
      slug,
      title,
      description: `A full curriculum of ${category} classes, from first steps to mastery.`,
      programType: 'school',
      productIds: of(category)
        .slice(0, 24)
        .map((p) => p.productId),
    });
  }
  return out.filter((c) => c.productIds.length > 0);
}
