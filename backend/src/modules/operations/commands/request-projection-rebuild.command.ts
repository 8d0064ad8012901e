import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { randomUUID } from 'node:crypto';
import { ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { rows } from '../../../platform/database/sql';
import { SubscriberRegistry } from '../../../platform/events/subscriber-registry';
import { conflict, notFound, unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';

/**
 * Ask for a projection rebuild: a job (operations.rebuild-projection) that a worker runs with the
 * same Rebuilder as `npm run replay`. One at a time per projection: the claim is the projection's
 * projection_rebuild row, taken unless a live rebuild holds it (a rebuild silent for a minute is dead).
 */
export class RequestProjectionRebuild {
  constructor(
    readonly principal: Principal | null,
    readonly name: string,
  ) {}
}

@CommandHandler(RequestProjectionRebuild)
export class RequestProjectionRebuildHandler implements ICommandHandler<
  RequestProjectionRebuild,
  { runId: string; projection: string }
> {
  constructor(
    private readonly orm: Database,
    private readonly registry: SubscriberRegistry,
    private readonly jobs: JobRequests,
  ) {}

  async execute({ principal, name }: RequestProjectionRebuild): Promise<{ runId: string; projection: string }> {
    const ownerId = ownerIdOf(principal);
    if (!ownerId) throw unauthorized();
    if (!this.registry.projections().some((p) => p.name === name)) throw notFound(`No projection named ${name}.`);
    const runId = randomUUID();
    await this.orm.em.fork().transactional(async (tem) => {
      const claimed = await rows(
        tem,
        `insert into projection_rebuild (projection, run_id, status, phase, events_replayed, events_total, started_at, updated_at)
         values (?, ?, 'running', 'copying', 0, 0, now(), now())
         on conflict (projection) do update set run_id = excluded.run_id, status = 'running', phase = 'copying',
           events_replayed = 0, events_total = 0, rate = 0, eta_ms = null, started_at = now(), finished_at = null,
           error = null, updated_at = now()
         where projection_rebuild.status <> 'running' or projection_rebuild.updated_at < now() - interval '1 minute'
         returning projection`,
        [name, runId],
      );
      if (claimed.length === 0) throw conflict(`${name} is being rebuilt already.`);
      await this.jobs.request(tem, 'operations.rebuild-projection', { ownerId }, { projection: name }, runId);
    });
    return { runId, projection: name };
  }
}
