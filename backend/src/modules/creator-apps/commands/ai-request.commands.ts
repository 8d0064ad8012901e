import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import {
  AppBuildRequested,
  AppDetailsChanged,
  BrainstormRequested,
  errorCodes,
  LandingPageEditRequested,
  LandingPageSchema,
  type NewEvent,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { rows, run } from '../../../platform/database/sql';
import { EventStore } from '../../../platform/events/event-store';
import { ApiError, conflict, unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';
import { brainstormStreamId } from '../domain/app-state';
import { presentLandingPage } from '../domain/landing-page';
import { provisionalAppName } from '../domain/slugs';
import { createAppIn } from './app-identity';
import { changeApp } from './command-support';

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

@CommandHandler(RequestAppBuild)
export class RequestAppBuildHandler implements ICommandHandler<RequestAppBuild, { appId: string; runId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly jobs: JobRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, input }: RequestAppBuild) {
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
      const { answer } = await changeApp(tem, this.events, appId, principal, (app) => {
        // the stored app idea (spec 3) steers the build when this request brings none
        const appIdea = input.appIdea ?? app.appIdea ?? null;
        // a new app idea given with the request is kept as the app's idea
        const keepIdea: NewEvent[] =
          input.appIdea && input.appIdea !== app.appIdea
            ? [{ type: AppDetailsChanged.type, payload: { appId, appIdea: input.appIdea } }]
            : [];
        return {
          events: [...keepIdea, { type: AppBuildRequested.type, payload: { appId, runId, prompt: input.prompt, appIdea } }],
          answer: { appIdea, appName: app.autoNamed ? undefined : app.name },
        };
      });
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

/** Brainstorm app ideas from a prompt ('creator-apps.brainstorm'). */
export class RequestBrainstorm {
  constructor(
    readonly principal: Principal | null,
    readonly prompt: string,
  ) {}
}

@CommandHandler(RequestBrainstorm)
export class RequestBrainstormHandler implements ICommandHandler<RequestBrainstorm, { brainstormId: string; runId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly jobs: JobRequests,
  ) {}

  async execute({ principal, prompt }: RequestBrainstorm) {
    if (principal?.kind !== 'user') throw unauthorized();
    const brainstormId = randomUUID();
    const runId = randomUUID();
    await this.orm.em.fork().transactional(async (tem) => {
      await this.jobs.request(tem, 'creator-apps.brainstorm', { ownerId: principal.id }, { brainstormId, prompt }, runId);
      await this.events.append(
        tem,
        brainstormStreamId(brainstormId),
        [{ type: BrainstormRequested.type, payload: { brainstormId, ownerId: principal.id, prompt, runId } }],
        { expectedVersion: 0 },
      );
    });
    return { brainstormId, runId };
  }
}

/** Apply an instruction to the app's current landing page ('creator-apps.edit-landing-page'). */
export class RequestLandingPageEdit {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly instruction: string,
  ) {}
}

@CommandHandler(RequestLandingPageEdit)
export class RequestLandingPageEditHandler implements ICommandHandler<RequestLandingPageEdit, { appId: string; runId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly jobs: JobRequests,
  ) {}

  async execute({ principal, appId, instruction }: RequestLandingPageEdit) {
    if (principal?.kind !== 'user') throw unauthorized();
    const runId = randomUUID();
    await this.orm.em.fork().transactional(async (tem) => {
      const { answer } = await changeApp(tem, this.events, appId, principal, (app) => {
        const h = app.histories['landing-page'].versions;
        const page = presentLandingPage(h[h.length - 1]?.content as { status?: string } | undefined);
        const parsed = LandingPageSchema.safeParse(page);
        if (!page || !parsed.success)
          throw conflict('This app has no landing page yet: build the app or save a landing page first.');
        return {
          events: [{ type: LandingPageEditRequested.type, payload: { appId, runId, instruction } }],
          answer: { landingPage: parsed.data, appIdea: app.appIdea ?? (app.prompt || undefined) },
        };
      });
      await this.jobs.request(
        tem,
        'creator-apps.edit-landing-page',
        { ownerId: principal.id, subjectId: appId },
        { appId, instruction, landingPage: answer.landingPage, ...(answer.appIdea ? { appIdea: answer.appIdea } : {}) },
        runId,
      );
    });
    return { appId, runId };
  }
}
