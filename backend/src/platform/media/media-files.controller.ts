import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MEDIA_FILES_PATH } from '@sparkhouse/contracts';
import { keyOfMediaUrl } from './signed-urls';
import { parseMediaKey } from './media-keys';
import { MediaUrls } from './media-urls';
import { MEDIA_STORAGE, type ByteRange, type MediaStorage } from './storage/media-storage';

/** The same answer for a changed, expired or made-up link: it must not tell which part was wrong. */
const DENIED = { statusCode: 403, code: 'FORBIDDEN', message: 'This media link is not valid or has expired.' };
const GONE = { statusCode: 404, code: 'NOT_FOUND', message: 'No such media file.' };

/** A single `bytes=` range of a file of `size` bytes: the range, 'unsatisfiable', or null for the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or a malformed header: the whole file
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Uploaded media, served only through signed, expiring URLs (media-urls.ts), from local disk or the S3
 * bucket alike, as streams with byte ranges (video and audio seek with them).
 */
@Controller('media')
export class MediaFilesController {
  constructor(
    private readonly urls: MediaUrls,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  @Get('files/*key')
  async file(@Req() req: Request, @Res() res: Response) {
    const key = keyOfMediaUrl(`${MEDIA_FILES_PATH}${req.path.replace(/^\/api\/media\/files\//, '')}`);
    const parsed = key && parseMediaKey(key);
    if (!key || !parsed || !this.urls.verify(key, req.query.expires, req.query.signature)) {
      return res.status(403).json(DENIED);
    }
    const stored = await this.storage.stat(key);
    if (!stored) return res.status(404).json(GONE);

    const range = parseRange(req.headers.range, stored.size);
    if (range === 'unsatisfiable') {
      return res.status(416).setHeader('Content-Range', `bytes */${stored.size}`).end();
    }
    const body = await this.storage.read(key, range ?? undefined);
    if (!body) return res.status(404).json(GONE);

    const secondsLeft = Math.max(0, Number(req.query.expires) - Math.floor(Date.now() / 1000));
    res.status(range ? 206 : 200);
    res.setHeader('Content-Type', parsed.contentType);
    res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : stored.size));
    res.setHeader('Accept-Ranges', 'bytes');
    if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`);
    // the URL changes when it is signed again: what it names never changes
    res.setHeader('Cache-Control', `private, max-age=${secondsLeft}, immutable`);
    res.setHeader('Content-Disposition', 'inline');
    await pipeline(body, res).catch(() => res.destroy());
  }
}
