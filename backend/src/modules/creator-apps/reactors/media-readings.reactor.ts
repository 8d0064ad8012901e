import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { isEventOf, JOBS, MEDIA_PROCESSING, SERVER_EVENTS, type DomainEvent, type PayloadOf } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { formatToken } from '../../../platform/events/log-position';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { jobStreamId } from '../../../platform/jobs/job-requests';
import { parseMediaKey, thumbnailKeyOf } from '../../../platform/media/media-keys';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import { RealtimePublisher } from '../../../platform/realtime/realtime-publisher';
import { RecordUploadReading } from '../commands/record-upload-reading.command';

const READ_UPLOAD = 'creator-apps.read-upload';

/**
 * Puts what the media-reading job read of an upload on its library item (or keeps it for the item's
 * save), marks the item failed with the reason when the file could not be read, and tells the
 * creator's tabs (`media:read`, with the consistency token of the change so their refetch shows it).
 * A thumbnail made for a file removed meanwhile is deleted. Delivered at least once: a reading is
 * recorded once per file.
 */
@Subscribes()
@Injectable()
export class MediaReadingsReactor implements Reactor<'JobCompleted' | 'JobFailed'> {
  readonly kind = 'reactor';
  readonly name = 'creator-apps.media-readings';
  readonly handles: ('JobCompleted' | 'JobFailed')[] = ['JobCompleted', 'JobFailed'];
  private readonly logger = new Logger('MediaReadings');

  constructor(
    private readonly commands: CommandBus,
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly publisher: RealtimePublisher,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  accepts(e: DomainEvent<'JobCompleted' | 'JobFailed'>) {
    return e.payload.name === READ_UPLOAD;
  }

  async handle(events: DomainEvent<'JobCompleted' | 'JobFailed'>[]): Promise<void> {
    for (const e of events) {
      if (e.payload.name !== READ_UPLOAD) continue;
      if (e.type === 'JobCompleted') await this.completed(e.payload);
      else await this.failed(e.payload);
    }
  }

  private async completed(p: PayloadOf<'JobCompleted'>) {
    const result = JOBS[READ_UPLOAD].result.safeParse(p.result);
    if (!result.success) {
      this.logger.warn({ runId: p.runId }, 'a media reading finished with a result that does not match its schema');
      return;
    }
    const { key, metadata, thumbnailKey } = result.data;
    await this.record(p.owner.ownerId, key, {
      metadata: { ...metadata, processing: MEDIA_PROCESSING.done },
      thumbnailKey,
    });
  }

  private async failed(p: PayloadOf<'JobFailed'>) {
    const [requested] = await this.events.readStream(this.orm.em.fork(), jobStreamId(p.runId), { limit: 1 });
    if (!requested || !isEventOf(requested, 'JobRequested')) return;
    const payload = JOBS[READ_UPLOAD].payload.safeParse(requested.payload.payload);
    if (!payload.success) return;
    await this.record(p.owner.ownerId, payload.data.key, {
      metadata: { processing: MEDIA_PROCESSING.failed, processingError: p.reason },
      thumbnailKey: null,
    });
  }

  private async record(
    ownerId: string,
    key: string,
    reading: { metadata: Record<string, unknown>; thumbnailKey: string | null },
  ) {
    const { mediaId, appended, removed } = await this.commands.execute(new RecordUploadReading(key, reading));
    if (removed && reading.thumbnailKey) await this.storage.delete([thumbnailKeyOf(key)]);
    const last = appended[appended.length - 1];
    if (!last?.transactionId) return;
    this.publisher.toOwner(ownerId, SERVER_EVENTS.mediaRead, {
      appId: parseMediaKey(key)!.appId,
      mediaId,
      state: reading.metadata.processing === MEDIA_PROCESSING.failed ? 'failed' : 'done',
      token: formatToken({ transactionId: last.transactionId, position: last.position }),
      at: new Date().toISOString(),
    });
  }
}
