import { Injectable } from '@nestjs/common';
import { StoredByCommand, StoresJobResult, type CompletedRun } from '../../../platform/jobs/job-result';
import type { JobPayload } from '@sparkhouse/contracts';
import { StoreLandingImages } from '../commands/store-landing-images.command';

type Job = 'creator-apps.ai-screenshots';

/** New store screenshots go into the landing page (a new version; once per run). */
@StoresJobResult('creator-apps.ai-screenshots')
@Injectable()
export class AiScreenshotsResult extends StoredByCommand<Job> {
  protected command(run: CompletedRun<Job>, request: JobPayload<Job> | null) {
    return new StoreLandingImages(run.runId, request?.appId ?? '', { kind: 'screenshots', ...run.result }, run.eventId);
  }
}
