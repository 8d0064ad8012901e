import { Injectable } from '@nestjs/common';
import { StoredByCommand, StoresJobResult, type CompletedRun } from '../../../platform/jobs/job-result';
import type { JobPayload } from '@sparkhouse/contracts';
import { StoreLandingImages } from '../commands/store-landing-images.command';

type Job = 'creator-apps.landing-page-image';

/** A new hero or section picture goes into the landing page (a new version; once per run). */
@StoresJobResult('creator-apps.landing-page-image')
@Injectable()
export class LandingPageImageResult extends StoredByCommand<Job> {
  protected command(run: CompletedRun<Job>, request: JobPayload<Job> | null) {
    return new StoreLandingImages(run.runId, request?.appId ?? '', { kind: 'image', ...run.result }, run.eventId);
  }
}
