import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config/config';
import { parseMediaKey } from '../media-keys';
import type { ByteRange, MediaStorage, StoredObject } from './media-storage';

/** spec 9: cloud SDK retries 3. */
const ATTEMPTS = 3;

type S3Settings = Pick<
  AppConfig,
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_KEY_PREFIX'
>;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/**
 * Uploaded media in an S3 bucket (AWS or any S3-compatible server), through the official AWS SDK v3
 * client. Files still reach browsers through the API's signed URLs, which read them from the bucket as
 * streams, so the bucket can stay private.
 */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix = '',
  ) {}

  static fromConfig(c: S3Settings): S3Storage {
    const client = new S3Client({
      region: c.S3_REGION,
      ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
      forcePathStyle: c.S3_FORCE_PATH_STYLE,
      ...(c.S3_ACCESS_KEY_ID
        ? { credentials: { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } }
        : {}),
      maxAttempts: ATTEMPTS,
      // checksums only where S3 requires them: S3-compatible servers often reject the newer trailing ones
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3Storage(client, c.S3_BUCKET, c.S3_KEY_PREFIX);
  }

  private objectKey(key: string): string {
    if (!parseMediaKey(key)) throw new Error(`not a media key: ${key}`);
    return this.prefix + key;
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(path);
    // a stream can be sent once: each attempt opens the file again
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.objectKey(key),
            Body: fs.createReadStream(path),
            ContentLength: size,
            ContentType: contentType,
          }),
        );
        break;
      } catch (err) {
        if (attempt >= ATTEMPTS) throw err;
      }
    }
    await fsp.rm(path, { force: true });
  }

  async stat(key: string): Promise<StoredObject | null> {
    const parsed = parseMediaKey(key);
    if (!parsed) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: Number(head.ContentLength ?? 0), contentType: parsed.contentType };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!parseMediaKey(key)) return null;
    try {
      const got = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return (got.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      if (!parseMediaKey(key)) continue;
      try {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
  }
}
