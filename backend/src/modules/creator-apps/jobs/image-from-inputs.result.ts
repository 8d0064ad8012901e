import { Injectable } from '@nestjs/common';
import { StoredByCommand, StoresJobResult, type CompletedRun } from '../../../platform/jobs/job-result';
import type { JobPayload } from '@sparkhouse/contracts';
import { StoreGeneratedMedia } from '../commands/store-generated-media.command';

type Job = 'creator-apps.image-from-inputs';

/** A picture made from library files is added to the library, with the creator's prompt (once per run). */
@StoresJobResult('creator-apps.image-from-inputs')
@Injectable()
export class ImageFromInputsResult extends StoredByCommand<Job> {
  protected command(run: CompletedRun<Job>, request: JobPayload<Job> | null) {
    return new StoreGeneratedMedia(run.runId, request?.appId ?? '', run.result, request?.prompt ?? '', run.eventId);
  }
}
