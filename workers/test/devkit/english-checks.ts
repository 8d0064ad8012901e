// Checks for generated English, written apart from the generator's own rules so they can catch it out:
// empty slots, doubled words, "a"/"an" agreement, an article before a plural, uncountable or -ing noun
// phrase ("a marathon training", "a daily sourdough baking with plans"), dangling articles and
// prepositions, sentences starting in lower case, and first person copied from the prompt.
// Not a spec file; imported by local-grammar.unit.spec.ts.

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/u;

// Vowel letters said with a consonant sound, and words whose h is silent.
const A_BEFORE = /^(?:one|once|uni(?:que|on|t|vers|form|fied|corn)|use|usu|uti|ute|euro?|eu|ewe|ukulele|ufo)/i;
const AN_BEFORE = /^(?:hour|honest|hono[u]?r|heir)/i;
// Letters whose name starts with a vowel sound: "an FAQ", "an SAT", "an MBA".
const AN_LETTERS = /^[AEFHILMNORSX]/;

function needsAn(next: string): boolean {
  const w = next.replace(/^[“"‘'(]+/, '');
  if (/^\d/.test(w)) return /^(?:8|11\b|18\b)/.test(w);
  const letters = w.replace(/[^\p{L}]/gu, '');
  if (
    letters.length >= 2 &&
    letters === letters.toUpperCase() &&
    /\p{Lu}/u.test(letters) &&
    (letters.length <= 3 || !/[AEIOU]/.test(letters))
  )
    return AN_LETTERS.test(letters);
  const plain = w.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (AN_BEFORE.test(plain)) return true;
  if (A_BEFORE.test(plain)) return false;
  return /^[aeiou]/i.test(plain);
}

// What stops a noun phrase after "a": function words, common verbs and clause openers.
const PHRASE_STOP =
  /^(?:with|for|that|which|who|where|when|to|of|in|on|at|by|from|into|and|or|but|so|than|as|is|are|was|were|built|made|shaped|keeps|helps|turns|shows|makes|works|gets|fits|grows|adapts|teaches|share|turn|juggle|know|end|lose|fall|need|want|like|love|saves|unlocks|starts|includes|adds|you|your|their|they|it)$/i;
/** A noun phrase after "a" is read up to this many words (its head is the last of them). */
const PHRASE_WORDS = 5;
// Quantifiers that take "a" before a plural or mass word ("a few weeks", "a little time").
const QUANTIFIERS = /^(?:few|little|lot|couple|number|handful|bit)$/i;
// -ing words that name countable things.
const ING_THINGS =
  /^(?:thing|building|morning|evening|meeting|painting|setting|wedding|ceiling|feeling|ending|offering|listing|booking|warning|drawing|recording|being|string|spring|swing|wing|ring|king|heading|opening|serving|topping|dumpling|seedling|beginning|finding|ranking|rating|outing|landing)$/i;
const UNCOUNTABLE =
  /^(?:yoga|meditation|fitness|nutrition|music|art|photography|pilates|chess|tennis|golf|football|sleep|productivity|mindfulness|wellness|health|finance|money|advice|information|knowledge|homework|software|feedback|research|travel|bread|sourdough|coffee|tea|motivation|progress|practice|spanish|french|english|german|chemistry|physics|maths|math|history)$/i;
const NOT_PLURAL = /(?:ss|us|is|ics|ness|ous)$/i;
const SINGULAR_S =
  /^(?:news|series|species|lens|bus|gas|canvas|atlas|bonus|campus|status|virus|focus|chaos|bias|basis|crisis|analysis|pilates|chess|fitness|business|plus|ios|always|perhaps|this|his|its|was|yes|less|unless)$/i;

function isPluralOrMass(head: string): string | null {
  const w = head.replace(/[^\p{L}'-]/gu, '');
  if (!w) return null;
  if (UNCOUNTABLE.test(w)) return 'uncountable';
  if (/ing$/i.test(w) && w.length >= 5 && !ING_THINGS.test(w)) return 'gerund';
  if (/^(?:people|children|men|women)$/i.test(w)) return 'plural';
  if (/s$/i.test(w) && !NOT_PLURAL.test(w) && !SINGULAR_S.test(w) && w.length > 3) return 'plural';
  return null;
}

/** Quoted text (a visitor's own answer, a creator's own words) is theirs: checked for slots only. */
const withoutQuotes = (text: string) => text.replace(/“[^”]*”/g, '“…”');

/** Every problem found in one piece of generated text (empty when it reads well). */
export function englishProblems(text: string): string[] {
  const problems: string[] = [];
  const say = (kind: string, near: string) => problems.push(`${kind}: …${near}…`);
  if (text.trim() === '') return ['empty text'];
  if (text !== text.trim()) say('space at an end', text);
  for (const m of text.matchAll(
    /undefined|null\b|NaN|\[object|\$\{|\{\{|\}\}|\s{2,}|\s[.,;:!?]|[,;:][.!?]|(?<!\.)\.\.(?!\.)|\(\s*\)|“\s*”/g,
  ))
    say('empty slot', text.slice(Math.max(0, m.index - 20), m.index + 20));

  const prose = withoutQuotes(text);
  const words = [...prose.matchAll(new RegExp(WORD.source, 'gu'))].map((m) => ({ word: m[0], at: m.index }));
  for (let i = 1; i < words.length; i++) {
    const between = prose.slice(words[i - 1].at + words[i - 1].word.length, words[i].at);
    if (/^\s+$/.test(between) && words[i].word.toLowerCase() === words[i - 1].word.toLowerCase())
      say('doubled word', `${words[i - 1].word} ${words[i].word}`);
  }

  for (const m of prose.matchAll(/(?<![\p{L}\p{N}'’-])(a|an|A|An)\s+([^\s]+)/gu)) {
    const article = m[1].toLowerCase();
    const next = m[2];
    const context = prose.slice(m.index, m.index + 50);
    if (!/[\p{L}\p{N}]/u.test(next)) {
      say('dangling article', context);
      continue;
    }
    if (article === 'a' && needsAn(next)) say('"a" before a vowel sound', context);
    if (article === 'an' && !needsAn(next)) say('"an" before a consonant sound', context);
    // the noun phrase after the article: words up to a stop word or punctuation; its last word is the head
    const after = prose.slice(m.index + m[0].length - next.length);
    const phrase: string[] = [];
    for (const w of after.split(/\s+/)) {
      const bare = w.replace(/[.,;:!?)”"]+$/, '');
      if (PHRASE_STOP.test(bare)) break;
      phrase.push(bare);
      if (bare !== w || phrase.length === PHRASE_WORDS) break;
    }
    if (phrase.length === 0 || QUANTIFIERS.test(phrase[0])) continue;
    const kind = isPluralOrMass(phrase[phrase.length - 1]);
    if (kind) say(`article before a ${kind} noun phrase`, context);
  }

  // (a stranded preposition is English: "Where are you starting from?")
  for (const m of prose.matchAll(/(?<![\p{L}\p{N}'’-])(a|an|the|of|for|and|or|your|their|my|our)\s*(?=[.,;:!?)]|$)/giu))
    say('dangling word', prose.slice(Math.max(0, m.index - 30), m.index + 10));

  for (const m of prose.matchAll(/(?:^|[.!?]\s+)(\p{Ll}[\p{L}'-]*)/gu)) {
    const first = m[1];
    if (!/\p{Lu}/u.test(first.slice(1))) say('sentence starts in lower case', prose.slice(m.index, m.index + 30));
  }
  for (const m of prose.matchAll(/(?<![\p{L}])(i|my|our|ours|mine|me)(?![\p{L}'’-])/gu))
    say('first person copied from the prompt', prose.slice(Math.max(0, m.index - 20), m.index + 20));
  return problems;
}

/** Every string in a generated document, with where it sits ("hero.title", "features[2].description"). */
export function stringsOf(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringsOf(v, path ? `${path}.${k}` : k));
  return [];
}
