import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Database } from '../database/database';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { rows } from '../database/sql';
import { keyOfMediaUrl, expiryFor, isValidSignature, signedMediaUrl } from './signed-urls';

/**
 * Signs and checks the media URLs of this deployment. The secret is MEDIA_URL_SECRET; without one, a
 * random secret is made once and kept in PostgreSQL, so every API node of a cluster signs alike and a
 * restart does not break URLs already handed out.
 */
@Injectable()
export class MediaUrls implements OnModuleInit {
  private secret = '';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: Database,
  ) {}

  async onModuleInit(): Promise<void> {
    this.secret = this.config.MEDIA_URL_SECRET || (await this.clusterSecret());
  }

  private async clusterSecret(): Promise<string> {
    const em = this.orm.em.fork();
    await rows(em, 'insert into media_url_secret (id, secret) values (1, ?) on conflict (id) do nothing', [
      randomBytes(32).toString('base64url'),
    ]);
    const [row] = await rows<{ secret: string }>(em, 'select secret from media_url_secret where id = 1');
    return row.secret;
  }

  /** A URL for the stored file `key` that works for MEDIA_URL_TTL_SECONDS (at most 7 days). */
  sign(key: string, nowMs = Date.now()): string {
    const now = Math.floor(nowMs / 1000);
    return signedMediaUrl(this.secret, key, expiryFor(now, this.config.MEDIA_URL_TTL_SECONDS));
  }

  /** Whether a request for `key` may be served: its signature is ours and it has not expired. */
  verify(key: string, expires: unknown, signature: unknown, nowMs = Date.now()): boolean {
    return isValidSignature(this.secret, key, expires, signature, Math.floor(nowMs / 1000));
  }

  /** The stored file a URL names (ours, signed or not), or null for any other URL. */
  keyOf(url: string): string | null {
    return keyOfMediaUrl(url);
  }
}
