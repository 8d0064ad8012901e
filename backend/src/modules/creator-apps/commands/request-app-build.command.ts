import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppBuildRequested, AppDetailsChanged, errorCodes, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { rows, run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { ApiError, unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';
import { existingApp, type AppState } from '../domain/app-state';
import { provisionalAppName } from '../domain/slugs';
import { createAppIn } from '../infra/app-identity';
import { changeApp } from '../infra/app-stream';

export const tooManyBuilds = (limit: number) =>
  new ApiError(
    429,
    errorCodes.tooManyRequests,
    `You already have ${limit} ${limit === 1 ? 'app' : 'apps'} building. Wait for one to finish (or cancel one) before starting another.`,
  );

/**
 * Build an app from a prompt: creates the app unless an app of the caller's is named, and asks for the
 * 'creator-apps.build-app' job in the same transaction. At most CREATOR_MAX_BUILDS_IN_FLIGHT builds
 * per creator are in flight: a slot is taken here and given back when the run ends.
 */
export class RequestAppBuild {
  constructor(
    readonly principal: Principal | null,
    readonly input: { prompt: string; appIdea?: string; appId?: string; name?: string },
  ) {}
}

/** What the build job is told of the app: the idea that steers it and the name it keeps (a provisional one it may replace). */
export function buildInputs(app: AppState, { input }: Pick<RequestAppBuild, 'input'>) {
  // the stored app idea (spec 3) steers the build when this request brings none
  return { appIdea: input.appIdea ?? app.appIdea ?? null, appName: app.autoNamed ? undefined : app.name };
}

/** The build is asked for under a run id; a new app idea given with the request is kept as the app's idea. */
export function decide(state: AppState | null, { input }: Pick<RequestAppBuild, 'input'>, runId: string): NewEvent[] {
  const app = existingApp(state);
  const { appId } = app;
  const keepIdea: NewEvent[] =
    input.appIdea && input.appIdea !== app.appIdea
      ? [{ type: AppDetailsChanged.type, payload: { appId, appIdea: input.appIdea } }]
      : [];
  const { appIdea } = buildInputs(app, { input });
  return [...keepIdea, { type: AppBuildRequested.type, payload: { appId, runId, prompt: input.prompt, appIdea } }];
}

@CommandHandler(RequestAppBuild)
export class RequestAppBuildHandler implements ICommandHandler<RequestAppBuild, { appId: string; runId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly jobs: JobRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: RequestAppBuild) {
    const { principal, input } = command;
    if (principal?.kind !== 'user') throw unauthorized();
    const limit = this.config.CREATOR_MAX_BUILDS_IN_FLIGHT;
    return this.orm.em.fork().transactional(async (tem) => {
      // one creator's requests queue up here, so two of them cannot both take the last slot
      await run(tem, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`creator-build:${principal.id}`]);
      const [{ n }] = await rows<{ n: number }>(tem, 'select count(*)::int as n from creator_build_slot where owner_id = ?', [
        principal.id,
      ]);
      if (n >= limit) throw tooManyBuilds(limit);

      const appId =
        input.appId ??
        (
          await createAppIn(tem, this.events, principal, {
            name: input.name ?? provisionalAppName(input.prompt),
            prompt: input.prompt,
            isIdea: false,
            appIdea: input.appIdea ?? null,
          })
        ).appId;
      const runId = randomUUID();
      await run(tem, 'insert into creator_build_slot (run_id, owner_id, app_id) values (?, ?, ?)', [runId, principal.id, appId]);
      const { answer } = await changeApp(tem, this.events, appId, principal, (app) => ({
        events: decide(app, command, runId),
        answer: buildInputs(app, command),
      }));
      // JobRequested last: the dispatcher enqueues it once all of the above has committed
      await this.jobs.request(
        tem,
        'creator-apps.build-app',
        { ownerId: principal.id, subjectId: appId },
        {
          appId,
          prompt: input.prompt,
          ...(answer.appIdea ? { appIdea: answer.appIdea } : {}),
          ...(answer.appName ? { appName: answer.appName } : {}),
        },
        runId,
      );
      return { appId, runId };
    });
  }
}
