import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';

/**
 * The secret unsubscribe links are signed with: the deployment's media URL secret (MEDIA_URL_SECRET, or
 * the cluster's one kept in PostgreSQL, made at start by the media URLs), so every node signs alike.
 */
@Injectable()
export class UnsubscribeSecret {
  private cached: string | null = null;

  constructor(
    private readonly orm: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async secret(): Promise<string> {
    if (this.cached) return this.cached;
    if (this.config.MEDIA_URL_SECRET) return (this.cached = this.config.MEDIA_URL_SECRET);
    const [row] = await rows<{ secret: string }>(this.orm.em.fork(), 'select secret from media_url_secret where id = 1');
    if (!row) throw new Error('No media URL secret yet: the media URLs make it at start.');
    return (this.cached = row.secret);
  }
}
