import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { MediaType } from '@sparkhouse/contracts';
import { ownerIdOf, type Principal } from '../../../platform/auth/principal';
import { unauthorized } from '../../../platform/http/errors';
import { JobRequests } from '../../../platform/jobs/job-requests';

/**
 * media/uploads, once a file is stored: its thumbnail or poster frame and decoder facts are read by the
 * media-reading job (creator-apps.read-upload), for the creator who uploaded it (pushes go to the app's room).
 */
export class RequestUploadReading {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly key: string,
    readonly type: MediaType,
  ) {}
}

@CommandHandler(RequestUploadReading)
export class RequestUploadReadingHandler implements ICommandHandler<RequestUploadReading, string> {
  constructor(
    private readonly orm: Database,
    private readonly jobs: JobRequests,
  ) {}

  execute({ principal, appId, key, type }: RequestUploadReading): Promise<string> {
    const ownerId = ownerIdOf(principal);
    if (!ownerId) throw unauthorized();
    // the request is the only write: one statement, no transaction around it
    return this.jobs.request(this.orm.em.fork(), 'creator-apps.read-upload', { ownerId, subjectId: appId }, { appId, key, type });
  }
}
