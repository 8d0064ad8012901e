import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Pool, type QueryResultRow } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { isConnectionLost } from '../../../platform/database/connection-errors';
import { PLAN_EACH_RUN } from '../../../platform/database/database';
import type { PreparedQuery } from './product-list.query';

/**
 * A lean pg pool for the hot browse reads: named prepared statements and no ORM layer in between.
 * Writes and everything else go through the platform Database.
 */
@Injectable()
export class CataloguePool implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new Pool({
      connectionString: config.DATABASE_URL,
      max: Math.max(2, Math.ceil(config.DATABASE_POOL_MAX / 2)),
      application_name: 'sparkhouse-catalogue',
      // statements are prepared, but a generic plan cannot see how selective a search or a facet is
      options: PLAN_EACH_RUN,
    });
    // an idle client that errors (the server restarted) is dropped by the pool; nothing to do here
    this.pool.on('error', () => undefined);
  }

  async query<T extends QueryResultRow>(q: PreparedQuery): Promise<T[]> {
    try {
      return (await this.pool.query<T>(q)).rows;
    } catch (err) {
      // a backend terminated while the pool still held it: these are reads, sent once more on a fresh connection
      if (!isConnectionLost(err)) throw err;
      return (await this.pool.query<T>(q)).rows;
    }
  }

  async onModuleDestroy() {
    await this.pool.end();
  }
}
