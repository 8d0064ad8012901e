import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { LandingPageSchema, type NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppState } from '../domain/app-state';
import { current as currentVersion } from '../domain/document-versions';
import { withLandingImages, type LandingImageChange } from '../domain/landing-page';
import { jobVersions } from '../domain/version-facts';
import type { StoredResult } from '../infra/app-stream';
import { storeGeneratedPictures, type GeneratedPicture } from '../infra/generated-media';

/**
 * Put new landing-page pictures (a hero or section image, or store screenshots) in a new version of
 * the current landing page, once per run: from the reactor, and from the call that waited for them.
 * Nothing is stored when the app has no landing page or the section is gone.
 */
export class StoreLandingImages {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly change: LandingImageChange,
    readonly causationId: string | null,
  ) {}
}

type Store = Pick<StoreLandingImages, 'runId' | 'change'>;

/** The landing page with the new pictures; null when the run was stored already, or there is no page (or section) for them. */
export function pageWithImages(app: AppState, { runId, change }: Store) {
  if (app.storedRuns.has(runId)) return null;
  const current = LandingPageSchema.safeParse(currentVersion(app.histories['landing-page'])?.content);
  return current.success ? withLandingImages(current.data, change) : null;
}

export function decide(state: AppState | null, command: Store): NewEvent[] {
  const app = existingApp(state);
  const page = pageWithImages(app, command);
  return page ? jobVersions(app, command.runId, [['landing-page', { ...page, status: 'ready' }]], 'ai-edit') : [];
}

/** How the media library names the pictures of a landing-page change. */
function landingPictures(change: LandingImageChange): GeneratedPicture[] {
  if (change.kind === 'screenshots') {
    return change.screenshots.map(({ caption, ...image }, i) => ({
      image,
      name: `Store screenshot ${i + 1}`,
      usedFor: 'screenshot',
      caption,
    }));
  }
  const name = change.imageType === 'hero' ? 'Hero picture' : `Section ${change.imageType.slice('section-'.length)} picture`;
  return [{ image: change.image, name, usedFor: change.imageType }];
}

@CommandHandler(StoreLandingImages)
export class StoreLandingImagesHandler implements ICommandHandler<StoreLandingImages, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  execute(command: StoreLandingImages): Promise<StoredResult> {
    return storeGeneratedPictures(
      this.orm,
      this.events,
      command,
      (app) => ({ events: decide(app, command), keep: Boolean(pageWithImages(app, command)) }),
      landingPictures(command.change),
    );
  }
}
