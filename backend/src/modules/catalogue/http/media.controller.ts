import path from 'node:path';
import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, repoRoot, type AppConfig } from '../../../platform/config/config';
import { SAFE_MEDIA_NAME } from '../domain/media-paths';
import { sizedCover } from '../queries/sized-cover.query';

/** The committed demo video: every demo class plays it. */
export const ASSETS_DIR = path.join(repoRoot, 'backend/assets');

/**
 * Read-only media: generated covers (MEDIA_DIR/covers) and the demo video (backend/assets), with
 * cache headers and byte ranges (seeking). Names are checked against a strict pattern and sent
 * relative to their folder, so no path can leave it.
 */
@Controller('media')
export class MediaController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** A cover, or one of its larger or smaller widths (`name-1440w.webp`, drawn on first use). */
  @Get('covers/:name')
  async cover(@Param('name') name: string, @Res() res: Response) {
    const dir = path.join(this.config.MEDIA_DIR, 'covers');
    if (SAFE_MEDIA_NAME.test(name)) await sizedCover(dir, name).catch(() => false);
    this.send(res, dir, name, 7 * 24 * 3600 * 1000);
  }

  @Get('videos/:name')
  video(@Param('name') name: string, @Res() res: Response) {
    this.send(res, ASSETS_DIR, name, 24 * 3600 * 1000);
  }

  private send(res: Response, root: string, name: string, maxAge: number) {
    const notFound = () => {
      if (!res.headersSent) res.status(404).json({ statusCode: 404, code: 'NOT_FOUND', message: 'No such media file.' });
    };
    if (!SAFE_MEDIA_NAME.test(name)) return notFound();
    res.sendFile(name, { root, maxAge, dotfiles: 'deny', acceptRanges: true }, (err) => {
      if (err) notFound();
    });
  }
}
