import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, NestFactory } from '@nestjs/core';
import { loadConfig } from '../platform/config/config';
import { Database } from '../platform/database/database';
import { isSeeder, type Seeder } from '../platform/database/seeders';
import { Rebuilder } from '../platform/events/rebuilder';
import { SubscriberRegistry } from '../platform/events/subscriber-registry';
import { PlatformModule } from '../platform/platform.module';
import { devkitDemoData, devkitModules } from './devkit';
import { domainModules } from './domain-modules';

@Module({})
class ToolingModule {
  static forRoot(): DynamicModule {
    const config = loadConfig({ ...process.env, RUN_PROJECTIONS: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
    // the devkit too, outside production: its stand-ins (the seeders put plans on sale through the Stripe
    // emulator) and the demo data
    return {
      module: ToolingModule,
      imports: [PlatformModule.forRoot(config), ...domainModules, ...devkitModules(config), ...devkitDemoData(config)],
    };
  }
}

/** Every module (and, outside production, the devkit's demo data), without HTTP, workers or the live relay: for replays, seeding and scripts. */
export async function withToolingContext<T>(fn: (ctx: INestApplicationContext) => Promise<T>): Promise<T> {
  const ctx = await NestFactory.createApplicationContext(ToolingModule.forRoot(), { logger: ['error', 'warn'] });
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}

/** The seeders of a context, in the order they run: the modules' own, then (outside production) the devkit's demo data. */
export function seedersOf(ctx: INestApplicationContext): Seeder[] {
  return ctx
    .get(DiscoveryService)
    .getProviders()
    .filter((w) => isSeeder(w.metatype, w.instance))
    .map((w) => w.instance as Seeder);
}

/** Runs the seeders that have not run on this database yet; answers their names. */
export async function runSeeders(databaseUrl: string): Promise<string[]> {
  process.env.DATABASE_URL = databaseUrl;
  return withToolingContext(async (ctx) => {
    const seeders = seedersOf(ctx);
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

/** Rebuilds one projection (by name) or all of them from position 0 (`npm run replay`). */
export async function replay(target: string): Promise<{ name: string; durationMs: number; eventsReplayed: number }[]> {
  return withToolingContext(async (ctx) => {
    const projections = ctx.get(SubscriberRegistry).projections();
    const chosen = target === 'all' ? projections : projections.filter((p) => p.name === target);
    if (chosen.length === 0) {
      throw new Error(`No projection named "${target}". Known: ${projections.map((p) => p.name).join(', ')}, or all.`);
    }
    const rebuilder = ctx.get(Rebuilder);
    // two at a time: while one waits on PostgreSQL the other runs its handlers (each has its own copies);
    // the ones with the most events first, so that a long one does not start last while the other waits
    const results: { name: string; durationMs: number; eventsReplayed: number }[] = [];
    const sizes = new Map(await Promise.all(chosen.map(async (p) => [p, await rebuilder.eventsToReplay(p)] as const)));
    const queue = [...chosen].sort((a, b) => sizes.get(b)! - sizes.get(a)!);
    const worker = async () => {
      for (let p = queue.shift(); p; p = queue.shift()) results.push({ name: p.name, ...(await rebuilder.rebuild(p)) });
    };
    await Promise.all([worker(), worker()]);
    return chosen.map((p) => results.find((r) => r.name === p.name)!);
  });
}
