import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MEDIA_PROCESSING, type StoredEvent } from '@sparkhouse/contracts';
import {
  StoresJobResult,
  type CompletedRun,
  type EndedRun,
  type JobResultHandler,
  type Stored,
} from '../../../platform/jobs/job-result';
import { thumbnailKeyOf } from '../../../platform/media/media-keys';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import { RecordUploadReading } from '../commands/record-upload-reading.command';

type ReadUpload = 'creator-apps.read-upload';
type Reading = { metadata: Record<string, unknown>; thumbnailKey: string | null };

/**
 * What the media-reading job read of an upload goes on its library item (or is kept for the item's
 * save); a file that could not be read is marked failed with the reason. A thumbnail made for a file
 * removed meanwhile is deleted. A reading is recorded once per file.
 */
@StoresJobResult('creator-apps.read-upload')
@Injectable()
export class ReadUploadResult implements JobResultHandler<ReadUpload> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  completed({ result: { key, metadata, thumbnailKey } }: CompletedRun<ReadUpload>): Promise<Stored> {
    return this.record(key, { metadata: { ...metadata, processing: MEDIA_PROCESSING.done }, thumbnailKey });
  }

  async ended(run: EndedRun<ReadUpload>): Promise<Stored> {
    if (run.outcome !== 'failed') return;
    const asked = await run.request();
    if (!asked) return;
    return this.record(asked.key, {
      metadata: { processing: MEDIA_PROCESSING.failed, processingError: run.reason },
      thumbnailKey: null,
    });
  }

  private async record(key: string, reading: Reading): Promise<Stored> {
    const { appended, removed } = await this.commands.execute<RecordUploadReading, { appended: StoredEvent[]; removed: boolean }>(
      new RecordUploadReading(key, reading),
    );
    if (removed && reading.thumbnailKey) await this.storage.delete([thumbnailKeyOf(key)]);
    return { appended };
  }
}
