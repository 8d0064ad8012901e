import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from './migrations';

/** MikroORM options shared by the API, the worker, the migration CLI and the tests. */
export function ormOptions(databaseUrl: string, extra: Partial<Options> = {}, poolMax = 10): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    extensions: [Migrator],
    // handlers and processors fork their own EntityManager: a shared global one would leak state
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: poolMax },
    debug: false,
    ...extra,
  });
}
