/**
 * The little English the local generator's templates need to stay grammatical for any idea: "a" or
 * "an", plural and mass nouns (no article before "sourdough baking" or "recipes"), verb phrases
 * turned into gerunds ("swap shifts" -> "swapping shifts"), and plurals for audiences. Rules and
 * small word lists, not a dictionary: unknown words fall to the safest reading.
 */

const word = (s: string) => s.trim().split(/\s+/)[0] ?? '';
const lastWord = (s: string) => s.trim().split(/\s+/).at(-1) ?? '';
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// Acronyms said letter by letter take "an" when the first letter's name starts with a vowel sound.
const AN_LETTERS = new Set('aefhilmnorsx'.split(''));
// Vowel letters that sound like a consonant ("a unique", "a user", "a one-off") and silent h ("an hour").
const VOWEL_LETTER_CONSONANT_SOUND =
  /^(?:uni(?:que|on|t|vers|form|corn|cycl|lateral|fied|sex)|use|usa|usu|uti|ute|ure|uri(?!n)|uro|ubiq|uku|ufo|eu|ewe|one(?![a-z])|once)/;
const SILENT_H = /^(?:hour|honest|honou?r|heir)/;

/** "a" or "an" for the phrase that follows. */
export function indefiniteArticle(phrase: string): 'a' | 'an' {
  const first = word(phrase).replace(/^[^\p{L}\p{N}]+/u, '');
  if (!first) return 'a';
  if (/^\d/.test(first)) return /^(?:8|11(?!\d)|18(?!\d)|11\d{3}(?!\d)|18\d{3}(?!\d))/.test(first) ? 'an' : 'a';
  const letters = first.replace(/[^\p{L}]/gu, '');
  // an all-capital short word (or one without vowels) is read letter by letter: "an AI", "an SAT", "a UX"
  if (letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) {
    const spelled = letters.length <= 3 || !/[AEIOU]/.test(letters);
    if (spelled) return AN_LETTERS.has(plain(letters[0])) ? 'an' : 'a';
  }
  const w = plain(first);
  if (!/^[a-z]/.test(w)) return 'a';
  if (SILENT_H.test(w)) return 'an';
  if (VOWEL_LETTER_CONSONANT_SOUND.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** The phrase with its indefinite article: "an app for swapping shifts". */
export const withArticle = (phrase: string) => `${indefiniteArticle(phrase)} ${phrase}`;

const IRREGULAR_PLURALS = new Set(['people', 'children', 'men', 'women', 'teeth', 'feet', 'mice', 'geese', 'folks', 'staff']);
// Words ending in s that are not plurals (or are used as one thing).
const SINGULAR_S = new Set(
  'news series species lens bus gas yes canvas atlas bonus campus status virus focus census chaos ethos bias iris tennis basis crisis oasis thesis analysis pilates diabetes rabies measles ios macos paris texas vegas brussels athens chess glass class grass dress boss loss stress fitness business christmas always perhaps plus minus bonsai asparagus hummus cactus octopus walrus circus hibiscus citrus ukulele abacus'.split(
    ' ',
  ),
);

/** Whether a noun (the head of a phrase) is plural: "recipes", "bakeries", "children". */
export function isPluralNoun(noun: string): boolean {
  const w = plain(noun).replace(/[^a-z'-]/g, '');
  if (IRREGULAR_PLURALS.has(w)) return true;
  if (w.length < 3 || SINGULAR_S.has(w)) return false;
  if (/(?:ss|us|is|ics|ness|ous|'s)$/.test(w)) return false;
  return w.endsWith('s');
}

const MASS_NOUNS = new Set(
  (
    'yoga meditation fitness nutrition music art photography pilates ballet dance poetry calligraphy chess tennis golf football soccer ' +
    'basketball baseball volleyball cricket rugby hockey karate judo boxing sleep productivity mindfulness wellness wellbeing health ' +
    'finance money english spanish french german italian portuguese japanese chinese mandarin korean arabic hindi russian dutch ' +
    'swedish greek latin maths math mathematics physics chemistry biology history geography economics philosophy psychology science ' +
    'design code homework skincare self-care haircare travel nature weather sourdough bread coffee tea wine beer food sushi pasta ' +
    'pottery carpentry woodwork embroidery crochet origami jazz rock hip-hop salsa tango flamenco theatre theater drama comedy ' +
    'stand-up improv cardio strength mobility flexibility posture breathwork hydration water energy motivation focus discipline ' +
    'confidence leadership teamwork sustainability recycling compost gardening parenting education learning homeschool ' +
    'practice practise mental stuff content software hardware data information knowledge advice research feedback fun luck love sex faith prayer ' +
    'worship scripture chemistry astronomy anatomy ecology poetry prose fiction literature grammar vocabulary pronunciation spelling ' +
    'arithmetic algebra geometry calculus statistics accounting tax taxes insurance real-estate crypto bitcoin'
  ).split(' '),
);
// -ing words that name things, not activities ("a wedding", "a painting").
const COUNTABLE_ING = new Set(
  (
    'thing building morning evening meeting painting setting wedding ceiling feeling ending offering listing booking warning ' +
    'drawing recording being earring sibling pudding duckling outing landing swing sling sting string spring pairing heading ' +
    'opening saying serving filling topping dumpling seedling sapling darling viking wing ring king clipping posting rating ' +
    'ranking finding beginning happening crossing holding hearing lodging ping'
  ).split(' '),
);

/** Whether a noun is a mass (uncountable) noun or an activity: no "a" before it. */
export function isMassNoun(noun: string): boolean {
  const w = plain(noun);
  if (MASS_NOUNS.has(w)) return true;
  if (w.length >= 5 && w.endsWith('ing') && !COUNTABLE_ING.has(w)) return true;
  return /(?:ness|ism|ology|ware|ics)$/.test(w) && w.length > 5;
}

/** A noun phrase (head last) takes no "a": its head is plural or uncountable. */
export const takesNoArticle = (phrase: string) => {
  const head = lastWord(phrase);
  return isPluralNoun(head) || isMassNoun(head);
};

// Verbs that start an idea phrased as an action ("swap shifts", "find walkers nearby").
const VERBS = new Set(
  (
    'swap find share learn manage organise organize discover compare teach improve reduce quit split sell buy rent connect meet ' +
    'practise practice understand explore master help get keep make take track plan book log record train order cook bake grow ' +
    'study save count rate review watch read write run walk ride shop trade build design edit schedule budget journal brew plant ' +
    'water feed clean fix repair repurpose donate collect swap lend borrow hire match pair visit see hear play sing draw paint ' +
    'sketch knit sew stretch lift climb swim hike cycle cut lose gain stop start begin prepare pass ace memorise memorize create ' +
    'translate speak chat talk listen mentor coach tutor support care remember remind'
  ).split(' '),
);
// Verbs that are more often nouns at the start of a compound ("book club", "plan builder"): only a verb before an object.
const NOUN_TOO = new Set(
  'track plan book log record train order run walk ride shop trade design edit schedule budget journal plant water feed match pair play draw cut start care'.split(
    ' ',
  ),
);
const OBJECT_STARTERS = /^(?:my|our|your|their|his|her|the|a|an|new|more|less|every|all|some|any|local|daily|weekly)$/;

/** Verbs an idea's action can start with ("swap", "plan", "track"). */
export const VERB_STARTS: ReadonlySet<string> = VERBS;

/** Whether a phrase is a verb phrase ("swap shifts", "find walkers nearby", "learn spanish"). */
export function isVerbPhrase(phrase: string): boolean {
  const [first, second] = phrase.trim().toLowerCase().split(/\s+/);
  if (!first || !second || !VERBS.has(first)) return false;
  if (!NOUN_TOO.has(first)) return true;
  return OBJECT_STARTERS.test(second) || isPluralNoun(second) || isMassNoun(second);
}

const GERUND_IRREGULAR: Record<string, string> = {
  be: 'being',
  see: 'seeing',
  ski: 'skiing',
  quit: 'quitting',
  begin: 'beginning',
  forget: 'forgetting',
  travel: 'travelling',
  control: 'controlling',
  prefer: 'preferring',
  refer: 'referring',
  permit: 'permitting',
  commit: 'committing',
  submit: 'submitting',
  equip: 'equipping',
  upset: 'upsetting',
  regret: 'regretting',
};

/** The -ing form of a verb: "swap" -> "swapping", "make" -> "making", "tie" -> "tying". */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (GERUND_IRREGULAR[v]) return GERUND_IRREGULAR[v];
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (/(?:ee|oe|ye)$/.test(v)) return `${v}ing`;
  if (/[^aeiou]e$/.test(v) || /[aeiou]e$/.test(v)) return `${v.slice(0, -1)}ing`;
  // one syllable ending consonant-vowel-consonant doubles the consonant ("swap", "plan", "jog")
  if (/^[^aeiou]*[aeiou][bdgklmnprtv]$/.test(v)) return `${v}${v.at(-1)}ing`;
  return `${v}ing`;
}

/** "swap shifts" -> "swapping shifts". */
export const gerundPhrase = (verbPhrase: string) => {
  const [verb, ...rest] = verbPhrase.trim().split(/\s+/);
  return [gerund(verb), ...rest].join(' ');
};

const PLURAL_IRREGULAR: Record<string, string> = {
  child: 'children',
  person: 'people',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  wife: 'wives',
  life: 'lives',
  knife: 'knives',
  leaf: 'leaves',
  half: 'halves',
  staff: 'staff',
  family: 'families',
};

/** The plural of a noun: "bakery" -> "bakeries", "coach" -> "coaches", "mom" -> "moms". */
export function pluralNoun(noun: string): string {
  const lower = noun.toLowerCase();
  if (isPluralNoun(noun)) return noun;
  const irregular = PLURAL_IRREGULAR[lower];
  if (irregular) return noun === lower ? irregular : irregular.charAt(0).toUpperCase() + irregular.slice(1);
  if (/[^aeiou]y$/.test(lower)) return `${noun.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(lower)) return `${noun}es`;
  return `${noun}s`;
}

/** The phrase with its head (last word) in the plural: "small bakery" -> "small bakeries". */
export function pluralPhrase(phrase: string): string {
  const words = phrase.trim().split(/\s+/);
  words[words.length - 1] = pluralNoun(words[words.length - 1]);
  return words.join(' ');
}

/** The verb agreeing with a subject phrase: verbFor('recipes', 'is', 'are'). */
export const verbFor = (subject: string, singular: string, plural: string) =>
  isPluralNoun(lastWord(subject)) ? plural : singular;

/** "1 phase", "3 phases". */
export const countOf = (n: number, noun: string) => `${n} ${n === 1 ? noun : pluralNoun(noun)}`;

/** Capitalise the first letter (leaving the rest as written: "iOS" stays). */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A list in prose: "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
