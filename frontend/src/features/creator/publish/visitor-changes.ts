import type { AppPricingView, LandingPage, OnboardingFlow, VisitorContent } from '@sparkhouse/contracts';
import { formatPriceCents } from '../../payments';
import { canonicalJson } from '../builder/useVersionDraft';

/**
 * The publish review in a visitor's terms: what changes on the landing page (hero and sections), in
 * the onboarding (questions), and in the prices, between what is live and what publishing makes live,
 * and a one-line summary ("3 sections changed, 1 new question, prices unchanged").
 */

export type Change = 'added' | 'removed' | 'changed' | 'unchanged';

/** One block of the page or one question, live and after publishing (null where it is absent). */
export interface Paired<T> {
  key: string;
  change: Change;
  before: T | null;
  after: T | null;
}

export type LandingSection = LandingPage['sections'][number];
export type OnboardingPage = OnboardingFlow['pages'][number];
export type OnboardingQuestion = OnboardingPage['questions'][number];

export interface VisitorChanges {
  /** The hero first, then the sections in the draft's order (removed ones where they were). */
  hero: Paired<LandingPage['hero']>;
  sections: Paired<LandingSection>[];
  /** The pricing section's words. */
  pricingCopy: Paired<LandingPage['pricingCopy']>;
  /** Questions matched by their id across pages (a question moved to another page is the same question). */
  questions: (Paired<OnboardingQuestion> & { pageTitle: string })[];
  /** Info pages and page titles: pages matched by id. */
  pages: Paired<OnboardingPage>[];
  prices: Paired<AppPricingView>;
  summary: string;
  /** Nothing a visitor sees changes. */
  nothingChanges: boolean;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

function pair<T>(key: string, before: T | null | undefined, after: T | null | undefined): Paired<T> {
  const b = before ?? null;
  const a = after ?? null;
  const change: Change =
    b === null ? (a === null ? 'unchanged' : 'added') : a === null ? 'removed' : same(b, a) ? 'unchanged' : 'changed';
  return { key, change, before: b, after: a };
}

/**
 * Sections are matched by position among sections of the same kind (the third "feature" section live
 * against the third after publishing), so inserting a testimonial does not show every later section
 * as changed.
 */
function pairSections(before: readonly LandingSection[], after: readonly LandingSection[]): Paired<LandingSection>[] {
  const keyed = (sections: readonly LandingSection[]) => {
    const seen = new Map<string, number>();
    return sections.map((section) => {
      const n = (seen.get(section.kind) ?? 0) + 1;
      seen.set(section.kind, n);
      return { key: `${section.kind}#${n}`, section };
    });
  };
  const live = new Map(keyed(before).map(({ key, section }) => [key, section]));
  const out: Paired<LandingSection>[] = [];
  const draftKeys = new Set<string>();
  for (const { key, section } of keyed(after)) {
    draftKeys.add(key);
    out.push(pair(key, live.get(key), section));
  }
  // removed sections where they stood on the live page
  keyed(before).forEach(({ key, section }, index) => {
    if (!draftKeys.has(key)) out.splice(Math.min(index, out.length), 0, pair(key, section, null));
  });
  return out;
}

function pairById<T extends { id: string }>(before: readonly T[], after: readonly T[]): Paired<T>[] {
  const live = new Map(before.map((item) => [item.id, item]));
  const draftIds = new Set(after.map((item) => item.id));
  const out = after.map((item) => pair(item.id, live.get(item.id), item));
  before.forEach((item, index) => {
    if (!draftIds.has(item.id)) out.splice(Math.min(index, out.length), 0, pair(item.id, item, null));
  });
  return out;
}

const questionsOf = (flow: OnboardingFlow | null) =>
  (flow?.pages ?? []).flatMap((page) => page.questions.map((question) => ({ ...question, pageTitle: page.title })));

/**
 * A page counts on its own when its title or text changed, or when an info page (no questions) came or
 * went; a page's questions are counted as questions.
 */
export function pageChanged(p: Paired<OnboardingPage>): boolean {
  if (p.change === 'changed') return p.before!.title !== p.after!.title || (p.before!.body ?? '') !== (p.after!.body ?? '');
  if (p.change === 'added' || p.change === 'removed') return (p.after ?? p.before)!.questions.length === 0;
  return false;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "$9.99 a month", "$79 a year", "7-day free trial" — prices as a visitor reads them. */
export function describePrices(pricing: AppPricingView | null): string[] {
  if (!pricing) return [];
  const lines: string[] = [];
  if (pricing.monthlyPrice !== null) lines.push(`${formatPriceCents(pricing.monthlyPrice, pricing.currency)} a month`);
  if (pricing.annualPrice !== null)
    lines.push(
      `${formatPriceCents(pricing.annualPrice, pricing.currency)} ${pricing.annualDurationUnit === 'month' ? 'for 12 months' : 'a year'}`,
    );
  lines.push(pricing.trialDays > 0 ? `${pricing.trialDays}-day free trial` : 'No free trial');
  return lines;
}

function summarise(changes: Omit<VisitorChanges, 'summary' | 'nothingChanges'>, firstPublish: boolean): string {
  const count = (items: readonly { change: Change }[], change: Change) => items.filter((i) => i.change === change).length;
  const blocks = [changes.hero, ...changes.sections, changes.pricingCopy];
  const parts: string[] = [];
  if (firstPublish) {
    const sections = blocks.filter((b) => b.after !== null).length;
    const questions = changes.questions.filter((q) => q.after !== null).length;
    parts.push(sections ? `a landing page of ${plural(sections, 'section')}` : 'no landing page yet');
    parts.push(questions ? `${plural(questions, 'onboarding question')}` : 'no onboarding questions');
    parts.push(changes.prices.after ? describePrices(changes.prices.after).join(', ') : 'no prices yet');
    return `First publish: ${parts.join(', ')}`;
  }
  const changed = count(blocks, 'changed');
  const added = count(blocks, 'added');
  const removed = count(blocks, 'removed');
  if (changed) parts.push(`${plural(changed, 'section')} changed`);
  if (added) parts.push(`${plural(added, 'new section')}`);
  if (removed) parts.push(`${plural(removed, 'section')} removed`);
  if (!changed && !added && !removed) parts.push('landing page unchanged');
  const qChanged = count(changes.questions, 'changed');
  const qAdded = count(changes.questions, 'added');
  const qRemoved = count(changes.questions, 'removed');
  const pagesChanged = changes.pages.filter(pageChanged).length;
  if (qChanged) parts.push(`${plural(qChanged, 'question')} changed`);
  if (qAdded) parts.push(`${plural(qAdded, 'new question')}`);
  if (qRemoved) parts.push(`${plural(qRemoved, 'question')} removed`);
  if (pagesChanged) parts.push(`${plural(pagesChanged, 'onboarding page')} changed`);
  if (!qChanged && !qAdded && !qRemoved && !pagesChanged) parts.push('onboarding unchanged');
  parts.push(
    changes.prices.change === 'unchanged'
      ? 'prices unchanged'
      : changes.prices.change === 'removed'
        ? 'prices removed'
        : 'prices changed',
  );
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a visitor will see change when the app is published: `live` is null for an app never published. */
export function visitorChanges(live: VisitorContent | null, draft: VisitorContent): VisitorChanges {
  const before = live?.landingPage ?? null;
  const after = draft.landingPage;
  const beforeQuestions = questionsOf(live?.onboardingFlow ?? null);
  const afterQuestions = questionsOf(draft.onboardingFlow);
  const titles = new Map([...beforeQuestions, ...afterQuestions].map((q) => [q.id, q.pageTitle]));
  const changes = {
    hero: pair('hero', before?.hero, after?.hero),
    sections: pairSections(before?.sections ?? [], after?.sections ?? []),
    pricingCopy: pair('pricing-copy', before?.pricingCopy, after?.pricingCopy),
    questions: pairById(beforeQuestions, afterQuestions).map((p) => ({ ...p, pageTitle: titles.get(p.key) ?? '' })),
    pages: pairById(live?.onboardingFlow?.pages ?? [], draft.onboardingFlow?.pages ?? []),
    prices: pair('prices', live?.pricing, draft.pricing),
  };
  const nothingChanges =
    [changes.hero, changes.pricingCopy, changes.prices, ...changes.sections, ...changes.questions].every(
      (p) => p.change === 'unchanged',
    ) && !changes.pages.some(pageChanged);
  return { ...changes, summary: summarise(changes, live === null), nothingChanges };
}

/**
 * The creator plan's price as a sentence, shown before "Choose a plan to publish": the lowest monthly
 * price of any tier ("Creator plans from $19 a month, or $190 a year"), or null without plans.
 */
export function creatorPlanPriceText(
  options: readonly {
    price: number;
    currency?: string | null;
    duration?: number | null;
    durationUnit?: string | null;
    monthlyPrice?: number | null;
    tierSlug?: string | null;
  }[],
): string | null {
  const monthly = options.filter((o) => (o.durationUnit ?? '').startsWith('month') && (o.duration ?? 1) === 1);
  const yearly = options.filter((o) => (o.durationUnit ?? '').startsWith('year') && (o.duration ?? 1) === 1);
  const cheapest = <T extends { price: number }>(list: readonly T[]) =>
    list.reduce<T | null>((low, o) => (low === null || o.price < low.price ? o : low), null);
  const month = cheapest(monthly);
  const year = cheapest(yearly);
  if (!month && !year) return null;
  const money = (o: { price: number; currency?: string | null }) => formatPriceCents(o.price, o.currency);
  if (month && year) return `Creator plans from ${money(month)} a month, or ${money(year)} a year`;
  return month ? `Creator plans from ${money(month)} a month` : `Creator plans from ${money(year!)} a year`;
}
