import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { StoresJobResult, type CompletedRun, type JobResultHandler, type Stored } from '../../../platform/jobs/job-result';
import { StoreLandingImages } from '../commands/store-landing-images.command';
import type { StoredResult } from '../infra/app-stream';

type LandingImage = 'creator-apps.landing-page-image';

/** A new hero or section picture goes into the landing page (a new version; once per run). */
@StoresJobResult('creator-apps.landing-page-image')
@Injectable()
export class LandingPageImageResult implements JobResultHandler<LandingImage> {
  constructor(private readonly commands: CommandBus) {}

  async completed(run: CompletedRun<LandingImage>): Promise<Stored> {
    const appId = (await run.request())?.appId ?? '';
    return this.commands.execute<StoreLandingImages, StoredResult>(
      new StoreLandingImages(run.runId, appId, { kind: 'image', ...run.result }, run.eventId),
    );
  }
}
