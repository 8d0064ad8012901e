import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { domainModules } from '../app.module';
import { loadConfig } from './config/config';
import { PlatformModule } from './platform.module';

@Module({})
class ToolingModule {
  static forRoot(): DynamicModule {
    const config = loadConfig({ ...process.env, RUN_PROJECTIONS: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
    return { module: ToolingModule, imports: [PlatformModule.forRoot(config), ...domainModules] };
  }
}

/** Every module, without HTTP, workers or the live relay: for replays, seeding and scripts. */
export async function withToolingContext<T>(fn: (ctx: INestApplicationContext) => Promise<T>): Promise<T> {
  const ctx = await NestFactory.createApplicationContext(ToolingModule.forRoot(), { logger: ['error', 'warn'] });
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}
