import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from './orm-config';

/** Applies pending migrations; answers the names it applied. Used by the start and test scripts. */
export async function migrateUp(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(ormOptions(databaseUrl, { entities: [] }));
  try {
    const applied = await orm.getMigrator().up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

/** The committed migrations the database has not applied yet (none: this build's schema is in place). */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const orm = await MikroORM.init(ormOptions(databaseUrl, { entities: [] }));
  try {
    return (await orm.getMigrator().getPendingMigrations()).map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
