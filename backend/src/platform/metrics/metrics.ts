import os from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';

type MetricJson = MetricObjectWithValues<MetricValue<string>>;
import { JOBS, type JobName } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { RedisConnections } from '../jobs/redis-connections';
import { WorkerRuntime } from '../jobs/worker-runtime';

const SNAPSHOT_EVERY_MS = 10_000;
const SNAPSHOT_TTL_S = 30;

/**
 * This process's Prometheus metrics (prom-client): process metrics, HTTP request durations (API) and
 * job durations (worker). A worker has no HTTP server: it leaves a snapshot of its metrics in Redis
 * every 10 s, and GET /api/metrics serves the API's own metrics with every live worker's.
 */
@Injectable()
export class Metrics implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  readonly instance = `${os.hostname()}:${process.pid}`;
  private role: 'api' | 'worker' | null = null;
  private timer: NodeJS.Timeout | null = null;

  readonly httpDuration = new Histogram({
    name: 'sparkhouse_http_request_duration_seconds',
    help: 'HTTP requests by route (the declared path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'sparkhouse_job_duration_seconds',
    help: 'Job attempts by queue, job name and outcome',
    labelNames: ['queue', 'name', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [this.registry],
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisConnections,
    private readonly runtime: WorkerRuntime,
  ) {}

  onModuleInit() {
    this.runtime.observe = (name: JobName, outcome, ms) =>
      this.jobDuration.observe({ queue: JOBS[name]?.queue ?? 'unknown', name, outcome }, ms / 1000);
  }

  /** Names the process in every series (process="api"|"worker", instance) and starts its process metrics. */
  startAs(role: 'api' | 'worker') {
    if (this.role) return;
    this.role = role;
    this.registry.setDefaultLabels({ process: role, instance: this.instance });
    collectDefaultMetrics({ register: this.registry, prefix: 'sparkhouse_' });
    if (role === 'worker') {
      this.timer = setInterval(() => void this.publishSnapshot(), SNAPSHOT_EVERY_MS);
      this.timer.unref();
      void this.publishSnapshot();
    }
  }

  /** Where a process's snapshot lives: by role and instance (an API and a worker may share a pid in tests). */
  private snapshotKey(who = '*') {
    return `${this.config.REDIS_PREFIX}:metrics:${who}`;
  }

  private get me() {
    return `${this.role ?? 'none'}:${this.instance}`;
  }

  private async publishSnapshot() {
    try {
      const json = await this.registry.getMetricsAsJSON();
      await this.redis.shared().set(this.snapshotKey(this.me), JSON.stringify(json), 'EX', SNAPSHOT_TTL_S);
    } catch (err) {
      this.logger.warn({ err }, 'could not publish the metrics snapshot');
    }
  }

  /** The exposition text: this process's metrics (with `extra` registries) and every live worker's snapshot. */
  async exposition(extra: Registry[] = []): Promise<{ contentType: string; text: string }> {
    const mine = await Promise.all([this.registry, ...extra].map((r) => r.getMetricsAsJSON()));
    const snapshots: MetricJson[][] = [];
    const keys = await this.scanKeys(this.snapshotKey());
    if (keys.length > 0) {
      const values = await this.redis.shared().mget(...keys);
      for (const [i, v] of values.entries()) {
        if (!v || keys[i] === this.snapshotKey(this.me)) continue;
        try {
          snapshots.push(JSON.parse(v) as MetricJson[]);
        } catch {
          // a torn snapshot is skipped; the next one comes in 10 s
        }
      }
    }
    const merged = AggregatorRegistry.aggregate([...mine, ...snapshots] as Parameters<typeof AggregatorRegistry.aggregate>[0]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  }

  private async scanKeys(pattern: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.shared().scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      found.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
