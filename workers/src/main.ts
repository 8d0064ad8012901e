import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { Database, loadConfig, Metrics, RedisConnections, WorkerRuntime } from '@sparkhouse/backend';
import { startHealthServer } from './health-server';
import { WorkerModule } from './worker.module';
import { MemberReminderRounds } from './reminders/member-reminder-rounds';

/** The worker process: same modules as the API, no HTTP; consumes the queues until SIGTERM/SIGINT. */
async function main() {
  // the API process runs the event relay; a worker only joins in when told to
  const config = loadConfig({ ...process.env, RUN_PROJECTIONS: process.env.RUN_PROJECTIONS ?? 'false' });
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  // job durations and process metrics, served by the API at /api/metrics
  app.get(Metrics).startAs('worker');
  const runtime = app.get(WorkerRuntime);
  // probes (deploy/k8s) answer from the start: ready once the queues are consumed
  if (config.WORKER_HEALTH_PORT) {
    const server = await startHealthServer(config.WORKER_HEALTH_PORT, {
      runtime,
      database: app.get(Database),
      redis: app.get(RedisConnections),
    });
    server.unref(); // never what keeps the process from ending at shutdown
  }
  await runtime.start();
  // members' reminders: a round a minute (a BullMQ job scheduler), batches emailed through the outbox
  await app.get(MemberReminderRounds).start();
  app.get(Logger).log(`worker ${process.pid} ready`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
