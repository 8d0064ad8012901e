import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { LandingPageEditRequested, LandingPageSchema, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { conflict, unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';
import { existingApp, type AppState } from '../domain/app-state';
import { presentLandingPage } from '../domain/landing-page';
import { changeApp } from '../infra/app-stream';

/** Apply an instruction to the app's current landing page ('creator-apps.edit-landing-page'). */
export class RequestLandingPageEdit {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly instruction: string,
  ) {}
}

/** What the edit job is given: the current landing page (409 when the app has none yet) and the app's idea. */
export function editInputs(app: AppState) {
  const h = app.histories['landing-page'].versions;
  const page = presentLandingPage(h[h.length - 1]?.content as { status?: string } | undefined);
  const parsed = LandingPageSchema.safeParse(page);
  if (!page || !parsed.success) throw conflict('This app has no landing page yet: build the app or save a landing page first.');
  return { landingPage: parsed.data, appIdea: app.appIdea ?? (app.prompt || undefined) };
}

export function decide(
  state: AppState | null,
  { appId, instruction }: Pick<RequestLandingPageEdit, 'appId' | 'instruction'>,
  runId: string,
): NewEvent[] {
  editInputs(existingApp(state));
  return [{ type: LandingPageEditRequested.type, payload: { appId, runId, instruction } }];
}

@CommandHandler(RequestLandingPageEdit)
export class RequestLandingPageEditHandler implements ICommandHandler<RequestLandingPageEdit, { appId: string; runId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly jobs: JobRequests,
  ) {}

  async execute(command: RequestLandingPageEdit) {
    const { principal, appId, instruction } = command;
    if (principal?.kind !== 'user') throw unauthorized();
    const runId = randomUUID();
    await this.orm.em.fork().transactional(async (tem) => {
      const { answer } = await changeApp(tem, this.events, appId, principal, (app) => ({
        events: decide(app, command, runId),
        answer: editInputs(app),
      }));
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
