import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { PipelineCheckPayload } from '@sparkhouse/contracts';
import { isAdmin, ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { forbidden, unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';

/** Run a synthetic job through the whole pipeline, owned by the caller. */
export class StartPipelineCheck {
  constructor(
    readonly principal: Principal | null,
    readonly payload: PipelineCheckPayload,
  ) {}
}

@CommandHandler(StartPipelineCheck)
export class StartPipelineCheckHandler implements ICommandHandler<StartPipelineCheck, { runId: string }> {
  constructor(
    private readonly orm: MikroORM,
    private readonly jobs: JobRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, payload }: StartPipelineCheck) {
    const ownerId = ownerIdOf(principal);
    if (!ownerId) throw unauthorized();
    if (!isAdmin(principal) && !this.config.OPERATIONS_OPEN_PIPELINE_CHECKS) {
      throw forbidden('Only admins may run pipeline checks.');
    }
    const runId = await this.orm.em
      .fork()
      .transactional((tem) => this.jobs.request(tem, 'operations.pipeline-check', { ownerId }, payload));
    return { runId };
  }
}
