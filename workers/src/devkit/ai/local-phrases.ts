/**
 * The forms of an idea's subject and audience that the local generator's templates put into
 * sentences, so every slot reads as English whatever the idea: a countable name for the app
 * ("a habit tracker", "a sourdough baking app", "an app for swapping shifts"), a topic that needs no
 * article ("habit tracking", "sourdough baking", "swapping shifts", "recipes"), and an audience that
 * is always a plural group of people ("runners training for their first marathon", "small bakeries").
 */
import { gerundPhrase, isMassNoun, isPluralNoun, isVerbPhrase, pluralNoun, takesNoArticle, VERB_STARTS } from './local-english';

export type SubjectKind = 'thing' | 'mass' | 'plural' | 'action' | 'name';

export interface SubjectForms {
  kind: SubjectKind;
  /** A countable noun phrase for the app, to follow "a", "the" or "your". */
  product: string;
  /** What members work on or with, used without an article. */
  topic: string;
}

// Heads that already name an app-like thing ("habit tracker", "recipe box").
const APP_HEADS = new Set(
  (
    'tracker planner timer journal diary log coach tutor trainer guide assistant companion calculator organiser organizer ' +
    'scheduler marketplace market exchange community network platform game quiz map finder manager dashboard catalogue catalog ' +
    'directory notebook calendar list checklist reminder bot chatbot studio shop store feed app service builder generator counter ' +
    'monitor logger recorder player reader editor wallet locator helper advisor adviser buddy box kit toolkit hub portal board ' +
    'simulator scanner translator dictionary club'
  ).split(' '),
);
// What an app-like head does, as an activity: "habit tracker" -> "habit tracking".
const HEAD_ACTIVITY: Record<string, string> = {
  tracker: 'tracking',
  planner: 'planning',
  scheduler: 'scheduling',
  organiser: 'organising',
  organizer: 'organizing',
  logger: 'logging',
  log: 'logging',
  counter: 'counting',
  trainer: 'training',
  coach: 'coaching',
  tutor: 'tutoring',
  builder: 'building',
  journal: 'journaling',
  diary: 'journaling',
  manager: 'management',
  translator: 'translation',
  scanner: 'scanning',
  recorder: 'recording',
  monitor: 'monitoring',
};

// Nouns whose activity has its own word: "a budget" -> "budgeting", "a garden" -> "gardening".
const NOUN_ACTIVITY: Record<string, string> = {
  budget: 'budgeting',
  garden: 'gardening',
  podcast: 'podcasting',
  blog: 'blogging',
  vlog: 'vlogging',
  camp: 'camping',
  hike: 'hiking',
  bike: 'cycling',
  ski: 'skiing',
  surf: 'surfing',
  run: 'running',
  swim: 'swimming',
  climb: 'climbing',
  sketch: 'sketching',
  workout: 'training',
  diet: 'healthy eating',
  meal: 'cooking',
  recipe: 'cooking',
  kitchen: 'cooking',
  wardrobe: 'getting dressed',
  closet: 'getting dressed',
  home: 'home life',
  house: 'home life',
};

const isCapitalised = (w: string) => /^\p{Lu}/u.test(w);
const hasLatin = (s: string) => /[a-z]/i.test(s.normalize('NFD'));

// Endings of adjectives, which have no plural ("simple list" is not a list of "simples").
const ADJECTIVE =
  /(?:ful|ous|ive|al|ic|less|able|ible|ish|est)$|^(?:simple|smart|new|best|good|great|big|small|easy|quick|free|open|calm|ultimate|daily|weekly|personal|private|public|local|little|tiny|mini|super|total|real|true|clean|fresh|modern|better)$/i;

/**
 * The forms of a subject phrase (its words as the creator wrote them, names keeping their capitals).
 * `verbFirst`: the phrase followed "helps …" or "to …", so it is an action when it starts with a verb.
 */
export function subjectForms(subject: string, { verbFirst = false } = {}): SubjectForms {
  const words = subject.trim().split(/\s+/).filter(Boolean);
  const head = words.at(-1) ?? '';
  const lowerHead = head.toLowerCase();
  const modifiers = words.slice(0, -1);
  const lowerFirst = (words[0] ?? '').toLowerCase();

  if (isVerbPhrase(subject) || (verbFirst && words.length > 1 && VERB_STARTS.has(lowerFirst))) {
    const topic = gerundPhrase(subject);
    return { kind: 'action', product: `app for ${topic}`, topic };
  }
  // "guide to urban gardening", "map of Lisbon cafés": the app-like noun leads, the rest is what it is about
  const about = /^(.*?\b(\p{L}+))\s+(?:to|of|for|on|about)\s+(.+)$/u.exec(subject);
  if (about && APP_HEADS.has(about[2].toLowerCase())) {
    const rest = about[3];
    return { kind: 'thing', product: subject, topic: takesNoArticle(rest) ? rest : `${rest} goals` };
  }
  if (!hasLatin(subject) || isCapitalised(head)) return { kind: 'name', product: `${subject} app`, topic: subject };
  if (isPluralNoun(head)) return { kind: 'plural', product: `${subject} app`, topic: subject };
  if (isMassNoun(head)) return { kind: 'mass', product: `${subject} app`, topic: subject };

  const activity = HEAD_ACTIVITY[lowerHead];
  const appLike = APP_HEADS.has(lowerHead);
  const product = appLike && lowerHead !== 'club' ? subject : `${subject} app`;
  const lastModifier = modifiers.at(-1) ?? '';
  let topic: string;
  if (modifiers.length > 0 && !/\d/.test(modifiers.join(' ')) && takesNoArticle(modifiers.join(' '))) topic = modifiers.join(' ');
  else if (activity && (modifiers.length > 0 || activity.endsWith('ing'))) topic = [...modifiers, activity].join(' ');
  else if (appLike && lastModifier && !ADJECTIVE.test(lastModifier) && hasLatin(lastModifier)) {
    // "recipe box" -> "recipes": the things the app holds, in the plural
    topic = [...modifiers.slice(0, -1), pluralNoun(lastModifier)].join(' ');
  } else if (NOUN_ACTIVITY[lowerHead]) topic = [...modifiers, NOUN_ACTIVITY[lowerHead]].join(' ');
  else topic = `${subject} goals`;
  return { kind: 'thing', product, topic };
}

// People and groups an app can be for ("for my mom", "for a small bakery").
const PEOPLE = new Set(
  (
    'kid child teen teenager toddler baby adult parent mom mum dad mother father son daughter grandma grandpa grandmother ' +
    'grandfather grandparent family couple friend partner wife husband girlfriend boyfriend spouse sibling brother sister nurse ' +
    'doctor patient client customer employee user member student pupil athlete chef cook artist musician team crew class club ' +
    'group community company business startup bakery cafe café restaurant shop store studio gym school clinic salon church ' +
    'nonprofit charity agency firm household neighbour neighbor colleague coworker boss veteran vegan vegetarian nomad expat ' +
    'traveller traveler tourist guest host creator influencer freelancer retiree senior junior newbie novice pro amateur ' +
    'hobbyist enthusiast fan lover person people man woman men women folk folks guy girl boy staff volunteer caregiver carer ' +
    'therapist coach tutor mentor pet dog cat owner choir band orchestra ensemble troupe crew league squad congregation'
  ).split(' '),
);
const NOT_PEOPLE_ER = new Set(
  'dinner winter summer water paper power computer number letter border corner center centre order matter weather butter flower tower river silver poker soccer cancer fever laser poster sticker timer tracker planner printer better faster harder easier smarter cheaper closer greater under over after'.split(
    ' ',
  ),
);

const SINGULAR_IRREGULAR: Record<string, string> = {
  people: 'person',
  women: 'woman',
  men: 'man',
  children: 'child',
  folks: 'folk',
};

/** A plural noun's singular, by the regular rules ("bakeries" -> "bakery", "coaches" -> "coach"). */
export function singularNoun(noun: string): string {
  const w = noun.toLowerCase();
  if (SINGULAR_IRREGULAR[w]) return SINGULAR_IRREGULAR[w];
  if (!isPluralNoun(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  return w.slice(0, -1);
}

/** Whether a noun names people (or a group, or a business): "runners", "mom", "bakeries". */
export function isPeopleNoun(noun: string): boolean {
  const one = singularNoun(noun);
  if (PEOPLE.has(one) || PEOPLE.has(noun.toLowerCase())) return true;
  if (NOT_PEOPLE_ER.has(one)) return false;
  return one.length >= 5 && /(?:er|or|ist|ian|eur)$/.test(one);
}

const FALLBACK_AUDIENCE = 'people who want to make a change';
const NOBODY_IN_PARTICULAR = new Set([
  'me',
  'myself',
  'us',
  'ourselves',
  'everyone',
  'everybody',
  'anyone',
  'anybody',
  'all',
  'you',
  'yourself',
  'them',
  'people',
  'others',
]);
const POSSESSIVE = /^(?:my|our|your|their|his|her)$/i;
const ARTICLE = /^(?:a|an|the|some)$/i;
// Where the group's name ends and what is said about it begins ("runners | training for…", "kids | aged 6-10").
const QUALIFIER =
  /^(?:for|to|in|on|at|with|from|of|who|that|which|whose|aged|ages|like|near|around|across|during|after|before|without|between|and|or|than)$/i;

export interface AudienceForms {
  /** A plural group of people: "runners training for their first marathon". */
  audience: string;
  /** What the app is for when the phrase named a goal rather than people: "their first marathon". */
  purpose: string | null;
}

/** An audience phrase as a plural group of people; a goal ("my first marathon") becomes people working on it. */
export function audienceForms(raw: string): AudienceForms {
  const words = raw.trim().split(/\s+/).filter(Boolean);
  let possessive = false;
  while (words.length && (ARTICLE.test(words[0]) || POSSESSIVE.test(words[0]))) {
    possessive ||= POSSESSIVE.test(words[0]);
    words.shift();
  }
  if (words.length === 0 || (words.length === 1 && NOBODY_IN_PARTICULAR.has(words[0].toLowerCase())))
    return { audience: FALLBACK_AUDIENCE, purpose: null };
  // "runners | training for…", "kids | aged 6-10"; but "busy working parents" is one group
  let end = words.findIndex(
    (w, i) =>
      i > 0 && (QUALIFIER.test(w) || /^\d/.test(w) || (/(?:ing|ed)$/i.test(w) && w.length > 4 && isPeopleNoun(words[i - 1]))),
  );
  if (end < 0) end = words.length;
  const head = words[end - 1];
  if (isPeopleNoun(head) && !isMassNoun(head)) {
    const group = [...words];
    group[end - 1] = pluralNoun(head);
    return { audience: group.join(' '), purpose: null };
  }
  // a goal or an occasion, not people: "their first marathon", "weddings", "better sleep"
  const goal = (possessive ? ['their', ...words] : words).join(' ');
  return { audience: `people focused on ${goal}`, purpose: goal };
}

/** The audience of an idea that named none, from what it is about: "people who love yoga", "people who want to swap shifts". */
export function audienceFor(subject: string, forms: SubjectForms): string {
  if (forms.kind === 'action') return `people who want to ${subject}`;
  if (forms.kind === 'mass' || forms.kind === 'plural' || forms.kind === 'name') return `people who love ${forms.topic}`;
  return FALLBACK_AUDIENCE;
}

/** Whether an audience is the generic one (the idea named nobody in particular). */
export const isGenericAudience = (audience: string) => audience === FALLBACK_AUDIENCE;
