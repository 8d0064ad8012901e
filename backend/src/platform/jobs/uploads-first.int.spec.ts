import { Queue, Worker } from 'bullmq';
import { eventually, testConfig } from '../../test-support';
import { RedisConnections } from './redis-connections';
import { receivingKey, UploadsFirstGate, UploadsInFlight } from './uploads-first';

/**
 * Uploads first against the real Redis and a real BullMQ worker: jobs added while an API process is
 * receiving an upload wait until the upload is in, then run.
 */
describe('uploads first', () => {
  const config = testConfig('postgres://unused/none');
  const apiRedis = new RedisConnections(config);
  const workerRedis = new RedisConnections(config);
  const queueName = 'uploads-first-test';
  let queue: Queue;
  let worker: Worker;
  let gate: UploadsFirstGate;
  const ran: { id: string; at: number }[] = [];
  let looks = 0;

  beforeAll(async () => {
    queue = new Queue(queueName, { connection: workerRedis.shared(), prefix: config.REDIS_PREFIX });
    worker = new Worker(
      queueName,
      async (job) => {
        ran.push({ id: job.id!, at: Date.now() });
      },
      { connection: workerRedis.dedicated('worker'), prefix: config.REDIS_PREFIX, concurrency: 4 },
    );
    await worker.waitUntilReady();
    // counts the gate's looks at the marks: the test waits on them, not on the clock
    const shared = workerRedis.shared();
    const counting = {
      zcount: (...args: Parameters<typeof shared.zcount>) => {
        looks++;
        return shared.zcount(...args);
      },
    };
    gate = new UploadsFirstGate(worker, counting as never, config.REDIS_PREFIX);
    gate.start();
  });

  afterAll(async () => {
    gate.stop();
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await apiRedis.shared().del(receivingKey(config.REDIS_PREFIX));
    await apiRedis.onApplicationShutdown();
    await workerRedis.onApplicationShutdown();
  });

  it('holds jobs back while an upload is being received and runs them once the upload is in', async () => {
    const uploads = new UploadsInFlight(apiRedis);
    const received = uploads.begin();
    await eventually(() => gate.yielding);

    await queue.addBulk(['a', 'b', 'c'].map((id) => ({ name: 'read', data: {}, opts: { jobId: id } })));
    // the worker sees the queue and looks at the marks a few more times: the jobs stay waiting, but
    // for the one its fetch already waiting when it paused may take
    const from = looks;
    await eventually(() => looks >= from + 3);
    expect(ran.length).toBeLessThanOrEqual(1);
    const states = await Promise.all(['a', 'b', 'c'].map((id) => queue.getJobState(id)));
    expect(states.filter((s) => s === 'waiting').length).toBeGreaterThanOrEqual(2);

    const inAt = Date.now();
    received();
    received(); // a second call changes nothing
    expect(uploads.receiving).toBe(0);
    await eventually(() => ran.length === 3);
    expect(ran.filter((r) => r.at >= inAt).length).toBeGreaterThanOrEqual(2);
    expect(gate.yielding).toBe(false);
    expect(await apiRedis.shared().zcard(receivingKey(config.REDIS_PREFIX))).toBe(0);
  });

  it('keeps holding off while any of several uploads is still coming in', async () => {
    const uploads = new UploadsInFlight(apiRedis);
    const first = uploads.begin();
    const second = uploads.begin();
    await eventually(() => gate.yielding);
    first();
    const before = ran.length;
    await queue.addBulk(['d', 'e', 'f'].map((id) => ({ name: 'read', data: {}, opts: { jobId: id } })));
    const from = looks;
    await eventually(() => looks >= from + 3);
    expect(gate.yielding).toBe(true);
    expect(ran.length - before).toBeLessThanOrEqual(1);
    second();
    await eventually(() => ran.length === before + 3);
  });
});
