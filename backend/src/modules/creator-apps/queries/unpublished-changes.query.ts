import { Injectable } from '@nestjs/common';
import { SingleFlightCache } from '../../../platform/cache/single-flight-cache';
import {
  checkUnpublishedChanges,
  UNPUBLISHED_CHANGES_TTL_MS,
  type AppContent,
  type UnpublishedChanges,
} from '../domain/unpublished-changes';
import type { AppRow } from './creator-apps.query';

/** The drafts of an app row, as the unpublished-changes rules compare them. */
export const draftsOf = (row: AppRow): AppContent => ({
  blueprint: row.blueprint,
  landingPage: row.landing_page as AppContent['landingPage'],
  onboardingFlow: row.onboarding_flow,
  pricing: row.pricing,
  theme: row.theme,
  canvasSettings: row.canvas_settings,
});

/**
 * checkUnpublishedChanges/{appId}: the drafts against the published versions, cached 5 s per app
 * (spec 9); concurrent requests for one app share one computation. Publishing drops the app's entry.
 */
@Injectable()
export class UnpublishedChangesQueries {
  private readonly cache = new SingleFlightCache<string, UnpublishedChanges>({
    ttlMs: UNPUBLISHED_CHANGES_TTL_MS,
    maxEntries: 5_000,
  });
  /** How many comparisons ran (the cache's tests read it). */
  computations = 0;

  check(appId: string, load: () => Promise<AppRow>): Promise<UnpublishedChanges> {
    return this.cache.get(appId, async () => {
      this.computations += 1;
      const row = await load();
      return checkUnpublishedChanges(draftsOf(row), row.published as AppContent | null);
    });
  }

  forget(appId: string): void {
    this.cache.invalidate(appId);
  }
}
