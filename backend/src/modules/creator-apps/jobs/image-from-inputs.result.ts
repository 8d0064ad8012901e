import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { StoredEvent } from '@sparkhouse/contracts';
import { StoresJobResult, type CompletedRun, type JobResultHandler, type Stored } from '../../../platform/jobs/job-result';
import { StoreGeneratedMedia } from '../commands/store-generated-media.command';

type ImageFromInputs = 'creator-apps.image-from-inputs';

/** A picture made from library files is added to the library, with the creator's prompt (once per run). */
@StoresJobResult('creator-apps.image-from-inputs')
@Injectable()
export class ImageFromInputsResult implements JobResultHandler<ImageFromInputs> {
  constructor(private readonly commands: CommandBus) {}

  async completed(run: CompletedRun<ImageFromInputs>): Promise<Stored> {
    const asked = await run.request();
    return this.commands.execute<StoreGeneratedMedia, { appended: StoredEvent[] }>(
      new StoreGeneratedMedia(run.runId, asked?.appId ?? '', run.result, asked?.prompt ?? '', run.eventId),
    );
  }
}
