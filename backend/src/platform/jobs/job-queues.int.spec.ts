import type { Redis } from 'ioredis';
import { QUEUES } from '@sparkhouse/contracts';
import { testConfig } from '../../test-support';
import { JobQueues } from './job-queues';
import { RedisConnections } from './redis-connections';

/** ioredis' record of the commands defined on a connection (each pipeline it makes copies them all). */
const definedCommands = (client: Redis) => Object.keys((client as unknown as { scriptsSet: object }).scriptsSet);

describe('the job queues (producers), against real Redis', () => {
  const config = testConfig('postgres://unused/none');
  const redis = new RedisConnections(config);
  const queues = new JobQueues(redis);
  afterAll(async () => {
    await queues.onApplicationShutdown();
    await redis.onApplicationShutdown();
  });

  it("keep BullMQ's scripts off the shared connection: its turns' pipelines of pushes and reads carry none", async () => {
    const queue = queues.queue(QUEUES.operations);
    await queue.waitUntilReady();
    const runId = `queues-spec-${Date.now()}`;
    const job = await queue.add('operations.pipeline-check', { runId }, { jobId: runId, removeOnComplete: true });
    try {
      expect(job.id).toBe(runId);
      // BullMQ's commands live on the producers' connection, the shared one has none of them
      expect(definedCommands(redis.producers()).some((name) => name.startsWith('addStandardJob'))).toBe(true);
      expect(definedCommands(redis.shared())).toEqual([]);
      await redis.shared().publish(`${config.REDIS_PREFIX}:queues-spec`, 'still usable');
    } finally {
      await job.remove();
    }
  });
});
