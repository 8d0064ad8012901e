import 'reflect-metadata';
import { loadConfig } from './platform/config/config';
import { createApiApp } from './apps/api';
import { Logger } from 'nestjs-pino';
import { HttpDrain } from './platform/http/graceful-shutdown';

/** The API exits within this long of SIGTERM/SIGINT, whatever happens. */
const EXIT_DEADLINE_MS = 10_000;
/** Answers in flight get this long; the rest of the deadline is for the shutdown hooks. */
const DRAIN_DEADLINE_MS = 7_000;
/** How long a kept-alive connection may sit idle once draining began (a client may be sending on it). */
const IDLE_GRACE_MS = 1_000;

async function main() {
  const config = loadConfig();
  const app = await createApiApp(config);
  await app.listen(config.PORT, config.HOST);
  const logger = app.get(Logger);
  logger.log(`API listening on ${config.PUBLIC_URL} (port ${config.PORT})`);

  // on SIGTERM: stop accepting, answer what is in flight with `Connection: close`, close idle
  // kept-alive connections, then the shutdown hooks (the relay, the pools), within the deadline
  const drain = new HttpDrain(app.getHttpServer());
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    setTimeout(() => {
      logger.error(`shutdown took longer than ${EXIT_DEADLINE_MS} ms; exiting now`);
      process.exit(1);
    }, EXIT_DEADLINE_MS - 250).unref();
    logger.log(`${signal}: draining ${drain.requestsInFlight} request(s) in flight`);
    try {
      const { forced } = await drain.drain({ idleGraceMs: IDLE_GRACE_MS, deadlineMs: DRAIN_DEADLINE_MS });
      if (forced) logger.warn(`connections still open after ${DRAIN_DEADLINE_MS} ms were closed`);
      await app.close();
      logger.log(`API stopped in ${Date.now() - started} ms`);
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
