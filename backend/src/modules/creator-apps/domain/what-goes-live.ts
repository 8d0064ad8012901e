import { isPlainObject, stableEqual } from './json-values';
import { APP_PARTS, normalise, type AppContent, type AppPart } from './unpublished-changes';

/** One field that differs between the draft and the live version, as text a creator reads. */
export interface FieldChange {
  /** "hero.title", "pages[goals].questions[level].prompt". */
  path: string;
  /** "Hero › Title", "Pages “goals” › Questions “level” › Prompt". */
  label: string;
  change: 'added' | 'removed' | 'changed';
  before: string | null;
  after: string | null;
}

export interface DocumentChanges {
  part: AppPart;
  label: string;
  state: 'new' | 'changed' | 'removed' | 'unchanged';
  changes: FieldChange[];
  moreChanges: number;
}

/** A long document lists this many changes; the rest are counted. */
export const CHANGES_LISTED = 40;
/** Values are shown up to this many characters. */
const SHOWN_CHARS = 160;

const PART_LABELS: Record<AppPart, string> = {
  blueprint: 'Blueprint',
  onboardingFlow: 'Onboarding flow',
  landingPage: 'Landing page',
  pricing: 'Pricing',
  theme: 'Theme',
  canvasSettings: 'Canvas settings',
};

/** The documents in the order a creator reads them: the app, how visitors start, its page, its price. */
const READING_ORDER: readonly AppPart[] = ['blueprint', 'onboardingFlow', 'landingPage', 'pricing', 'theme', 'canvasSettings'];

// Stored documents come back with their keys in the database's order; fields are listed in a reader's.
const KEY_ORDER = [
  'status',
  'name',
  'title',
  'tagline',
  'subtitle',
  'cta',
  'audience',
  'problem',
  'features',
  'description',
  'monetisation',
  'tone',
  'hero',
  'sections',
  'kind',
  'body',
  'items',
  'pricingCopy',
  'monthly',
  'annual',
  'pages',
  'questions',
  'prompt',
  'options',
  'monthlyPrice',
  'annualPrice',
  'annualDurationUnit',
  'trialDays',
  'currency',
];
const rank = (key: string) => {
  const at = KEY_ORDER.indexOf(key);
  return at < 0 ? KEY_ORDER.length : at;
};
const readingOrder = (keys: string[]) => [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

interface Step {
  key: string;
  label: string;
}

const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
const keyLabel = (key: string) => {
  const w = words(key);
  return w.charAt(0).toUpperCase() + w.slice(1);
};

const money = (cents: number, currency = 'USD') => {
  const amount = cents / 100;
  const text = Number.isInteger(amount) ? amount.toFixed(0) : amount.toFixed(2);
  return currency.toUpperCase() === 'USD' ? `$${text}` : `${text} ${currency.toUpperCase()}`;
};

/** How a value reads: prices in dollars, units in words, lists and objects by what they hold. */
function shown(value: unknown, part: AppPart, key: string): string | null {
  if (value === null || value === undefined) return null;
  if (part === 'pricing') {
    if (/price$/i.test(key) && typeof value === 'number') return money(value);
    if (key === 'trialDays' && typeof value === 'number') return value === 0 ? 'No free trial' : `${value} days free`;
    if (key === 'annualDurationUnit') return value === 'month' ? '12 months' : '1 year';
  }
  if (typeof value === 'string') return value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS - 1)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string')) return shown(value.join(', '), part, key);
    return `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  if (isPlainObject(value)) {
    const name = ['title', 'name', 'prompt', 'question', 'label'].map((k) => value[k]).find((v) => typeof v === 'string');
    if (typeof name === 'string') return shown(name, part, key);
    return shown(JSON.stringify(value), part, key);
  }
  return String(value);
}

/** An array's elements by id when every element has one ("pages[goals]"), else by position ("features #2"). */
function keyed(list: readonly unknown[]): Map<string, { value: unknown; label: string }> | null {
  const ids = list.map((v) => (isPlainObject(v) && typeof v.id === 'string' ? v.id : null));
  if (ids.some((id) => id === null) || new Set(ids).size !== ids.length) return null;
  return new Map(list.map((v, i) => [ids[i]!, { value: v, label: `“${ids[i]}”` }]));
}

// Fields a creator does not edit: a landing page's status (pending reads as absent), the pricing's currency.
const HIDDEN: Partial<Record<AppPart, readonly string[]>> = { landingPage: ['status'], pricing: ['currency'] };

function walk(before: unknown, after: unknown, path: Step[], part: AppPart, out: FieldChange[]): void {
  if (stableEqual(before ?? null, after ?? null)) return;
  const at = (step: Step) => [...path, step];
  // an object or list that is new (or gone) is listed field by field, like a changed one
  if (before == null && (isPlainObject(after) || Array.isArray(after)))
    return walk(Array.isArray(after) ? [] : {}, after, path, part, out);
  if (after == null && (isPlainObject(before) || Array.isArray(before)))
    return walk(before, Array.isArray(before) ? [] : {}, path, part, out);
  if (isPlainObject(before) && isPlainObject(after)) {
    // ids name list items in the labels ("Pages “goals”"), they are not fields of their own
    const hidden = ['id', ...(path.length === 0 ? (HIDDEN[part] ?? []) : [])];
    const keys = readingOrder([...new Set([...Object.keys(after), ...Object.keys(before)])]).filter((k) => !hidden.includes(k));
    for (const k of keys) walk(before[k], after[k], at({ key: `.${k}`, label: keyLabel(k) }), part, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && !after.every((v) => typeof v === 'string')) {
    const a = keyed(before);
    const b = keyed(after);
    const parent = path.at(-1)?.label ?? '';
    if (a && b) {
      const ids = [...b.keys(), ...[...a.keys()].filter((id) => !b.has(id))];
      for (const id of ids)
        walk(
          a.get(id)?.value,
          b.get(id)?.value,
          [
            ...path.slice(0, -1),
            { key: `${path.at(-1)?.key ?? ''}[${id}]`, label: `${parent} ${(b.get(id) ?? a.get(id))!.label}` },
          ],
          part,
          out,
        );
      return;
    }
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      walk(
        before[i],
        after[i],
        [...path.slice(0, -1), { key: `${path.at(-1)?.key ?? ''}[${i}]`, label: `${parent} #${i + 1}` }],
        part,
        out,
      );
    return;
  }
  // leaf (or a value that changed kind): one change
  const key = path.at(-1)?.key.replace(/^\./, '').replace(/\[.*$/, '') ?? '';
  const was = shown(before, part, key);
  const now = shown(after, part, key);
  out.push({
    path:
      path
        .map((s) => s.key)
        .join('')
        .replace(/^\./, '') || part,
    label: path.map((s) => s.label).join(' › ') || PART_LABELS[part],
    change: was === null ? 'added' : now === null ? 'removed' : 'changed',
    before: was,
    after: now,
  });
}

/** Every field that differs between a live value and its draft, in document order. */
export function fieldChanges(live: unknown, draft: unknown, part: AppPart): FieldChange[] {
  const out: FieldChange[] = [];
  walk(live, draft, [], part, out);
  return out;
}

/**
 * What goes live when the app is published: each part's draft against its live version (published is
 * null for an app never published), field by field, in reading order.
 */
export function whatGoesLive(drafts: AppContent, published: AppContent | null): DocumentChanges[] {
  return READING_ORDER.filter((p) => APP_PARTS.includes(p)).map((part) => {
    const draft = normalise(drafts, part);
    const live = published ? normalise(published, part) : null;
    const state = stableEqual(draft, live) ? 'unchanged' : live === null ? 'new' : draft === null ? 'removed' : 'changed';
    const all = state === 'unchanged' ? [] : fieldChanges(live, draft, part);
    return {
      part,
      label: PART_LABELS[part],
      state,
      changes: all.slice(0, CHANGES_LISTED),
      moreChanges: Math.max(0, all.length - CHANGES_LISTED),
    };
  });
}
