import path from 'node:path';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { MediaUrls } from './media-urls';
import { LocalDiskStorage } from './storage/local-disk-storage';
import { MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';

/** Where uploads are spooled while they arrive: beside the local files, so storing one is a rename. */
export const UPLOAD_TEMP_DIR = Symbol('UPLOAD_TEMP_DIR');

/**
 * Media storage as a platform part: S3-compatible object storage when S3_BUCKET is set, else local
 * disk under MEDIA_DIR (the embedded default); signed URLs. (Reading what an upload is happens in the
 * worker's media-reading job, workers/src/processors/creator/read-upload.processor.ts.)
 */
@Module({
  providers: [
    {
      provide: MEDIA_STORAGE,
      inject: [APP_CONFIG],
      // the AWS SDK is loaded only when S3 is configured (a few MiB of every API process otherwise)
      useFactory: async (c: AppConfig): Promise<MediaStorage> =>
        c.S3_BUCKET ? (await import('./storage/s3-storage')).S3Storage.fromConfig(c) : new LocalDiskStorage(c.MEDIA_DIR),
    },
    { provide: UPLOAD_TEMP_DIR, inject: [APP_CONFIG], useFactory: (c: AppConfig) => path.join(c.MEDIA_DIR, 'uploading') },
    MediaUrls,
  ],
  exports: [MEDIA_STORAGE, MediaUrls, UPLOAD_TEMP_DIR],
})
export class MediaModule {}
