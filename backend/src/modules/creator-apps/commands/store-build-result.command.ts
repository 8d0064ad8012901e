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
import { appStreamId, existingApp, type AppState } from '../domain/app-state';
import { moveApp } from '../domain/addresses';
import { claimAppSlug } from '../infra/app-identity';
import { jobVersions } from '../domain/version-facts';
import { appModel, byJob, changeApp, type StoredResult } from '../infra/app-stream';

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

/** `newSlug`: the slug claimed for the blueprint's name, when the app takes it (the app moves there). */
export function decide(
  state: AppState | null,
  { runId, appId, result }: Pick<StoreBuildResult, 'runId' | 'appId' | 'result'>,
  newSlug?: string,
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
  if (takesBlueprintName(app, result)) {
    facts.push({ type: AppDetailsChanged.type, payload: { appId, name: result.blueprint.name } });
    // nothing is filed under its key yet (no plans, no members) unless it was published: the key moves too
    if (newSlug) facts.push(...moveApp(app, { ...app.address, appSlug: newSlug }, app.published === null));
  }
  facts.push({ type: AppBuildResultStored.type, payload: { appId, runId, generatedBy: result.generatedBy } });
  return facts;
}

/** The app still has its provisional name (the prompt's first words): the build names it. */
const takesBlueprintName = (app: AppState, result: BuildAppResult) => app.autoNamed && result.blueprint.name !== app.name;

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
      // the app's address follows the name the build gives it (before anyone was sent the prompt's words)
      const { state: now } = await this.events.load(tem, appStreamId(appId), appModel);
      const newSlug =
        now && !now.storedRuns.has(runId) && takesBlueprintName(now, command.result)
          ? await claimAppSlug(tem, now.address.storefrontSlug, command.result.blueprint.name, appId)
          : undefined;
      return changeApp(
        tem,
        this.events,
        appId,
        'system',
        (app) => ({ events: decide(app, command, newSlug), answer: !app.storedRuns.has(command.runId) }),
        byJob(causationId),
      );
    });
    return { stored: answer, appended };
  }
}
