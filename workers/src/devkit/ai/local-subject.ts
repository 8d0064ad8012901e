/**
 * Text helpers for the local generator: pull a subject and an audience out of a free-form
 * idea (in the forms the templates need, local-phrases.ts); the templates draw their choices from
 * a generator seeded by the prompt (../../seeded-random.ts), so the same prompt always gives the same answer.
 */
import type { Rng } from '../../seeded-random';
import { isVerbPhrase, VERB_STARTS } from './local-english';
import { audienceFor, audienceForms, isGenericAudience, subjectForms, type SubjectKind } from './local-phrases';

export interface IdeaParts {
  /** The thing being built, as the creator wrote it (names keep their capitals), e.g. "habit tracker". */
  subject: string;
  /** Who it is for, always a plural group of people, e.g. "runners training for their first marathon". */
  audience: string;
  /** Meaningful words from the whole prompt, in order, de-duplicated. */
  keywords: string[];
  /** The subject as a countable name for the app: "habit tracker", "sourdough baking app", "app for swapping shifts". */
  product: string;
  /** The subject as something to work on, with no article: "habit tracking", "sourdough baking", "swapping shifts". */
  topic: string;
  kind: SubjectKind;
}

const FALLBACK_SUBJECT = 'good habits';

// Openers creators type before the actual idea ("I want to build an app that...").
const LEAD_INS = [
  /^(?:please\s+)?(?:i\s+(?:want|would like|'d like|need)\s+(?:to\s+)?)?(?:build|make|create|design|launch|start)\s+(?:me\s+)?/,
  /^(?:my\s+idea\s+is|idea)\s*[:-]?\s*/,
  /^(?:an?\s+)?(?:mobile\s+|web\s+|simple\s+|new\s+|small\s+)?(?:app(?:lication)?|tool|platform|website|site|service|bot|chatbot)\s+(?:that\s+is\s+|which\s+is\s+|like\s+)?/,
];
const ARTICLES = /^(?:an?|the|some|my|our)\s+/;
// Words that say nothing about the idea at the front of a subject ("a simple daily habit tracker").
const FILLER_ADJECTIVES =
  /^(?:(?:simple|daily|new|best|ultimate|little|smart|easy|quick|cool|great|fun|basic|modern|awesome|nice|better)\s+)+(?=\S)/;
const TRAILING_APP = /\s+(?:app|application|platform|tool|website|site)$/;
// Where the subject phrase ends and its qualifier begins.
const AUDIENCE_MARKERS = [' for ', ' to help ', ' helping ', ' aimed at ', ' targeting ', ' designed for '];
const OTHER_MARKERS = [' that ', ' which ', ' where ', ' with ', ' so ', ' to ', ', ', '. ', ' - '];
// Words a phrase cut from a sentence must not start or end with ("… for", "of the …").
const FUNCTION_WORDS =
  /^(?:a|an|the|and|or|but|of|for|to|in|on|at|by|with|from|into|that|this|which|who|where|when|so|as|than|my|our|your|their|his|her|its|is|are|be|very|just|also|me|it|them)$/;
const POSSESSIVES = /^(?:my|our|your|their|his|her)$/;
// Small words inside names: "Día de los Muertos", "Ludwig van Beethoven".
const NAME_JOINERS = /^(?:de|la|le|los|las|del|des|du|di|da|do|von|van|der|den|y|e)$/;
// Function words of languages other than English: an idea written in one gets the generic subject.
const FOREIGN_WORDS = new Set(
  'de la le les des du une un una unos pour et avec el los las para con y und der die das für mit ein eine di per il che do da em com uma um het een voor en och för med ist est es'.split(
    ' ',
  ),
);
const ENGLISH_WORDS = new Set('a an the for with to and of that which my app in on who helps help people'.split(' '));

const STOPWORDS = new Set(
  'a an the and or but for to of in on at by with from into that this these those which who whom where when what how why is are be been being was were it its their them they our your my me i we you app application build make create want would like help helps helping people users user training using use about very just also more most some any each every can will should could'.split(
    ' ',
  ),
);

/** The prompt with only letters, digits and light punctuation left, its case kept. */
const tidy = (s: string) =>
  s
    .replace(/[^\p{L}\p{N}\s'&,.-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(?<![\p{L}\p{N}])([\p{L}\p{N}]+)(?:\s+\1)+(?![\p{L}\p{N}])/giu, '$1')
    .trim();

/** Keep at most `n` words, cutting at a word boundary. */
export const firstWords = (s: string, n: number) => s.split(' ').filter(Boolean).slice(0, n).join(' ');
const lastWords = (s: string, n: number) => s.split(' ').filter(Boolean).slice(-n).join(' ');

/** Drops function words at either end ("of the best coffee" -> "best coffee") and stray punctuation. */
function trimPhrase(s: string): string {
  const words = s
    .replace(/[,.\s-]+$/, '')
    .replace(/^[,.\s-]+/, '')
    .split(' ')
    .filter(Boolean);
  while (words.length && FUNCTION_WORDS.test(words[0])) words.shift();
  while (words.length && FUNCTION_WORDS.test(words[words.length - 1])) words.pop();
  return words.join(' ').replace(/[,.\s-]+$/, '');
}

function firstMarker(s: string, markers: string[]): { index: number; marker: string } | undefined {
  let best: { index: number; marker: string } | undefined;
  for (const marker of markers) {
    const index = s.indexOf(marker);
    if (index > 0 && (!best || index < best.index)) best = { index, marker };
  }
  return best;
}

/**
 * The words of `phrase` (found in lower case) as the creator wrote them: a word keeps its capitals when
 * it is a name ("Zürich", "Bach" after the first word, "AI", "iPhone"); the prompt's first word and
 * ordinary words are lower case.
 */
function asWritten(phrase: string, original: string[]): string {
  const lower = original.map((w) => w.toLowerCase());
  let from = 0;
  return phrase
    .split(' ')
    .filter(Boolean)
    .map((w) => {
      const at = lower.indexOf(w, from);
      if (at < 0) return w;
      from = at + 1;
      return isName(original[at], at, original) ? original[at] : w;
    })
    .join(' ');
}

/** Written in another language: more of its function words than English ones (names like "Día de los Muertos" aside). */
function isForeign(words: string[], names: ReadonlySet<string>): boolean {
  const inName = (i: number) =>
    names.has(words[i - 1] ?? '') && (names.has(words[i + 1] ?? '') || NAME_JOINERS.test(words[i + 1] ?? ''));
  const foreign = words.filter((w, i) => FOREIGN_WORDS.has(w) && !inName(i)).length;
  const english = words.filter((w) => ENGLISH_WORDS.has(w)).length;
  return foreign >= 2 && foreign > english;
}

/** Bound the parts so templates stay within schema limits even for pathological prompts. */
export function extractIdea(prompt: string): IdeaParts {
  const written = tidy(prompt);
  let original = written.split(' ');
  // A Prompt Written In Title Case says nothing about names
  const capitalised = original.filter((w) => /^\p{Lu}/u.test(w)).length;
  if (original.length >= 3 && capitalised / original.length > 0.6) original = original.map((w) => w.toLowerCase());
  const names = new Set(original.filter((w, i) => isName(w, i, original)).map((w) => w.toLowerCase()));
  const raw = extractRaw(written.toLowerCase(), names);
  const cap = (v: string, max: number) =>
    v.length <= max ? v : trimPhrase(v.slice(0, max).replace(/\s+\S*$/, '')) || v.slice(0, max);
  const subject = cap(asWritten(raw.subject, original), 40);
  const people = audienceForms(asWritten(raw.audience, original));
  const forms = subjectForms(subject, { verbFirst: raw.verbFirst });
  const audience =
    isGenericAudience(people.audience) && subject !== FALLBACK_SUBJECT ? audienceFor(subject, forms) : people.audience;
  return {
    subject,
    audience: cap(audience, 80),
    keywords: keywordsOf(written).map((k) => cap(k, 24)),
    product: cap(forms.product, 60),
    topic: cap(forms.topic, 60),
    kind: forms.kind,
  };
}

/**
 * Whether a word of the prompt is (part of) a name: capitalised after the first word ("Zürich"), with
 * capitals inside ("AI", "iPhone"), or the first word when a name goes on after it ("São Paulo").
 */
function isName(word: string, at: number, words: string[]): boolean {
  if (/\p{Lu}/u.test(word.slice(1))) return true;
  if (!/^\p{Lu}/u.test(word) || word === 'I') return false;
  if (at > 0) return true;
  // the first word: a name when a name goes on after it, maybe through "de", "los"…
  let next = 1;
  while (NAME_JOINERS.test(words[next] ?? '')) next += 1;
  return /^\p{Lu}/u.test(words[next] ?? '');
}

interface RawIdea {
  subject: string;
  audience: string;
  /** The subject followed "helps …" or "to …": an action when it starts with a verb. */
  verbFirst: boolean;
}

function extractRaw(lowered: string, names: ReadonlySet<string>): RawIdea {
  let s = lowered;
  if (!/\p{L}/u.test(s) || isForeign(s.split(' '), names)) return { subject: FALLBACK_SUBJECT, audience: '', verbFirst: false };
  for (const lead of LEAD_INS) s = s.replace(lead, '');
  s = s.replace(ARTICLES, '');
  const special = verbFirstIdea(s);
  if (special) return special;

  const audienceCut = firstMarker(s, AUDIENCE_MARKERS);
  const otherCut = [
    firstMarker(
      s,
      OTHER_MARKERS.filter((m) => m !== ' to '),
    ),
    toAction(s),
  ]
    .filter((c) => c !== undefined)
    .sort((a, b) => a.index - b.index)[0];
  const cut = [audienceCut, otherCut].filter((c) => c !== undefined).sort((a, b) => a.index - b.index)[0];

  // English noun phrases end in their head noun, so a long subject keeps its last words.
  let subject = (cut ? s.slice(0, cut.index) : s).replace(TRAILING_APP, '').replace(/[,.\s-]+$/, '');
  subject = trimPhrase(lastWordsKeepingNames(withoutPossessives(subject.replace(ARTICLES, '')), 4, names)).replace(
    FILLER_ADJECTIVES,
    '',
  );
  if (!/\p{L}/u.test(subject)) subject = FALLBACK_SUBJECT;

  let audience = '';
  if (audienceCut) {
    const rest = s.slice(audienceCut.index + audienceCut.marker.length);
    const end = firstMarker(rest, [', ', '. ', ' so ', ' and want', ' who want ', ' with ']);
    audience = trimPhrase(firstWords(end ? rest.slice(0, end.index) : rest, 8));
  }
  return { subject, audience, verbFirst: false };
}

/** " to " ends the subject only before an action ("guide to urban gardening" stays whole, "app to track…" does not). */
function toAction(s: string): { index: number; marker: string } | undefined {
  for (let index = s.indexOf(' to '); index > 0; index = s.indexOf(' to ', index + 1)) {
    const next = s.slice(index + 4).split(' ')[0];
    if (VERB_STARTS.has(next) || /^(?:the|a|an|your|my|their)$/.test(next)) return { index, marker: ' to ' };
  }
  return undefined;
}

/** The last `n` words, reaching back to the start of a name they cut into ("Día de los Muertos altar ideas"). */
function lastWordsKeepingNames(s: string, n: number, names: ReadonlySet<string>): string {
  const words = s.split(' ').filter(Boolean);
  let from = Math.max(0, words.length - n);
  const inName = (i: number) => names.has(words[i]) || (NAME_JOINERS.test(words[i]) && i > 0 && names.has(words[i - 1]));
  while (from > 0 && words.length - from < 8 && (inName(from) || NAME_JOINERS.test(words[from])) && inName(from - 1)) from -= 1;
  return words.slice(from).join(' ');
}

const withoutPossessives = (s: string) =>
  s
    .split(' ')
    .filter((w) => !POSSESSIVES.test(w))
    .join(' ');

/**
 * Ideas phrased around the audience instead of a noun: "(app) that helps nurses swap shifts",
 * "(app) for dog owners to find walkers nearby", "(app) to track my spending". The action becomes
 * the subject; a "for" naming a goal rather than people ("for Día de los Muertos altars") is the subject.
 */
function verbFirstIdea(s: string): RawIdea | undefined {
  const helps = /^(?:that|which|to)\s+(?:helps?|lets?|allows?|enables?)\s+(.+)$/.exec(s);
  if (helps) {
    const words = helps[1].split(' ');
    // The audience is usually the first plural noun ("nurses", "busy parents").
    let n = words.slice(0, 3).findIndex((w) => w.endsWith('s'));
    n = n < 0 ? 1 : n + 1;
    const audience = words.slice(0, n).join(' ');
    const subject = trimPhrase(
      firstWords(
        withoutPossessives(
          words
            .slice(n)
            .join(' ')
            .replace(/^(?:to|with)\s+/, ''),
        ),
        4,
      ),
    );
    return { subject: /\p{L}/u.test(subject) ? subject : FALLBACK_SUBJECT, audience, verbFirst: true };
  }
  // "that tracks …" -> "to track …"
  const base = s.replace(/^(?:that|which)\s+(\p{L}+?)(es|s)\b/u, (m, stem: string, ending: string) => {
    const verb = [stem, ending === 'es' ? `${stem}e` : ''].find((v) => VERB_STARTS.has(v));
    return verb ? `to ${verb}` : m;
  });
  const to = /^(?:that|which|to)\s+(.+)$/.exec(base);
  if (to && (isVerbPhrase(to[1]) || VERB_STARTS.has(to[1].split(' ')[0]))) {
    const cut = firstMarker(to[1], AUDIENCE_MARKERS);
    const subject = trimPhrase(firstWords(withoutPossessives(cut ? to[1].slice(0, cut.index) : to[1]), 4));
    const audience = cut ? trimPhrase(firstWords(to[1].slice(cut.index + cut.marker.length), 8)) : '';
    return { subject, audience, verbFirst: true };
  }
  if (s.startsWith('for ')) {
    const rest = s.slice(4);
    const cut = firstMarker(rest, OTHER_MARKERS);
    const audience = trimPhrase(firstWords(cut ? rest.slice(0, cut.index) : rest, 8));
    const after = cut ? rest.slice(cut.index + cut.marker.length) : '';
    const subject = trimPhrase(firstWords(withoutPossessives(after.replace(/^(?:help\s+them\s+|them\s+)/, '')), 4));
    if (/\p{L}/u.test(subject)) return { subject, audience, verbFirst: true };
    // no action named: a goal is the subject ("for my first marathon"), people keep the generic one
    const goal = audienceForms(audience).purpose;
    if (goal) return { subject: trimPhrase(lastWords(withoutPossessives(goal), 4)), audience: '', verbFirst: false };
    return { subject: FALLBACK_SUBJECT, audience, verbFirst: false };
  }
  return undefined;
}

function keywordsOf(prompt: string): string[] {
  const seen = new Set<string>();
  return prompt
    .toLowerCase()
    .split(/[\s,.]+/)
    .map((w) => w.replace(/^['&-]+|['&-]+$/g, ''))
    .filter((w) => w.length > 3 && !STOPWORDS.has(w) && !seen.has(w) && seen.add(w))
    .slice(0, 12);
}

const SMALL_WORDS = /^(?:a|an|the|and|or|of|for|to|in|on|at|by|with|de|la|le|los|las|del|des|du|di|da|do|von|van|der)$/;

/** Title case for names: "día de los muertos" -> "Día de los Muertos", "habit tracker" -> "Habit Tracker". */
export const titleCase = (s: string) =>
  s
    .split(' ')
    .map((w, i) =>
      i > 0 && SMALL_WORDS.test(w) ? w : w.replace(/(^|-)(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase()),
    )
    .join(' ');
export { capitalise } from './local-english';

/** What every template receives: the idea's parts plus the seeded PRNG. */
export type TemplateCtx = IdeaParts & { rng: Rng };
export type Fill = (c: TemplateCtx) => string;
