import { isEventOf, type EventType, type StoredEvent } from '@sparkhouse/contracts';
import type { Db } from '../../../platform/database/database';
import { run } from '../../../platform/database/sql';
import { defineProjection, type ProjectionHandlers } from '../../../platform/events/define-projection';
import { STUDIO_PROJECTION } from '../domain/read-models';
import { CONTENT_EVENTS, refreshUnpublishedFlag, studioApps } from './studio-apps.read-model';
import { studioLibrary } from './studio-library.read-model';
import { STUDIO_JOBS, studioRuns } from './studio-runs.read-model';

/**
 * After each fact of an app's stream: the app row's version (what a read waits for) and last change,
 * and, when the fact changes what the flag compares, the unpublished-changes flag.
 */
async function afterAppFact(tx: Db, e: StoredEvent) {
  const payload = e.payload;
  if (!e.streamId.startsWith('app-') || typeof payload !== 'object' || payload === null || !('appId' in payload)) return;
  const appId = String(payload.appId);
  if (e.type !== 'AppCreated') {
    await run(tx, 'update creator_app set version = ?, updated_at = ? where app_id = ? and version < ?', [
      e.streamVersion,
      e.metadata.occurredAt,
      appId,
      e.streamVersion,
    ]);
  }
  if (CONTENT_EVENTS.has(e.type)) await refreshUnpublishedFlag(tx, appId);
}

/** Every handler followed by afterAppFact. */
function followingAppFacts<T extends EventType>(on: ProjectionHandlers<T>): ProjectionHandlers<T> {
  const handlers: Record<string, (e: StoredEvent, tx: Db) => Promise<unknown>> = {};
  for (const [type, apply] of Object.entries(on) as [string, (e: StoredEvent, tx: Db) => Promise<unknown>][]) {
    handlers[type] = async (e, tx) => {
      await apply(e, tx);
      await afterAppFact(tx, e);
    };
  }
  // the same keys, each handler still given only events of its own type
  return handlers as unknown as ProjectionHandlers<T>;
}

/**
 * The creator studio's read models: the apps and their versions (studio-apps.read-model.ts: the
 * creator dashboard), the builds and brainstorms being made (studio-runs.read-model.ts), blueprint
 * examples and creator profiles (studio-library.read-model.ts). Everything is a function of the events
 * alone (times come from the events), so a replay rebuilds it identically.
 */
export const creatorStudioProjection = defineProjection({
  name: STUDIO_PROJECTION,
  // 2: creator_app.pricing and the published pricing (from commerce's PriceOptionsDefined)
  // 3: creator_app's address (AppAddressChanged) and share image
  version: 3,
  tables: ['creator_app', 'creator_app_version', 'creator_blueprint_example', 'creator_brainstorm', 'creator_profile'],
  // of the job lifecycle, only builds' and brainstorms' (facts written before jobs named themselves are all taken)
  accepts: (e) =>
    !isEventOf(e, 'JobStarted', 'JobProgressed', 'JobCompleted', 'JobAttemptFailed', 'JobRequeued', 'JobFailed', 'JobCanceled') ||
    e.payload.name === undefined ||
    STUDIO_JOBS.has(e.payload.name),
  on: followingAppFacts({
    ...studioApps,
    // an edit's request changes no row of its own, but moves the app's version
    LandingPageEditRequested: async () => undefined,
    ...studioRuns,
    ...studioLibrary,
  }),
});
