import { Injectable } from '@nestjs/common';
import { StoredByCommand, StoresJobResult, type CompletedRun } from '../../../platform/jobs/job-result';
import type { JobPayload } from '@sparkhouse/contracts';
import { StoreGeneratedAppImage } from '../commands/store-generated-app-image.command';

type Job = 'creator-apps.generate-app-image';

/** A new app image becomes the app's image (the HTTP call that waited for it may have stored it already: once per run). */
@StoresJobResult('creator-apps.generate-app-image')
@Injectable()
export class GenerateAppImageResult extends StoredByCommand<Job> {
  protected command(run: CompletedRun<Job>, request: JobPayload<Job> | null) {
    return new StoreGeneratedAppImage(run.runId, request?.appId ?? '', run.result, run.eventId);
  }
}
