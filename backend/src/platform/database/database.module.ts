import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Database } from './database';

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
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(Database) private readonly db: Database) {}

  async onApplicationShutdown() {
    await this.db.close();
  }
}
