import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { PipelineCheckPayload } from '@sparkhouse/contracts';
import { canOperate, ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { badRequest, forbidden, unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';
import { OperationsDirectory } from '../../identity';

/** Run a synthetic job through the whole pipeline, owned by the caller. */
export class StartPipelineCheck {
  constructor(
    readonly principal: Principal | null,
    readonly payload: Omit<PipelineCheckPayload, 'userId'> & { forEmail?: string },
  ) {}
}

@CommandHandler(StartPipelineCheck)
export class StartPipelineCheckHandler implements ICommandHandler<StartPipelineCheck, { runId: string }> {
  constructor(
    private readonly orm: Database,
    private readonly jobs: JobRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly directory: OperationsDirectory,
  ) {}

  async execute({ principal, payload: { forEmail, ...payload } }: StartPipelineCheck) {
    const ownerId = ownerIdOf(principal);
    if (!ownerId) throw unauthorized();
    if (!canOperate(principal) && !this.config.OPERATIONS_OPEN_PIPELINE_CHECKS) {
      if (principal?.kind !== 'user') throw unauthorized('Sign in as an admin or operator to run pipeline checks.');
      throw forbidden('Only admins and operators may run pipeline checks.');
    }
    let userId: string | undefined;
    if (forEmail) {
      userId = (await this.directory.userIdByEmail(forEmail)) ?? undefined;
      if (!userId)
        throw badRequest('No account has that email.', [{ path: 'body.forEmail', message: 'no account has that email' }]);
    }
    // the request is the only write: one statement, no transaction around it
    const runId = await this.jobs.request(
      this.orm.em.fork(),
      'operations.pipeline-check',
      { ownerId },
      { ...payload, ...(userId ? { userId } : {}) },
    );
    return { runId };
  }
}
