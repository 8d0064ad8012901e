import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig, Metrics, WorkerRuntime } from '@sparkhouse/backend';
import { WorkerModule } from './worker.module';

/** The worker process: same modules as the API, no HTTP; consumes the queues until SIGTERM/SIGINT. */
async function main() {
  // the API process runs the event relay; a worker only joins in when told to
  const config = loadConfig({ ...process.env, RUN_PROJECTIONS: process.env.RUN_PROJECTIONS ?? 'false' });
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  // job durations and process metrics, served by the API at /api/metrics
  app.get(Metrics).startAs('worker');
  await app.get(WorkerRuntime).start();
  app.get(Logger).log(`worker ${process.pid} ready`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
