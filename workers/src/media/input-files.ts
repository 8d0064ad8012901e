import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig, MediaStorage } from '@sparkhouse/backend';
import type { UploadInput } from '@sparkhouse/contracts';
import { UnrecoverableError } from 'bullmq';
import { fetchPublicPage, LinkFetchError } from '../web/safe-fetch';

/** Largest file read from a web address for an analysis or a picture. */
export const WEB_FILE_MAX_BYTES = 20_000_000;

/**
 * Copies one input file to `file`: a library file streamed from storage, a web address fetched from
 * public addresses only (redirects checked too). Errors say which file and why, for the creator.
 */
export async function copyInput(
  item: UploadInput,
  n: number,
  file: string,
  deps: { storage: MediaStorage; config: AppConfig; signal: AbortSignal },
): Promise<void> {
  if (item.key !== null) {
    const stream = await deps.storage.read(item.key);
    if (!stream) throw new UnrecoverableError(`File ${n} is no longer in the media library.`);
    await pipeline(stream, createWriteStream(file), { signal: deps.signal });
    return;
  }
  const page = await fetchPublicPage(item.url, {
    timeoutMs: deps.config.LINK_FETCH_TIMEOUT_MS,
    maxBytes: WEB_FILE_MAX_BYTES,
    maxRedirects: 5,
    allowHosts: deps.config.LINK_FETCH_ALLOW_HOSTS,
  }).catch((err: Error) => {
    const message = `File ${n} could not be fetched: ${err.message}`;
    // a private or malformed address, or an error page, stays so: only a network failure is tried again
    if (err instanceof LinkFetchError && err.reason !== 'network' && err.reason !== 'timeout')
      throw new UnrecoverableError(message);
    throw new Error(message);
  });
  if (page.truncated) throw new UnrecoverableError(`File ${n} is larger than ${WEB_FILE_MAX_BYTES / 1_000_000} MB.`);
  await fs.writeFile(file, page.body);
}

/** A temporary folder for a job's files, removed afterwards whatever happens. */
export async function withTempDir<T>(prefix: string, work: (dir: string) => Promise<T>, tmp: string): Promise<T> {
  const dir = await fs.mkdtemp(path.join(tmp, prefix));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
