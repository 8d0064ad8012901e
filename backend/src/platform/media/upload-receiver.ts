import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import {
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_SIZE_LIMITS,
  UNSUPPORTED_FILE_MESSAGE,
  formatBytes,
  tooLargeMessage,
  type MediaType,
  type ValidationIssue,
} from '@sparkhouse/contracts';
import { badRequest, payloadTooLarge, unsupportedMediaType, type ApiError } from '../http/errors';
import { unstorableText } from '../http/text-input';
import { SNIFF_BYTES, sniffFormat, type SniffedFormat } from './content-sniffing';
import { FileSink } from './file-sink';

/** What a form adds around its file (boundaries, part headers, small fields): a request larger than the largest file by more is refused unread. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const FILE_NAME_MAX = 255;

export const NOT_MULTIPART = 'Send the file as multipart/form-data with the fields "file" and "appId".';
const NO_FILE = 'Choose a file to upload (the form field "file").';
const ONE_FILE = 'Upload one file at a time.';
const BROKEN = 'The upload could not be read: it ended early or is not valid multipart/form-data.';

export interface ReceivedFile {
  /** The temporary file holding it (the caller moves it to storage or removes it). */
  path: string;
  size: number;
  /** The name it had on the sender's machine, without folders. */
  fileName: string;
  format: SniffedFormat;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile;
}

export interface ReceiveOptions {
  fileField: string;
  /** Folder of the temporary file; best on the disk the file ends up on. */
  tempDir: string;
  /** Sees each text field as it arrives; a rejection ends the upload with its error at once (e.g. someone else's app). */
  onField?: (name: string, value: string) => Promise<void> | void;
  /**
   * Only these kinds of file, each at most its size (a storefront photo: images of a few MB); anything
   * else is refused with 415 and `unsupported` as soon as its first bytes tell what it is.
   */
  accept?: { limits: Partial<Record<MediaType, number>>; unsupported: string; tooLarge: (type: MediaType) => string };
}

/**
 * Reads a multipart upload as it streams in: the first bytes of the file tell its format (anything the
 * library does not take ends the upload with 415), the bytes counted so far are held against that
 * format's size limit (413 as soon as they pass it), and the rest flows to a temporary file, so no
 * file is ever held in memory whole. A request refused midway is drained, so its answer is read.
 */
export async function receiveUpload(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) throw badRequest(NOT_MULTIPART);
  const announced = Number(req.headers['content-length']);
  const accepted = Object.values(options.accept?.limits ?? {}).filter((n): n is number => typeof n === 'number');
  const maxBytes = accepted.length ? Math.max(...accepted) : MEDIA_MAX_UPLOAD_BYTES;
  if (Number.isFinite(announced) && announced > maxBytes + FORM_OVERHEAD_BYTES) {
    throw payloadTooLarge(`Files can be at most ${formatBytes(maxBytes)}.`);
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 10, parts: 12, fieldSize: 4096, fileSize: maxBytes + 1 },
    });
  } catch {
    throw badRequest(NOT_MULTIPART);
  }
  await ensureFolder(options.tempDir);

  // the parser's events run in the socket's async context: the callback gets the caller's (its request's)
  const onField = options.onField && AsyncResource.bind(options.onField);
  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let spooling: Promise<ReceivedFile> | null = null;
    const stopSpooling = new AbortController();
    let failed = false;

    const fail = (error: ApiError | Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume(); // drain the rest, so the client reads the answer instead of a reset connection
      stopSpooling.abort(); // ends the spooling, which removes its temporary file
      // answer once nothing of the file is left on disk
      const cleared = spooling ? spooling.then((f) => fsp.rm(f.path, { force: true })) : Promise.resolve();
      cleared.catch(() => undefined).finally(() => reject(error));
    };

    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.nameTruncated || info.valueTruncated)
        return fail(badRequest(`The form field "${name.slice(0, 40)}" is too long.`));
      const issues = unstorableText('body', { [name]: value });
      if (issues.length > 0) return fail(badRequest(issues[0].message, issues));
      fields[name] = value;
      if (onField) Promise.resolve(onField(name, value)).catch(fail);
    });

    parser.on('file', (name, stream, info) => {
      if (failed || spooling || name !== options.fileField) {
        stream.resume();
        if (!spooling && name !== options.fileField) {
          fail(badRequest(`Send the file in the form field "${options.fileField}", not "${name.slice(0, 40)}".`));
        } else fail(badRequest(ONE_FILE));
        return;
      }
      const named = fileNameOf(info.filename);
      if ('issues' in named) {
        stream.resume();
        return fail(badRequest(named.issues[0].message, named.issues));
      }
      spooling = spool(stream, named.name, options.tempDir, stopSpooling.signal, options.accept);
      spooling.catch(fail);
    });

    parser.on('filesLimit', () => fail(badRequest(ONE_FILE)));
    parser.on('fieldsLimit', () => fail(badRequest('The form has too many fields.')));
    parser.on('partsLimit', () => fail(badRequest('The form has too many parts.')));
    parser.on('error', () => fail(badRequest(BROKEN)));
    parser.on('close', () => {
      if (failed) return;
      if (!spooling) return fail(badRequest(NO_FILE));
      spooling.then((file) => {
        if (failed) void fsp.rm(file.path, { force: true });
        else resolve({ fields, file });
      }, fail);
    });
    req.on('aborted', () => fail(badRequest(BROKEN)));
    req.on('error', () => fail(badRequest(BROKEN)));
    req.pipe(parser);
  });
}

/** The sender's file name without folders, or why it cannot be stored. */
function fileNameOf(raw: string | undefined): { name: string } | { issues: ValidationIssue[] } {
  const issues = unstorableText('body', { fileName: raw ?? '' });
  if (issues.length > 0) return { issues };
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const name = base
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, FILE_NAME_MAX);
  return { name: name || 'upload' };
}

/** Folders made once per process (the temporary folder is made again if someone removed it). */
const made = new Set<string>();
async function ensureFolder(dir: string) {
  if (made.has(dir) && fs.existsSync(dir)) return;
  await fsp.mkdir(dir, { recursive: true });
  made.add(dir);
}

/**
 * Streams one file to a temporary file: its first bytes tell its format (refused with 415 if the
 * library does not take it), then the rest is piped straight to disk while a byte count holds it to
 * that format's size limit (413 as soon as it passes).
 */
async function spool(
  stream: Readable,
  fileName: string,
  tempDir: string,
  signal: AbortSignal,
  accept?: ReceiveOptions['accept'],
): Promise<ReceivedFile> {
  const target = path.join(tempDir, randomUUID());
  let out: FileSink | null = null;
  try {
    const head = await readHead(stream, SNIFF_BYTES, signal);
    if (head.length === 0) throw badRequest('The file is empty.');
    const format = await sniffFormat(head);
    if (!format) throw unsupportedMediaType(accept?.unsupported ?? UNSUPPORTED_FILE_MESSAGE);
    const limit = accept ? accept.limits[format.type] : MEDIA_SIZE_LIMITS[format.type];
    if (limit === undefined) throw unsupportedMediaType(accept!.unsupported);
    const tooLarge = () => payloadTooLarge((accept?.tooLarge ?? tooLargeMessage)(format.type));
    let size = head.length;
    if (size > limit) throw tooLarge();
    out = new FileSink(target);
    out.write(head);
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) stream.destroy(tooLarge());
    });
    await pipeline(stream, out, { signal });
    if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge();
    return { path: target, size, fileName, format };
  } catch (err) {
    out?.destroy();
    stream.resume(); // whatever is left of the file part is read and dropped
    await fsp.rm(target, { force: true });
    throw err;
  }
}

/** The stream's first `bytes` bytes (or all of it, if shorter; possibly a little more), the stream left paused after them. */
function readHead(stream: Readable, bytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (err?: Error) => {
      stream.pause();
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', finish);
      signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, length));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish();
    };
    const onEnd = () => finish();
    const onAbort = () => finish(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', finish);
  });
}
