import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { StoresJobResult, type CompletedRun, type JobResultHandler, type Stored } from '../../../platform/jobs/job-result';
import { StoreLandingImages } from '../commands/store-landing-images.command';
import type { StoredResult } from '../infra/app-stream';

type Screenshots = 'creator-apps.ai-screenshots';

/** New store screenshots go into the landing page (a new version; once per run). */
@StoresJobResult('creator-apps.ai-screenshots')
@Injectable()
export class AiScreenshotsResult implements JobResultHandler<Screenshots> {
  constructor(private readonly commands: CommandBus) {}

  async completed(run: CompletedRun<Screenshots>): Promise<Stored> {
    const appId = (await run.request())?.appId ?? '';
    return this.commands.execute<StoreLandingImages, StoredResult>(
      new StoreLandingImages(run.runId, appId, { kind: 'screenshots', ...run.result }, run.eventId),
    );
  }
}
