import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { appImagesDir, SAFE_GENERATED_NAME } from './media-files';
import { ensureSizedAppImage } from './sized-app-image';

/**
 * Read-only generated media that the worker writes under MEDIA_DIR (app images). A file's name
 * carries a hash of what it shows, so it never changes once written: browsers may cache it for long.
 * A picture is also served at smaller widths as WebP (`<name>-960w.webp`, drawn on first use).
 */
@Controller('media')
export class GeneratedMediaController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('app-images/:name')
  async appImage(@Param('name') name: string, @Res() res: Response) {
    const notFound = () => {
      if (!res.headersSent) res.status(404).json({ statusCode: 404, code: 'NOT_FOUND', message: 'No such media file.' });
    };
    if (!SAFE_GENERATED_NAME.test(name)) return notFound();
    // a width of a picture: drawn now if it is the first time (a picture that cannot be drawn is not found)
    await ensureSizedAppImage(appImagesDir(this.config.MEDIA_DIR), name).catch(() => false);
    res.sendFile(
      name,
      { root: appImagesDir(this.config.MEDIA_DIR), maxAge: 30 * 24 * 3600 * 1000, immutable: true, dotfiles: 'deny' },
      (err) => {
        if (err) notFound();
      },
    );
  }
}
