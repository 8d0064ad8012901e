import { Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Database } from './database';

/**
 * Says so when the server does not vacuum on its own: without autovacuum the tables keep every dead row
 * version (job runs, stream heads and checkpoints are updated many times each) and the planner's
 * statistics are never refreshed. Answers whether it warned; a server that cannot be asked is left alone.
 */
export async function warnWithoutAutovacuum(db: Database, logger: Pick<Logger, 'warn'>): Promise<boolean> {
  try {
    const [row] = await db.em.execute<{ autovacuum: string }[]>(`select current_setting('autovacuum') as autovacuum`);
    if (row?.autovacuum !== 'off') return false;
  } catch {
    return false;
  }
  logger.warn(
    "PostgreSQL's autovacuum is off on this server: tables keep their dead rows and the planner's statistics go stale. " +
      'Turn it on (autovacuum = on in postgresql.conf, the default), or VACUUM (ANALYZE) the database regularly.',
  );
  return true;
}

/** The process's PostgreSQL pool (Database), closed when the application shuts down. */
@Global()
@Module({
  providers: [
    {
      provide: Database,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new Database(c.DATABASE_URL, { max: c.DATABASE_POOL_MAX }),
    },
  ],
  exports: [Database],
})
export class DatabaseModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Database');

  constructor(@Inject(Database) private readonly db: Database) {}

  onApplicationBootstrap() {
    // not waited for: a warning for the operator, not a condition of starting
    void warnWithoutAutovacuum(this.db, this.logger);
  }

  async onApplicationShutdown() {
    await this.db.close();
  }
}
