import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { StoresJobResult, type CompletedRun, type JobResultHandler, type Stored } from '../../../platform/jobs/job-result';
import { StoreLandingPageEdit } from '../commands/store-landing-page-edit.command';
import type { StoredResult } from '../infra/app-stream';

type Edit = 'creator-apps.edit-landing-page';

/** An AI edit of the landing page becomes the page's next version. */
@StoresJobResult('creator-apps.edit-landing-page')
@Injectable()
export class EditLandingPageResult implements JobResultHandler<Edit> {
  constructor(private readonly commands: CommandBus) {}

  async completed(run: CompletedRun<Edit>): Promise<Stored> {
    const appId = (await run.request())?.appId ?? '';
    return this.commands.execute<StoreLandingPageEdit, StoredResult>(
      new StoreLandingPageEdit(run.runId, appId, run.result, run.eventId),
    );
  }
}
