import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import { Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { appIdField, appMedia, describeIssue, MEDIA_PROCESSING, type MediaType, type UploadedMedia } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { ApiError, badRequest } from '../../../platform/http/errors';
import { UploadsInFlight } from '../../../platform/jobs/uploads-first';
import { FORMATS, originalKey } from '../../../platform/media/media-keys';
import { UPLOAD_TEMP_DIR } from '../../../platform/media/media.module';
import { readMediaFacts, UnreadableHeadersError, type MediaFacts } from '../../../platform/media/media-facts';
import { MediaUrls } from '../../../platform/media/media-urls';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import { receiveUpload, type ReceivedFile } from '../../../platform/media/upload-receiver';
import { DeleteAppMedia } from '../commands/delete-app-media.command';
import { RequestUploadReading } from '../commands/request-upload-reading.command';
import { SaveAppMedia } from '../commands/save-app-media.command';
import { UpdateAppMedia } from '../commands/update-app-media.command';
import type { MediaState } from '../domain/app-media';
import { AppMediaQueries } from '../queries/app-media.query';
import { CreatorAppsQueries, type AppRow } from '../queries/creator-apps.query';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;

const KIND: Record<MediaType, string> = { image: 'image', video: 'video', audio: 'audio file', pdf: 'PDF' };

/** The media library of spec 7 (App builder: media) and the uploads that fill it. */
@Controller()
export class AppMediaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly apps: CreatorAppsQueries,
    private readonly media: AppMediaQueries,
    private readonly urls: MediaUrls,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(UPLOAD_TEMP_DIR) private readonly tempDir: string,
    private readonly receiving: UploadsInFlight,
  ) {}

  @Endpoint(appMedia.uploadMedia)
  async upload(@Req() req: Request): Promise<UploadedMedia> {
    // the media-reading workers hold off while uploads are coming in (platform/jobs/uploads-first.ts)
    const received = this.receiving.begin();
    try {
      return await this.receive(req);
    } finally {
      received();
    }
  }

  private async receive(req: Request): Promise<UploadedMedia> {
    const who = principal();
    const { fileField, fields: fieldsSchema } = appMedia.uploadMedia.upload!;
    // the app is checked as soon as its id arrives: someone else's app ends the upload before the file is read
    let owned: Promise<AppRow> | null = null;
    const ownApp = (appId: string) => (owned ??= this.apps.ownAppRow(who, appId));
    const { fields, file } = await receiveUpload(req, {
      fileField,
      tempDir: this.tempDir,
      onField: async (name, value) => {
        const appId = appIdField.safeParse(value);
        if (name === 'appId' && appId.success) await ownApp(appId.data);
      },
    });
    let stored = false;
    try {
      const parsed = fieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          path: ['body', ...i.path].join('.'),
          message: describeIssue(i.path, i.message),
        }));
        throw badRequest(issues[0].message, issues);
      }
      const app = await ownApp((parsed.data as { appId: string }).appId);
      const answer = await this.store(app.app_id, file, await this.facts(file));
      stored = true;
      return answer;
    } finally {
      // storage took the temporary file; one refused or not stored is removed
      if (!stored) await fsp.rm(file.path, { force: true });
    }
  }

  /** What the file's own headers say (size, duration, tracks); headers that do not read as its format refuse it. */
  private async facts(file: ReceivedFile): Promise<MediaFacts> {
    try {
      return await readMediaFacts(file.path, file.format);
    } catch (err) {
      if (err instanceof UnreadableHeadersError) {
        throw badRequest(`The ${KIND[err.type]} could not be read: it may be damaged or incomplete.`);
      }
      throw err;
    }
  }

  /**
   * Stores the file and answers at once with what its headers say; its thumbnail or poster frame and
   * what only decoders tell are read by a job (`metadata.processing` is 'pending' until the library
   * item has them; the creator's socket hears the reading's end, pushed once it is stored).
   */
  private async store(appId: string, file: ReceivedFile, facts: MediaFacts): Promise<UploadedMedia> {
    const key = originalKey(appId, randomUUID(), facts.ext);
    const contentType = FORMATS[facts.ext].contentType;
    try {
      await this.storage.putFile(key, file.path, contentType);
    } catch {
      throw new ApiError(503, 'STORAGE_UNAVAILABLE', 'The file could not be stored just now. Try again in a moment.');
    }
    const reading = facts.type !== 'pdf';
    if (reading) await this.commands.execute(new RequestUploadReading(principal(), appId, key, facts.type));
    return {
      url: this.urls.sign(key),
      thumbnailUrl: null,
      type: facts.type,
      metadata: {
        fileName: file.fileName,
        size: file.size,
        mimeType: contentType,
        ...facts.metadata,
        ...(reading ? { processing: MEDIA_PROCESSING.pending } : {}),
      },
    };
  }

  @Endpoint(appMedia.getAppMedia)
  async getAppMedia(@Input() { query }: CallInput<typeof appMedia.getAppMedia>) {
    const app = await this.apps.ownAppRow(principal(), query.appId);
    return this.media.page(app.app_id, { limit: query.limit, cursor: query.cursorCreatedAt, types: query.onlyTypes });
  }

  @Endpoint(appMedia.saveAppMedia)
  async saveAppMedia(@Input() { body }: CallInput<typeof appMedia.saveAppMedia>) {
    return this.answer(await this.commands.execute(new SaveAppMedia(principal(), body)));
  }

  @Endpoint(appMedia.uploadUserMedia)
  async uploadUserMedia(@Input() { body }: CallInput<typeof appMedia.uploadUserMedia>) {
    return this.answer(await this.commands.execute(new SaveAppMedia(principal(), { ...body, metadata: {} })));
  }

  @Endpoint(appMedia.updateAppMedia)
  async updateAppMedia(@Input() { body }: CallInput<typeof appMedia.updateAppMedia>) {
    const { appId, url, ...changes } = body;
    return this.answer(await this.commands.execute(new UpdateAppMedia(principal(), appId, url, changes)));
  }

  @Endpoint(appMedia.deleteAppMedia)
  async deleteAppMedia(@Input() { body }: CallInput<typeof appMedia.deleteAppMedia>) {
    await this.commands.execute(new DeleteAppMedia(principal(), body.appId, body.mediaId));
    return { mediaId: body.mediaId, deleted: true as const };
  }

  private answer(state: MediaState) {
    return { media: this.media.viewOfState(state) };
  }
}
