import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import sharp from 'sharp';
import { MEDIA_MAX_UPLOAD_BYTES, MEDIA_SIZE_LIMITS, UNSUPPORTED_FILE_MESSAGE } from '@sparkhouse/contracts';
import { requestContext } from '../context/request-context';
import { ApiError } from '../http/errors';
import { NOT_MULTIPART, receiveUpload } from './upload-receiver';

const BOUNDARY = '----sparkhouse-test-boundary';
type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; body: () => Iterable<Buffer>; encodedName?: boolean };

/** A multipart body, produced chunk by chunk (a large file is never built in memory). */
function* multipart(parts: Part[], { end = true } = {}): Generator<Buffer> {
  for (const part of parts) {
    if ('value' in part) {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
    } else {
      // encodedName: the RFC 5987 form (filename*=utf-8''...), which can carry any character
      const filename = part.encodedName ? `filename*=utf-8''${encodeURIComponent(part.filename)}` : `filename="${part.filename}"`;
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; ${filename}\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      );
      yield* part.body();
      yield Buffer.from('\r\n');
    }
  }
  if (end) yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/** A request carrying `chunks`, as the HTTP server hands it over. */
function request(chunks: Iterable<Buffer>, headers: Record<string, string> = {}): IncomingMessage {
  return Object.assign(Readable.from(chunks, { objectMode: false }), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  }) as unknown as IncomingMessage;
}

/** `head` followed by zeros up to `size` bytes, 1 MB at a time. */
function* sized(head: Buffer, size: number): Generator<Buffer> {
  yield head;
  const chunk = Buffer.alloc(1024 * 1024);
  for (let left = size - head.length; left > 0; left -= chunk.length)
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

const failure = async (p: Promise<unknown>): Promise<ApiError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return err;
};

describe('receiving an upload', () => {
  let tempDir: string;
  let png: Buffer;
  const receive = (req: IncomingMessage, onField?: (n: string, v: string) => Promise<void>) =>
    receiveUpload(req, { fileField: 'file', tempDir, onField });
  const leftovers = () => fs.readdirSync(tempDir);

  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fae26a' } })
      .png()
      .toBuffer();
  });
  beforeEach(() => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sparkhouse-upload-'));
  });
  afterEach(() => fs.rmSync(tempDir, { recursive: true, force: true }));

  it('streams the file to a temporary file and reads its kind from its bytes, whatever its name and declared type', async () => {
    const got = await receive(
      request(
        multipart([
          { name: 'appId', value: 'the-app' },
          { name: 'file', filename: 'C:\\photos\\holiday.pdf', type: 'application/pdf', body: () => [png] },
        ]),
      ),
    );
    expect(got.fields).toEqual({ appId: 'the-app' });
    expect(got.file).toMatchObject({ size: png.length, fileName: 'holiday.pdf', format: { type: 'image', ext: 'png' } });
    expect(fs.readFileSync(got.file.path)).toEqual(png);
  });

  it('answers 413 as soon as a file passes the limit of its kind, and keeps nothing', async () => {
    const tooBig = MEDIA_SIZE_LIMITS.image + 1;
    const err = await failure(
      receive(request(multipart([{ name: 'file', filename: 'huge.png', body: () => sized(png, tooBig) }]))),
    );
    expect(err).toMatchObject({ status: 413, message: 'Images can be at most 25 MB.' });
    expect(leftovers()).toEqual([]);
  });

  it('takes a file of exactly its limit', async () => {
    const got = await receive(
      request(multipart([{ name: 'file', filename: 'edge.png', body: () => sized(png, MEDIA_SIZE_LIMITS.image) }])),
    );
    expect(got.file.size).toBe(MEDIA_SIZE_LIMITS.image);
  });

  it('refuses a request announcing more than the largest file before reading it', async () => {
    const err = await failure(
      receive(
        request(multipart([{ name: 'appId', value: 'x' }]), { 'content-length': String(MEDIA_MAX_UPLOAD_BYTES + 1_000_000) }),
      ),
    );
    expect(err).toMatchObject({ status: 413, message: 'Files can be at most 500 MB.' });
  });

  it('answers 415 for a kind of file the library does not take', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>steal()</script></body></html>');
    const err = await failure(
      receive(request(multipart([{ name: 'file', filename: 'photo.png', type: 'image/png', body: () => [html] }]))),
    );
    expect(err).toMatchObject({ status: 415, message: UNSUPPORTED_FILE_MESSAGE });
    expect(leftovers()).toEqual([]);
  });

  it.each([
    [
      'a body that is not multipart',
      () => request([Buffer.from('{"appId":"x"}')], { 'content-type': 'application/json' }),
      NOT_MULTIPART,
    ],
    ['no file', () => request(multipart([{ name: 'appId', value: 'x' }])), 'Choose a file to upload (the form field "file").'],
    [
      'two files',
      () =>
        request(
          multipart([
            { name: 'file', filename: 'a.png', body: () => [png] },
            { name: 'file', filename: 'b.png', body: () => [png] },
          ]),
        ),
      'Upload one file at a time.',
    ],
    ['an empty file', () => request(multipart([{ name: 'file', filename: 'empty.png', body: () => [] }])), 'The file is empty.'],
    [
      'a file under another name',
      () => request(multipart([{ name: 'upload', filename: 'a.png', body: () => [png] }])),
      'Send the file in the form field "file", not "upload".',
    ],
    [
      'a NUL character in a field',
      () =>
        request(
          multipart([
            { name: 'appId', value: 'a\u0000b' },
            { name: 'file', filename: 'a.png', body: () => [png] },
          ]),
        ),
      'appId must not contain the NUL character (\\u0000)',
    ],
    [
      'a NUL character in the file name',
      () => request(multipart([{ name: 'file', filename: 'a\u0000.png', encodedName: true, body: () => [png] }])),
      'fileName must not contain the NUL character (\\u0000)',
    ],
    [
      'a NUL character in a part header (malformed)',
      () => request(multipart([{ name: 'file', filename: 'a\u0000.png', body: () => [png] }])),
      'The upload could not be read: it ended early or is not valid multipart/form-data.',
    ],
    [
      'a body that ends mid-way',
      () => request(multipart([{ name: 'file', filename: 'a.png', body: () => [png] }], { end: false })),
      'The upload could not be read: it ended early or is not valid multipart/form-data.',
    ],
  ])('answers 400 for %s', async (_name, req, message) => {
    expect(await failure(receive(req()))).toMatchObject({ status: 400, message });
    expect(leftovers()).toEqual([]);
  });

  it('ends the upload as soon as a field is refused (e.g. someone else’s app), and keeps nothing of the file', async () => {
    const refused = new ApiError(404, 'NOT_FOUND', 'No such app.');
    const err = await failure(
      receive(
        request(
          multipart([
            { name: 'appId', value: 'not-yours' },
            { name: 'file', filename: 'a.png', body: () => sized(png, 20 * 1024 * 1024) },
          ]),
        ),
        () => Promise.reject(refused),
      ),
    );
    expect(err).toBe(refused);
    // whatever had been written is removed as the spooling stops
    for (const deadline = Date.now() + 10_000; leftovers().length > 0 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(leftovers()).toEqual([]);
  });

  it("runs the field callback in the caller's request context, though the bytes arrive in the socket's", async () => {
    const body = new PassThrough();
    const req = Object.assign(body, {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    }) as unknown as IncomingMessage;
    const seen: (string | undefined)[] = [];
    const received = requestContext.run({ ...requestContext.system(), requestId: 'the-request' }, () =>
      receive(req, async () => void seen.push(requestContext.current()?.requestId)),
    );
    // the body is written from outside the request's context once it is being read, as the HTTP parser does
    while (!body.readableFlowing) await new Promise((resolve) => setImmediate(resolve));
    for (const chunk of multipart([
      { name: 'appId', value: 'the-app' },
      { name: 'file', filename: 'a.png', body: () => [png] },
    ]))
      body.write(chunk);
    body.end();
    await received;
    expect(seen).toEqual(['the-request']);
  });
});
