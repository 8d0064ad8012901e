import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { z } from 'zod';
import { isEventOf, JOBS, SERVER_EVENTS, type DomainEvent, type PayloadOf } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { formatToken } from '../../../platform/events/log-position';
import { RealtimePublisher } from '../../../platform/realtime/realtime-publisher';
import { ApiError } from '../../../platform/http/errors';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { RejectBuildResult } from '../commands/reject-build-result.command';
import { ReleaseBuildSlot } from '../commands/release-build-slot.command';
import { StoreBrainstormIdeas } from '../commands/store-brainstorm-ideas.command';
import { StoreBuildResult } from '../commands/store-build-result.command';
import { StoreGeneratedAppImage } from '../commands/store-generated-app-image.command';
import { StoreGeneratedMedia } from '../commands/store-generated-media.command';
import { StoreLandingImages } from '../commands/store-landing-images.command';
import { StoreLandingPageEdit } from '../commands/store-landing-page-edit.command';
import { type StoredResult } from '../infra/app-stream';

const BUILD = 'creator-apps.build-app';
const BRAINSTORM = 'creator-apps.brainstorm';
const EDIT_LANDING_PAGE = 'creator-apps.edit-landing-page';
const APP_IMAGE = 'creator-apps.generate-app-image';
const LANDING_IMAGE = 'creator-apps.landing-page-image';
const SCREENSHOTS = 'creator-apps.ai-screenshots';
const IMAGE_FROM_INPUTS = 'creator-apps.image-from-inputs';
const STORED = new Set<string>([BUILD, BRAINSTORM, EDIT_LANDING_PAGE, APP_IMAGE, LANDING_IMAGE, SCREENSHOTS, IMAGE_FROM_INPUTS]);

type Ended = 'JobCompleted' | 'JobFailed' | 'JobCanceled';
type Completed = PayloadOf<'JobCompleted'>;

/** What these jobs were asked about: their app (or brainstorm) and, for a picture from library files, its prompt. */
const requestedFor = z.object({ appId: z.string(), brainstormId: z.string(), prompt: z.string() }).partial();

/**
 * Stores what the creator studio's jobs produced, through commands: a finished build's documents
 * and image, an AI landing-page edit, a new app image or landing-page pictures, a picture made from library files (added to
 * the library), a brainstorm's ideas; and frees a build's slot when its run
 * ends. The workers only compute. Delivered at least once: every command is keyed by the run id.
 * What it stores in an app is announced to the creator's tabs (`creator:app-updated`, with the
 * consistency token of the change): the run was announced done before it was stored.
 */
@Subscribes()
@Injectable()
export class CreatorJobResultsReactor implements Reactor<Ended> {
  readonly kind = 'reactor';
  readonly name = 'creator-apps.job-results';
  readonly handles: Ended[] = ['JobCompleted', 'JobFailed', 'JobCanceled'];
  private readonly logger = new Logger('CreatorJobResults');

  constructor(
    private readonly commands: CommandBus,
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly publisher: RealtimePublisher,
  ) {}

  accepts(e: DomainEvent<Ended>) {
    return STORED.has(e.payload.name ?? '');
  }

  async handle(events: DomainEvent<Ended>[]): Promise<void> {
    for (const e of events) {
      const name = e.payload.name ?? '';
      if (!STORED.has(name)) continue;
      if (e.type !== 'JobCompleted') {
        if (name === BUILD) await this.commands.execute(new ReleaseBuildSlot(e.payload.runId));
        continue;
      }
      await this.store(e);
    }
  }

  private async store(e: DomainEvent<'JobCompleted'>) {
    const p = e.payload;
    const [requested] = await this.events.readStream(this.orm.em.fork(), jobStreamId(p.runId), { limit: 1 });
    if (!requested || !isEventOf(requested, 'JobRequested')) return;
    const asked = requestedFor.safeParse(requested.payload.payload);
    const payload = { appId: '', brainstormId: '', prompt: '', ...(asked.success ? asked.data : {}) };
    try {
      switch (p.name) {
        case BUILD: {
          const result = JOBS[BUILD].result.safeParse(p.result);
          if (!result.success) {
            const reason = 'The build finished without usable documents (its result did not match the schemas).';
            this.skip(p, reason);
            await this.commands.execute(new RejectBuildResult(p.runId, payload.appId, reason, e.eventId));
            return;
          }
          return this.storeIn(p, payload.appId, new StoreBuildResult(p.runId, payload.appId, result.data, e.eventId));
        }
        case EDIT_LANDING_PAGE: {
          const result = JOBS[EDIT_LANDING_PAGE].result.safeParse(p.result);
          if (!result.success) return this.skip(p, 'its result is not a landing page');
          return this.storeIn(p, payload.appId, new StoreLandingPageEdit(p.runId, payload.appId, result.data, e.eventId));
        }
        case APP_IMAGE: {
          const result = JOBS[APP_IMAGE].result.safeParse(p.result);
          if (!result.success) return this.skip(p, 'its result is not an image');
          return this.storeIn(p, payload.appId, new StoreGeneratedAppImage(p.runId, payload.appId, result.data, e.eventId));
        }
        case LANDING_IMAGE: {
          const result = JOBS[LANDING_IMAGE].result.safeParse(p.result);
          if (!result.success) return this.skip(p, 'its result is not a landing-page image');
          const change = { kind: 'image' as const, ...result.data };
          return this.storeIn(p, payload.appId, new StoreLandingImages(p.runId, payload.appId, change, e.eventId));
        }
        case SCREENSHOTS: {
          const result = JOBS[SCREENSHOTS].result.safeParse(p.result);
          if (!result.success) return this.skip(p, 'its result is not a set of screenshots');
          const change = { kind: 'screenshots' as const, ...result.data };
          return this.storeIn(p, payload.appId, new StoreLandingImages(p.runId, payload.appId, change, e.eventId));
        }
        case IMAGE_FROM_INPUTS: {
          const result = JOBS[IMAGE_FROM_INPUTS].result.safeParse(p.result);
          if (!result.success) return this.skip(p, 'its result is not a stored picture');
          const command = new StoreGeneratedMedia(p.runId, payload.appId, result.data, payload.prompt, e.eventId);
          return this.storeIn(p, payload.appId, command);
        }
        case BRAINSTORM: {
          const result = JOBS[BRAINSTORM].result.safeParse(p.result);
          if (!result.success) return this.skip(p, 'its result is not a list of ideas');
          await this.commands.execute(new StoreBrainstormIdeas(p.runId, payload.brainstormId, result.data, e.eventId));
          return;
        }
      }
    } catch (error) {
      // the app went away meanwhile: nothing to store it in (anything else is retried by the relay)
      if (error instanceof ApiError && error.status === 404) return this.skip(p, 'its app no longer exists');
      throw error;
    } finally {
      if (p.name === BUILD) await this.commands.execute(new ReleaseBuildSlot(p.runId));
    }
  }

  /**
   * Stores a run's results in its app through `command`, then tells the creator's tabs, with the
   * consistency token of the change (nothing when nothing was new).
   */
  private async storeIn(p: Completed, appId: string, command: object) {
    const { appended } = await this.commands.execute<object, Pick<StoredResult, 'appended'>>(command);
    const last = appended[appended.length - 1];
    if (!last?.transactionId) return;
    this.publisher.toOwner(p.owner.ownerId, SERVER_EVENTS.appUpdated, {
      appId,
      runId: p.runId,
      token: formatToken({ transactionId: last.transactionId, position: last.position }),
      at: new Date().toISOString(),
    });
  }

  private skip(p: { runId: string; name?: string }, why: string) {
    this.logger.warn(`Not storing the result of ${p.name} run ${p.runId}: ${why}`);
  }
}
