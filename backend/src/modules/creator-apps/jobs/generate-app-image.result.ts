import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { StoresJobResult, type CompletedRun, type JobResultHandler, type Stored } from '../../../platform/jobs/job-result';
import { StoreGeneratedAppImage } from '../commands/store-generated-app-image.command';
import type { StoredResult } from '../infra/app-stream';

type AppImage = 'creator-apps.generate-app-image';

/** A new app image becomes the app's image (the HTTP call that waited for it may have stored it already: once per run). */
@StoresJobResult('creator-apps.generate-app-image')
@Injectable()
export class GenerateAppImageResult implements JobResultHandler<AppImage> {
  constructor(private readonly commands: CommandBus) {}

  async completed(run: CompletedRun<AppImage>): Promise<Stored> {
    const appId = (await run.request())?.appId ?? '';
    return this.commands.execute<StoreGeneratedAppImage, StoredResult>(
      new StoreGeneratedAppImage(run.runId, appId, run.result, run.eventId),
    );
  }
}
