/**
 * The English of the demo catalogue: a class's description from its creator, subject, topics, styles
 * and lesson count. Each category says what a learner ends up with, and its styles read in that
 * category's own words ("drawing on jazz and pop", "with Italian influences", "with a focus on recovery").
 */

/** Subject words that keep their capitals inside a sentence. */
const PROPER = new Set(['Pilates', 'Python', 'TypeScript', 'SQL', 'HIIT']);

/** Topic and style slugs whose prose is not just the slug with spaces. */
const WORDS: Record<string, string> = {
  hiit: 'HIIT',
  pilates: 'Pilates',
  italian: 'Italian',
  french: 'French',
  japanese: 'Japanese',
  mexican: 'Mexican',
  indian: 'Indian',
  'home-cooking': 'home-style',
  vegetarian: 'vegetarian dishes',
  latin: 'Latin',
  'k-pop': 'K-pop',
  'hip-hop': 'hip-hop',
  drone: 'drone work',
  'black-and-white': 'black and white',
};

/** Styles of the focus categories (fitness, technology), as what a class leans towards. */
const FOCUS_WORDS: Record<string, string> = {
  beginner: 'first-timers',
  career: 'career growth',
  'hands-on': 'hands-on work',
  'deep-dive': 'going deep',
};

interface CategoryProse {
  /** How its styles join "you practise along …". */
  styled: (styles: string) => string;
  /** Its styles are a focus (FOCUS_WORDS) rather than a tradition. */
  focus?: boolean;
  /** What a learner finishes its classes with. */
  outcome: string;
}

const CATEGORY: Record<string, CategoryProse> = {
  music: { styled: (s) => `, drawing on ${s},`, outcome: 'a piece of your own' },
  dance: { styled: (s) => `, drawing on ${s},`, outcome: 'a routine of your own' },
  writing: { styled: (s) => `, drawing on ${s},`, outcome: 'a complete draft of your own' },
  art: { styled: (s) => `, working in ${s},`, outcome: 'a piece of your own worth framing' },
  photography: { styled: (s) => `, working in ${s},`, outcome: 'a set of photos of your own' },
  cooking: { styled: (s) => ` with ${s} influences`, outcome: 'a dish worth sharing' },
  fitness: { styled: (s) => ` with a focus on ${s}`, focus: true, outcome: 'a routine you can keep up on your own' },
  technology: { styled: (s) => ` with a focus on ${s}`, focus: true, outcome: 'a small project of your own' },
};

/** A slug as prose: 'music-theory' -> 'music theory', 'hiit' -> 'HIIT'. */
export function slugWord(slug: string): string {
  return WORDS[slug] ?? slug.replace(/-/g, ' ');
}

/** 'a', 'a and b', 'a, b and c'. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A subject inside a sentence: lower case, except names and acronyms ('Pilates', 'SQL'). */
export function subjectInSentence(subject: string): string {
  return subject
    .split(' ')
    .map((word) => (PROPER.has(word) ? word : word.toLowerCase()))
    .join(' ');
}

export interface ClassFacts {
  creatorName: string;
  category: string;
  subject: string;
  topics: readonly string[];
  genres: readonly string[];
  lessons: number;
}

export function describeClass({ creatorName, category, subject, topics, genres, lessons }: ClassFacts): string {
  const prose = CATEGORY[category];
  const subjectText = subjectInSentence(subject);
  // a topic the subject already names ('strength' in strength training) says nothing more
  const otherTopics = topics.map(slugWord).filter((t) => !subjectText.toLowerCase().includes(t.toLowerCase()));
  const first = otherTopics.length
    ? `${creatorName} teaches ${subjectText} step by step, touching on ${listOf(otherTopics)}.`
    : `${creatorName} teaches ${subjectText} step by step.`;
  const styles = listOf(genres.map((g) => (prose?.focus ? (FOCUS_WORDS[g] ?? slugWord(g)) : slugWord(g))));
  const practice = `you practise along${styles && prose ? prose.styled(styles) : ''}`;
  const lessonsText = lessons === 1 ? 'one lesson' : `${lessons} lessons`;
  return `${first} Over ${lessonsText} ${practice} and finish with ${prose?.outcome ?? 'something of your own'}.`;
}
