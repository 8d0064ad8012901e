import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppBuildResultRejected, type NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppState } from '../domain/app-state';
import { byJob, changeApp } from '../infra/app-stream';

/** A build's result could not be stored: record why, so the dashboard shows it failed (once per run). */
export class RejectBuildResult {
  constructor(
    readonly runId: string,
    readonly appId: string,
    readonly reason: string,
    readonly causationId: string,
  ) {}
}

export function decide(
  state: AppState | null,
  { runId, appId, reason }: Pick<RejectBuildResult, 'runId' | 'appId' | 'reason'>,
): NewEvent[] {
  return existingApp(state).storedRuns.has(runId)
    ? []
    : [{ type: AppBuildResultRejected.type, payload: { appId, runId, reason } }];
}

@CommandHandler(RejectBuildResult)
export class RejectBuildResultHandler implements ICommandHandler<RejectBuildResult, void> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: RejectBuildResult) {
    await this.orm.em
      .fork()
      .transactional((tem) =>
        changeApp(
          tem,
          this.events,
          command.appId,
          'system',
          (app) => ({ events: decide(app, command), answer: null }),
          byJob(command.causationId),
        ),
      );
  }
}
