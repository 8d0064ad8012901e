import os from 'node:os';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import { BullRegistrar, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, UnrecoverableError, type Job, type Worker } from 'bullmq';
import { JOB_NAMES, JOBS, SERVER_EVENTS, type JobEnvelope, type JobName, type QueueName } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { requestContext } from '../context/request-context';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { assertJobCoverage, JOB_HANDLER, type JobContext, type JobProcessor } from './job-handler';
import { JobLifecycle } from './job-lifecycle';
import { ProgressBuffer } from './progress-buffer';
import { cancelKeys } from './job-queues';
import { RedisConnections } from './redis-connections';
import { UploadsFirstGate, YIELDS_TO_UPLOADS } from './uploads-first';

class Shutdown extends Error {
  constructor() {
    super('worker is shutting down');
  }
}
class Canceled extends Error {
  constructor() {
    super('Canceled by its owner');
  }
}

/**
 * Runs the jobs of contracts/jobs in this process. The BullMQ workers are @nestjs/bullmq's (one
 * `WorkerHost` per queue, see JobWorkersModule); what that package has no place for is kept here,
 * around every run: the run's lifecycle events (JobStarted, JobProgressed, JobCompleted...; written in
 * group commits by JobLifecycle: a run's start and reports wait up to JOB_PROGRESS_PERSIST_MS, and go in
 * its completion when it ends sooner), live progress, cancel,
 * uploads-first pausing of the media queue, the check that every job has exactly one processor, and a
 * shutdown that gives in-flight jobs back to their queue (@nestjs/bullmq only closes its workers, which
 * waits for the jobs in flight to finish).
 */
@Injectable()
export class WorkerRuntime implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workerId = `${os.hostname()}:${process.pid}`;
  private readonly workers: Worker[] = [];
  private readonly gates: UploadsFirstGate[] = [];
  private readonly active = new Map<string, AbortController>();
  private handlers = new Map<string, JobProcessor<JobName>>();
  private stopping = false;
  /** Metrics hook: how long each attempt of a job took, and how it ended (see platform/metrics). */
  observe: ((name: JobName, outcome: 'completed' | 'failed', ms: number) => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
    private readonly redis: RedisConnections,
    private readonly lifecycle: JobLifecycle,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Finds the handlers, checks them against contracts/jobs and starts consuming. */
  async start(declared: readonly string[] = JOB_NAMES) {
    const found = this.discovery
      .getProviders()
      .filter((w) => w.metatype && w.instance && Reflect.getMetadata(JOB_HANDLER, w.metatype))
      .map((w) => ({
        name: Reflect.getMetadata(JOB_HANDLER, w.metatype!) as JobName,
        handler: w.instance as JobProcessor<JobName>,
      }));
    assertJobCoverage(
      declared,
      found.map((f) => f.name),
    );
    this.handlers = new Map(found.map((f) => [f.name, f.handler]));

    const subscriber = this.redis.dedicated('job-cancel');
    await subscriber.subscribe(cancelKeys(this.redis.prefix).channel);
    subscriber.on('message', (_channel: string, runId: string) => this.active.get(runId)?.abort(new Canceled()));

    const queues = new Set<QueueName>(found.map((f) => JOBS[f.name].queue));
    // @nestjs/bullmq builds the workers of the WorkerHosts now (manual registration), not yet running
    this.registrar().register();
    const hosts = this.discovery
      .getProviders()
      .map((w) => w.instance)
      .filter((i): i is WorkerHost => i instanceof WorkerHost);
    for (const worker of hosts.map((h) => h.worker)) {
      const queue = worker.name as QueueName;
      if (!queues.has(queue)) continue;
      worker.on('error', (err) => this.logger.error({ err, queue }, 'worker error'));
      this.workers.push(worker);
      if (YIELDS_TO_UPLOADS.has(queue)) this.gates.push(new UploadsFirstGate(worker, this.redis.shared(), this.redis.prefix));
    }
    const missing = [...queues].filter((q) => !this.workers.some((w) => w.name === q));
    if (missing.length > 0)
      throw new Error(`No BullMQ worker for queue(s) ${missing.join(', ')}: list their processors in JobWorkersModule`);
    for (const worker of this.workers) {
      worker.run().catch((err: unknown) => this.logger.error({ err, queue: worker.name }, 'worker stopped'));
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
    for (const gate of this.gates) gate.start();
    this.logger.log(`consuming ${[...queues].join(', ')} (${this.handlers.size} job kinds)`);
  }

  private registrar(): BullRegistrar {
    try {
      return this.moduleRef.get(BullRegistrar, { strict: false });
    } catch {
      throw new Error('No job workers in this process: import JobWorkersModule.forRoot(config, processors)');
    }
  }

  /** Whether this process is consuming its queues (started, not stopping). */
  get consuming(): boolean {
    return this.workers.length > 0 && !this.stopping && this.workers.every((w) => w.isRunning());
  }

  async beforeApplicationShutdown() {
    await this.stop();
  }

  /** Stops taking jobs; the ones in flight are aborted and returned to their queue. */
  async stop() {
    if (this.stopping) return;
    this.stopping = true;
    for (const gate of this.gates) gate.stop();
    const closing = this.workers.map((w) => w.close());
    for (const controller of this.active.values()) controller.abort(new Shutdown());
    await Promise.all(closing);
  }

  /** Runs one job of a queue this process consumes (called by its queue's WorkerHost). */
  async process(job: Job, token?: string): Promise<unknown> {
    const env = job.data as JobEnvelope;
    const handler = this.handlers.get(env.name);
    if (!handler) throw new UnrecoverableError(`No handler for job ${env.name}`);

    const controller = new AbortController();
    this.active.set(env.runId, controller);
    const attempt = job.attemptsMade + 1;
    const progress = new ProgressBuffer(
      this.config.JOB_PROGRESS_PERSIST_MS,
      (unstored) => this.lifecycle.progressed(env, unstored),
      (err) => this.logger.warn({ err, runId: env.runId }, 'could not store progress'),
    );
    const startedAt = Date.now();
    try {
      if (await this.redis.shared().exists(cancelKeys(this.redis.prefix, env.runId).flag)) throw new Canceled();
      if (!(await this.lifecycle.mayStart(env))) return { skipped: 'already finished' };
      // stored with the run's first reports, or with how it ends when that comes sooner
      progress.start({ attempt, workerId: this.workerId, at: new Date().toISOString() });
      const def = JOBS[env.name];
      const ctx = this.context(env, attempt, controller.signal, progress);
      const result = def.result.parse(
        await requestContext.run(
          { requestId: env.correlationId, timeZone: 'UTC', principal: { kind: 'system', id: 'worker' }, causationId: null },
          () => handler.run({ ...ctx, payload: def.payload.parse(env.payload) as never }),
        ),
      );
      await this.lifecycle.completed(env, result, progress.take());
      this.observe?.(env.name, 'completed', Date.now() - startedAt);
      return result;
    } catch (err) {
      const reason = controller.signal.aborted ? controller.signal.reason : err;
      if (reason instanceof Shutdown && token) {
        await this.lifecycle.requeued(env, 'The worker shut down; the job went back to the queue.', progress.take());
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      if (reason instanceof Canceled) {
        await this.lifecycle.canceled(env, reason.message, progress.take());
        return { canceled: true };
      }
      const message = err instanceof Error ? err.message : String(err);
      const stack = err instanceof Error ? err.stack : undefined;
      const maxAttempts = job.opts.attempts ?? 1;
      this.observe?.(env.name, 'failed', Date.now() - startedAt);
      if (attempt >= maxAttempts || err instanceof UnrecoverableError) {
        await this.lifecycle.failed(env, attempt, message, progress.take(), stack);
      } else {
        const retryInMs =
          (job.opts.backoff && typeof job.opts.backoff === 'object' ? (job.opts.backoff.delay ?? 0) : 0) * 2 ** (attempt - 1);
        await this.lifecycle.attemptFailed(env, attempt, message, retryInMs, progress.take(), stack);
      }
      throw err;
    } finally {
      this.active.delete(env.runId);
    }
  }

  private context<N extends JobName>(
    env: JobEnvelope<N>,
    attempt: number,
    signal: AbortSignal,
    buffer: ProgressBuffer,
  ): Omit<JobContext<N>, 'payload'> {
    return {
      runId: env.runId,
      name: env.name,
      owner: env.owner,
      attempt,
      requestedAt: env.requestedAt,
      signal,
      throwIfAborted: () => signal.throwIfAborted(),
      progress: async (percent, step, message = '') => {
        const p = { percent: Math.max(0, Math.min(100, Math.round(percent * 10) / 10)), step, message };
        // pushed at once; stored in batches
        this.publisher.toJobAudience(env.owner.ownerId, env.runId, SERVER_EVENTS.jobProgress, {
          runId: env.runId,
          name: env.name,
          subjectId: env.owner.subjectId ?? null,
          ...p,
          at: new Date().toISOString(),
        });
        // stored in the run's stream (the console and the owner read it there); BullMQ's own copy of
        // progress is not read by anything, and would cost a Redis script per report
        buffer.add({ ...p, at: new Date().toISOString() });
      },
    };
  }
}
