import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { EditLandingPageResult, NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppState } from '../domain/app-state';
import { jobVersions } from '../domain/version-facts';
import { byJob, changeApp, type StoredResult } from '../infra/app-stream';

/** Store an AI edit of the landing page as a new version (once per run). */
export class StoreLandingPageEdit {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly result: EditLandingPageResult,
    readonly causationId: string,
  ) {}
}

export function decide(state: AppState | null, { runId, result }: Pick<StoreLandingPageEdit, 'runId' | 'result'>): NewEvent[] {
  const app = existingApp(state);
  if (app.storedRuns.has(runId)) return [];
  return jobVersions(app, runId, [['landing-page', { ...result.landingPage, status: 'ready' }]], 'ai-edit');
}

@CommandHandler(StoreLandingPageEdit)
export class StoreLandingPageEditHandler implements ICommandHandler<StoreLandingPageEdit, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: StoreLandingPageEdit): Promise<StoredResult> {
    const { appId, causationId } = command;
    const { answer, appended } = await this.orm.em
      .fork()
      .transactional((tem) =>
        changeApp(
          tem,
          this.events,
          appId,
          'system',
          (app) => ({ events: decide(app, command), answer: !app.storedRuns.has(command.runId) }),
          byJob(causationId),
        ),
      );
    return { stored: answer, appended };
  }
}
