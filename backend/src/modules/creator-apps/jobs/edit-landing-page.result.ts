import { Injectable } from '@nestjs/common';
import { StoredByCommand, StoresJobResult, type CompletedRun } from '../../../platform/jobs/job-result';
import type { JobPayload } from '@sparkhouse/contracts';
import { StoreLandingPageEdit } from '../commands/store-landing-page-edit.command';

type Job = 'creator-apps.edit-landing-page';

/** An AI edit of the landing page becomes the page's next version. */
@StoresJobResult('creator-apps.edit-landing-page')
@Injectable()
export class EditLandingPageResult extends StoredByCommand<Job> {
  protected command(run: CompletedRun<Job>, request: JobPayload<Job> | null) {
    return new StoreLandingPageEdit(run.runId, request?.appId ?? '', run.result, run.eventId);
  }
}
