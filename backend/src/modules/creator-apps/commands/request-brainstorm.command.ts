import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { BrainstormRequested } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';
import { brainstormStreamId } from '../domain/app-state';

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
