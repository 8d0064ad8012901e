import { Controller, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Database } from '../database/database';
import { system } from '@sparkhouse/contracts';
import { aiSetup } from '../config/ai-setup';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Endpoint } from '../http/endpoint';
import { RedisConnections } from '../jobs/redis-connections';

type Check = { status: 'up' | 'down'; latencyMs?: number; error?: string };

const CHECK_TIMEOUT_MS = 2000;

async function timed(fn: () => Promise<unknown>): Promise<Check> {
  const started = Date.now();
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref(),
      ),
    ]);
    return { status: 'up', latencyMs: Date.now() - started };
  } catch (err) {
    return { status: 'down', error: err instanceof Error ? err.message : String(err) };
  }
}

@Controller()
export class HealthController {
  private readonly startedAt = Date.now();

  constructor(
    private readonly orm: Database,
    private readonly redis: RedisConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(system.aiInfo)
  aiInfo() {
    return aiSetup(this.config);
  }

  @Endpoint(system.up)
  up() {
    return { up: 'yes' as const };
  }

  @Endpoint(system.liveness)
  liveness() {
    return { status: 'ok' as const, uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000) };
  }

  @Endpoint(system.readiness)
  async readiness(@Res({ passthrough: true }) res: Response) {
    const [database, redis] = await Promise.all([
      timed(() => this.orm.em.fork().getConnection().execute('select 1')),
      timed(() => this.redis.shared().ping()),
    ]);
    const ok = database.status === 'up' && redis.status === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? ('ok' as const) : ('error' as const), checks: { database, redis } };
  }
}
