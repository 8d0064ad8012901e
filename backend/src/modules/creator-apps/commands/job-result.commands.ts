import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import {
  AppBuildResultRejected,
  AppBuildResultStored,
  AppDetailsChanged,
  AppImageGenerated,
  BrainstormIdeasStored,
  BrainstormRequested,
  type GenerateAppImageResult,
  type ImageFromInputsResult,
  LandingPageSchema,
  type AppDocument,
  type BrainstormResult,
  type BuildAppResult,
  type EditLandingPageResult,
  type EventMetadata,
  type NewEvent,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { run } from '../../../platform/database/sql';
import { notFound } from '../../../platform/http/errors';
import { parseMediaKey } from '../../../platform/media/media-keys';
import { EventStore } from '../../../platform/events/event-store';
import { decideSaveGenerated, generatedImageMetadata, mediaIdFor, mediaStreamId, type MediaState } from '../domain/app-media';
import { appStreamId, brainstormStreamId, type AppState, type Json } from '../domain/app-state';
import { appendVersion, current as currentVersion } from '../domain/document-versions';
import { withLandingImages, type LandingImageChange } from '../domain/landing-page';
import { mediaModel } from './app-media.commands';
import { appModel, changeApp, NO_SUCH_APP } from './command-support';
import { addGeneratedPictures, type GeneratedPicture } from './generated-media';
import { versionFacts } from './document-version.commands';

/** Actor of the versions a job wrote, and the event that caused them. */
const byJob = (causationId: string): Partial<EventMetadata> => ({ actor: 'ai', causationId });

function newVersions(app: AppState, runId: string, docs: [AppDocument, Json][], reason: 'ai-build' | 'ai-edit'): NewEvent[] {
  const createdAt = new Date().toISOString();
  return docs.flatMap(([document, content]) => {
    const change = appendVersion(app.histories[document], content, {
      versionId: randomUUID(),
      createdAt,
      createdBy: 'ai',
      reason,
    });
    return versionFacts(app.appId, document, change, runId);
  });
}

/** Whether a job's results were stored in its app, and every event that stored them (none: nothing new). */
export interface StoredResult {
  stored: boolean;
  appended: StoredEvent[];
}

/**
 * Store a finished build: new blueprint, onboarding-flow and landing-page versions, the app image,
 * and the blueprint's name when the app still has its provisional one. Keyed by run id: a
 * redelivered completion stores nothing twice.
 */
export class StoreBuildResult {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly result: BuildAppResult,
    readonly causationId: string,
  ) {}
}

@CommandHandler(StoreBuildResult)
export class StoreBuildResultHandler implements ICommandHandler<StoreBuildResult, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, result, causationId }: StoreBuildResult): Promise<StoredResult> {
    const { answer, appended } = await this.orm.em.fork().transactional(async (tem) => {
      await run(tem, 'delete from creator_build_slot where run_id = ?', [runId]);
      return changeApp(
        tem,
        this.events,
        appId,
        'system',
        (app) => {
          if (app.storedRuns.has(runId)) return { events: [], answer: false };
          const facts: NewEvent[] = [
            ...newVersions(
              app,
              runId,
              [
                ['blueprint', result.blueprint],
                ['onboarding-flow', result.onboardingFlow],
                ['landing-page', { ...result.landingPage, status: 'ready' }],
              ],
              'ai-build',
            ),
            { type: AppImageGenerated.type, payload: { appId, ...result.appImage, runId } },
          ];
          if (app.autoNamed && result.blueprint.name !== app.name) {
            facts.push({ type: AppDetailsChanged.type, payload: { appId, name: result.blueprint.name } });
          }
          facts.push({ type: AppBuildResultStored.type, payload: { appId, runId, generatedBy: result.generatedBy } });
          return { events: facts, answer: true };
        },
        byJob(causationId),
      );
    });
    return { stored: answer, appended };
  }
}

/** Store an AI edit of the landing page as a new version (once per run). */
export class StoreLandingPageEdit {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly result: EditLandingPageResult,
    readonly causationId: string,
  ) {}
}

@CommandHandler(StoreLandingPageEdit)
export class StoreLandingPageEditHandler implements ICommandHandler<StoreLandingPageEdit, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, result, causationId }: StoreLandingPageEdit): Promise<StoredResult> {
    const { answer, appended } = await this.orm.em.fork().transactional((tem) =>
      changeApp(
        tem,
        this.events,
        appId,
        'system',
        (app) => {
          if (app.storedRuns.has(runId)) return { events: [], answer: false };
          return {
            events: newVersions(app, runId, [['landing-page', { ...result.landingPage, status: 'ready' }]], 'ai-edit'),
            answer: true,
          };
        },
        byJob(causationId),
      ),
    );
    return { stored: answer, appended };
  }
}

/**
 * Make a generated image the app's image (once per run): from the reactor when the run completes, and
 * from the call that waited for it, so its caller reads the new image at once.
 */
export class StoreGeneratedAppImage {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly result: GenerateAppImageResult,
    /** The JobCompleted event, when stored by the reactor. */
    readonly causationId: string | null,
  ) {}
}

@CommandHandler(StoreGeneratedAppImage)
export class StoreGeneratedAppImageHandler implements ICommandHandler<StoreGeneratedAppImage, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, result, causationId }: StoreGeneratedAppImage): Promise<StoredResult> {
    const metadata = causationId ? byJob(causationId) : { actor: 'ai' as const };
    return this.orm.em.fork().transactional(async (tem) => {
      const { answer: ownerId, appended } = await changeApp<string | null>(
        tem,
        this.events,
        appId,
        'system',
        (app) => {
          if (app.storedRuns.has(runId)) return { events: [], answer: null };
          const events = [{ type: AppImageGenerated.type, payload: { appId, ...result.appImage, runId } }];
          return { events, answer: app.ownerId };
        },
        metadata,
      );
      if (ownerId === null) return { stored: false, appended };
      const picture = { image: result.appImage, name: 'App image', usedFor: 'app-image' };
      const added = await addGeneratedPictures(tem, this.events, { appId, ownerId }, runId, [picture], metadata);
      return { stored: true, appended: [...appended, ...added] };
    });
  }
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

/**
 * Add a picture generateImageFromInputs made to the app's media library, once per run: from the
 * reactor when the run completes, and from the call that waited for it. The file is named by the run
 * (apps/<appId>/<runId>/original.png), so its library item is too; nothing is added when the file is
 * not this app's. Answers the library item and the events that added it (none when it was there).
 */
export class StoreGeneratedMedia {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly result: ImageFromInputsResult,
    readonly prompt: string,
    /** The JobCompleted event, when stored by the reactor. */
    readonly causationId: string | null,
  ) {}
}

@CommandHandler(StoreGeneratedMedia)
export class StoreGeneratedMediaHandler implements ICommandHandler<
  StoreGeneratedMedia,
  { media: MediaState | null; appended: StoredEvent[] }
> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, result, prompt, causationId }: StoreGeneratedMedia) {
    const file = parseMediaKey(result.key);
    if (!file || file.appId !== appId || file.role !== 'original' || file.type !== 'image') return { media: null, appended: [] };
    const em = this.orm.em.fork();
    const { state: app } = await this.events.load(em, appStreamId(appId), appModel);
    if (!app) throw notFound(NO_SUCH_APP);
    const source = { storageKey: result.key, externalUrl: null };
    const mediaId = mediaIdFor(appId, source);
    const decided = await em.transactional((tem) =>
      this.events.decide(
        tem,
        mediaStreamId(mediaId),
        mediaModel,
        (state) =>
          decideSaveGenerated(state, {
            mediaId,
            appId,
            ownerId: app.ownerId,
            type: 'image',
            source,
            thumbnailKey: result.thumbnailKey && parseMediaKey(result.thumbnailKey)?.appId === appId ? result.thumbnailKey : null,
            metadata: generatedImageMetadata({ ...result, prompt, runId }),
            activityId: null,
            isForSimulation: false,
          }),
        causationId ? byJob(causationId) : { actor: 'ai' },
      ),
    );
    return { media: decided.state, appended: decided.appended };
  }
}

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

@CommandHandler(StoreLandingImages)
export class StoreLandingImagesHandler implements ICommandHandler<StoreLandingImages, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, change, causationId }: StoreLandingImages): Promise<StoredResult> {
    const metadata = causationId ? byJob(causationId) : { actor: 'ai' as const };
    return this.orm.em.fork().transactional(async (tem) => {
      const { answer: ownerId, appended } = await changeApp<string | null>(
        tem,
        this.events,
        appId,
        'system',
        (app) => {
          if (app.storedRuns.has(runId)) return { events: [], answer: null };
          const current = LandingPageSchema.safeParse(currentVersion(app.histories['landing-page'])?.content);
          const page = current.success ? withLandingImages(current.data, change) : null;
          if (!page) return { events: [], answer: null };
          const events = newVersions(app, runId, [['landing-page', { ...page, status: 'ready' }]], 'ai-edit');
          return { events, answer: app.ownerId };
        },
        metadata,
      );
      if (ownerId === null) return { stored: false, appended };
      const added = await addGeneratedPictures(tem, this.events, { appId, ownerId }, runId, landingPictures(change), metadata);
      return { stored: true, appended: [...appended, ...added] };
    });
  }
}

/** Store a brainstorm's ideas (once per run). */
export class StoreBrainstormIdeas {
  constructor(
    readonly runId: string,
    readonly brainstormId: string,
    readonly result: BrainstormResult,
    readonly causationId: string,
  ) {}
}

@CommandHandler(StoreBrainstormIdeas)
export class StoreBrainstormIdeasHandler implements ICommandHandler<StoreBrainstormIdeas, { stored: boolean }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, brainstormId, result, causationId }: StoreBrainstormIdeas) {
    const appended = await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(
        tem,
        brainstormStreamId(brainstormId),
        (stream) => {
          const requested = stream.some((e) => e.type === BrainstormRequested.type);
          const stored = stream.some(
            (e) => e.type === BrainstormIdeasStored.type && (e.payload as { runId: string }).runId === runId,
          );
          if (!requested || stored) return null;
          return [
            {
              type: BrainstormIdeasStored.type,
              payload: { brainstormId, runId, ideas: result.ideas, generatedBy: result.generatedBy },
            },
          ];
        },
        byJob(causationId),
      ),
    );
    return { stored: appended !== null };
  }
}

/** A build's result could not be stored: record why, so the dashboard shows it failed (once per run). */
export class RejectBuildResult {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly reason: string,
    readonly causationId: string,
  ) {}
}

@CommandHandler(RejectBuildResult)
export class RejectBuildResultHandler implements ICommandHandler<RejectBuildResult, void> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, reason, causationId }: RejectBuildResult) {
    await this.orm.em.fork().transactional((tem) =>
      changeApp(
        tem,
        this.events,
        appId,
        'system',
        (app) => ({
          events: app.storedRuns.has(runId) ? [] : [{ type: AppBuildResultRejected.type, payload: { appId, runId, reason } }],
          answer: null,
        }),
        byJob(causationId),
      ),
    );
  }
}

/** A build ended without a result (failed or canceled): its slot is free again. */
export class ReleaseBuildSlot {
  constructor(readonly runId: string) {}
}

@CommandHandler(ReleaseBuildSlot)
export class ReleaseBuildSlotHandler implements ICommandHandler<ReleaseBuildSlot, void> {
  constructor(private readonly orm: Database) {}

  async execute({ runId }: ReleaseBuildSlot) {
    await run(this.orm.em.fork(), 'delete from creator_build_slot where run_id = ?', [runId]);
  }
}
