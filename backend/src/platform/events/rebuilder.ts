import { Inject, Injectable, Logger } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config';
import type { Projection } from './subscribers';
import { subscriberLockKey, SubscriptionProcessor } from './subscription-processor';

/**
 * Rebuilds a projection from position 0: lock it (the live relay skips it meanwhile), truncate its
 * tables and rewind its checkpoint together, then replay until nothing is left. A crash midway
 * leaves a consistent checkpoint; the relay resumes from there.
 */
@Injectable()
export class Rebuilder {
  private readonly logger = new Logger('Replay');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly processor: SubscriptionProcessor,
  ) {}

  async rebuild(projection: Projection): Promise<{ durationMs: number }> {
    const started = Date.now();
    const lock = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'sparkhouse-replay' });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock(hashtextextended($1, 0))', [subscriberLockKey(projection.name)]);
      await this.processor.ensureCheckpoint(projection);
      await this.processor.reset(projection);
      await this.processor.catchUp(projection, this.config.EVENT_RELAY_BATCH_SIZE, { lockHeld: true });
      const durationMs = Date.now() - started;
      this.logger.log(`rebuilt ${projection.name} in ${durationMs} ms`);
      return { durationMs };
    } finally {
      await lock.end().catch(() => undefined);
    }
  }
}
