import { SetMetadata } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Database } from './database';

export const SEEDER = Symbol('SEEDER');

/** Demo data a module puts in a new installation, through its own commands (so events exist). */
export interface Seeder {
  readonly name: string;
  seed(): Promise<void>;
  /** Why it cannot run yet (a service it needs is not configured): it is left for a later start. */
  notYet?(): string | null;
}

/** Marks a provider as a seeder; `npm start` runs each one once per database. */
export const SeedsDemoData = (): ClassDecorator => SetMetadata(SEEDER, true);

/** Runs the seeders that have not run on this database yet; answers their names. */
export async function runSeeders(databaseUrl: string): Promise<string[]> {
  process.env.DATABASE_URL = databaseUrl;
  // loaded here, not at the top: the tooling context imports every module, and modules import this file
  const { withToolingContext } = await import('../tooling-context');
  return withToolingContext(async (ctx) => {
    const seeders = ctx
      .get(DiscoveryService)
      .getProviders()
      .filter((w) => w.metatype && w.instance && Reflect.getMetadata(SEEDER, w.metatype))
      .map((w) => w.instance as Seeder);
    const conn = ctx.get(Database).em.fork().getConnection();
    const ran: string[] = [];
    for (const s of seeders) {
      const done = await conn.execute('select 1 from seed_run where name = ?', [s.name]);
      if (done.length > 0) continue;
      const reason = s.notYet?.();
      if (reason) {
        console.warn(`[seed] ${s.name} left for a later start: ${reason}`);
        continue;
      }
      await s.seed();
      await conn.execute('insert into seed_run (name) values (?) on conflict do nothing', [s.name]);
      ran.push(s.name);
    }
    return ran;
  });
}
