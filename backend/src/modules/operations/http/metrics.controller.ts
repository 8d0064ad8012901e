import { timingSafeEqual } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { Request, Response } from 'express';
import { Gauge, Registry } from 'prom-client';
import { operations, QUEUES, type QueueName } from '@sparkhouse/contracts';
import { isAdmin } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { requestContext } from '../../../platform/context/request-context';
import { rows } from '../../../platform/database/sql';
import { logHead } from '../../../platform/events/read-your-writes';
import { Endpoint } from '../../../platform/http/endpoint';
import { forbidden, unauthorized } from '../../../platform/http/errors';
import { JobQueues } from '../../../platform/jobs/job-queues';
import { Metrics } from '../../../platform/metrics/metrics';
import { readCheckpoints } from '../queries/projection-status.query';

const STATES = ['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized'] as const;

function bearerMatches(header: string | undefined, token: string): boolean {
  if (!token || !header) return false;
  const given = Buffer.from(header.replace(/^Bearer\s+/i, ''));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /api/metrics: Prometheus text exposition. This process's metrics and the workers' snapshots
 * (platform/metrics), plus gauges read at scrape time: queue depths per queue and state, and how far
 * each event subscriber trails the log.
 */
@Controller()
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly orm: Database,
    private readonly queues: JobQueues,
  ) {}

  @Endpoint(operations.getMetrics)
  async scrape(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (!bearerMatches(req.headers.authorization, this.config.METRICS_TOKEN)) {
      const who = requestContext.current()?.principal ?? null;
      if (who?.kind !== 'user') throw unauthorized('Sign in as an admin, or send Authorization: Bearer <METRICS_TOKEN>.');
      if (!isAdmin(who)) throw forbidden('Only admins may read the metrics.');
    }
    const { contentType, text } = await this.metrics.exposition([await this.scrapeTimeGauges()]);
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'no-store');
    return text;
  }

  private async scrapeTimeGauges(): Promise<Registry> {
    const registry = new Registry();
    const depth = new Gauge({
      name: 'sparkhouse_queue_jobs',
      help: 'Jobs in each queue by state (BullMQ)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
    });
    const lag = new Gauge({
      name: 'sparkhouse_event_relay_lag_events',
      help: 'Events in the log after each subscriber checkpoint',
      labelNames: ['subscriber', 'kind'] as const,
      registers: [registry],
    });
    const head = new Gauge({
      name: 'sparkhouse_event_log_head_position',
      help: 'Position of the newest event',
      registers: [registry],
    });
    await Promise.all(
      (Object.values(QUEUES) as QueueName[]).map(async (name) => {
        const counts = await this.queues.queue(name).getJobCounts(...STATES);
        for (const state of STATES) depth.set({ queue: name, state }, counts[state] ?? 0);
      }),
    );
    const em = this.orm.em.fork();
    const [position, checkpoints] = await Promise.all([logHead(em), readCheckpoints(em)]);
    head.set(Number(position));
    for (const cp of checkpoints.values()) {
      const [{ n }] = await rows<{ n: number }>(
        em,
        'select count(*)::int as n from (select 1 from domain_event where position > ?::bigint limit 1000000) behind',
        [cp.position],
      );
      lag.set({ subscriber: cp.subscriber, kind: cp.kind }, n);
    }
    return registry;
  }
}
