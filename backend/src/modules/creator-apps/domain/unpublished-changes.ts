import { stableEqual } from './json-values';
import { presentLandingPage, type LandingPageInfo } from './landing-page';
import type { AppPricing } from './app-pricing';

/** Spec 9: the unpublished-changes result is cached 5 s per app (concurrent requests share one computation). */
export const UNPUBLISHED_CHANGES_TTL_MS = 5_000;

/** The parts of an app a creator edits in the studio (and prices) and that publishing copies live. */
export interface AppContent {
  readonly blueprint?: unknown;
  readonly landingPage?: LandingPageInfo | null;
  readonly onboardingFlow?: unknown;
  readonly pricing?: AppPricing | null;
  readonly theme?: unknown;
  readonly canvasSettings?: unknown;
}

export type AppPart = 'blueprint' | 'landingPage' | 'onboardingFlow' | 'pricing' | 'theme' | 'canvasSettings';

/** Fixed order, so answers are stable whatever order the caller's objects list their keys. */
export const APP_PARTS: readonly AppPart[] = ['blueprint', 'landingPage', 'onboardingFlow', 'pricing', 'theme', 'canvasSettings'];

export interface UnpublishedChanges {
  readonly hasUnpublishedChanges: boolean;
  readonly changed: readonly AppPart[];
}

/** null and undefined mean "none"; a pending landing page counts as absent (spec 4). */
export function normalise(content: AppContent, part: AppPart): unknown {
  const value = part === 'landingPage' ? presentLandingPage(content.landingPage) : content[part];
  return value ?? null;
}

/**
 * Compares the drafts with the last published snapshot. `published` is null for an app never
 * published: then every part that has content is a change, and an app with nothing in it has none.
 */
export function checkUnpublishedChanges(drafts: AppContent, published: AppContent | null): UnpublishedChanges {
  const live = published ?? {};
  const changed = APP_PARTS.filter((part) => !stableEqual(normalise(drafts, part), normalise(live, part)));
  return { hasUnpublishedChanges: changed.length > 0, changed };
}
