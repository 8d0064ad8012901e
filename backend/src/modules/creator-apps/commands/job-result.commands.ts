import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  AppBuildResultRejected,
  AppBuildResultStored,
  AppDetailsChanged,
  AppImageGenerated,
  BrainstormIdeasStored,
  BrainstormRequested,
  type AppDocument,
  type BrainstormResult,
  type BuildAppResult,
  type EditLandingPageResult,
  type EventMetadata,
  type NewEvent,
} from '@sparkhouse/contracts';
import { run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { brainstormStreamId, type AppState, type Json } from '../domain/app-state';
import { appendVersion } from '../domain/document-versions';
import { changeApp } from './command-support';
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
export class StoreBuildResultHandler implements ICommandHandler<StoreBuildResult, { stored: boolean }> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, result, causationId }: StoreBuildResult) {
    const { answer } = await this.orm.em.fork().transactional(async (tem) => {
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
    return { stored: answer };
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
export class StoreLandingPageEditHandler implements ICommandHandler<StoreLandingPageEdit, { stored: boolean }> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventStore,
  ) {}

  async execute({ runId, appId, result, causationId }: StoreLandingPageEdit) {
    const { answer } = await this.orm.em.fork().transactional((tem) =>
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
    return { stored: answer };
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
    private readonly orm: MikroORM,
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
    private readonly orm: MikroORM,
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
  constructor(private readonly orm: MikroORM) {}

  async execute({ runId }: ReleaseBuildSlot) {
    await run(this.orm.em.fork(), 'delete from creator_build_slot where run_id = ?', [runId]);
  }
}
