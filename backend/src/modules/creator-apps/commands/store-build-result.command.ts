import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import {
  AppBuildResultStored,
  AppDetailsChanged,
  AppImageGenerated,
  type BuildAppResult,
  type NewEvent,
} from '@sparkhouse/contracts';
import { run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppState } from '../domain/app-state';
import { jobVersions } from '../domain/version-facts';
import { byJob, changeApp, type StoredResult } from '../infra/app-stream';

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

export function decide(
  state: AppState | null,
  { runId, appId, result }: Pick<StoreBuildResult, 'runId' | 'appId' | 'result'>,
): NewEvent[] {
  const app = existingApp(state);
  if (app.storedRuns.has(runId)) return [];
  const facts: NewEvent[] = [
    ...jobVersions(
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
  return facts;
}

@CommandHandler(StoreBuildResult)
export class StoreBuildResultHandler implements ICommandHandler<StoreBuildResult, StoredResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: StoreBuildResult): Promise<StoredResult> {
    const { runId, appId, causationId } = command;
    const { answer, appended } = await this.orm.em.fork().transactional(async (tem) => {
      await run(tem, 'delete from creator_build_slot where run_id = ?', [runId]);
      return changeApp(
        tem,
        this.events,
        appId,
        'system',
        (app) => ({ events: decide(app, command), answer: !app.storedRuns.has(command.runId) }),
        byJob(causationId),
      );
    });
    return { stored: answer, appended };
  }
}
