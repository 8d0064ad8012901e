import { Database, JobQueues } from '@sparkhouse/backend';
import { eventually } from '@sparkhouse/backend/test-support';
import type { Queue } from 'bullmq';
import { startStack } from './stack';

const ALICE = 'anon_alice_0000000001';

// A worker stores a run's start with its next facts, up to JOB_PROGRESS_PERSIST_MS after it began; held
// back for the whole test here, so the run's stream says nothing of the start while the worker runs it.
describe('canceling a run in its first moments', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;

  beforeAll(async () => {
    stack = await startStack({ JOB_PROGRESS_PERSIST_MS: '600000' });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers running when a worker holds the run before its start is stored, and the worker stops it', async () => {
    const alice = await stack.socket(ALICE);
    const progressed: string[] = [];
    const canceled: string[] = [];
    alice.on('job:progress', (m) => progressed.push(m.runId));
    alice.on('job:canceled', (m) => canceled.push(m.runId));
    const { body } = await stack.call('POST', '/operations/pipeline-checks', ALICE, { steps: 10, stepDelayMs: 2000 });
    const runId = body.response.runId as string;
    // the worker's first report is pushed at once: it holds the run
    await eventually(() => progressed.includes(runId));
    expect((await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response.status).toBe('queued');

    const cancel = await stack.call('POST', `/jobs/${runId}/cancel`, ALICE);
    expect(cancel.status).toBe(202);
    expect(cancel.body.response).toEqual({ runId, status: 'running' });
    await eventually(() => canceled.includes(runId));
  });

  it('answers queued for a run no worker holds yet', async () => {
    // the worker is busy with nothing; stop it so the next run waits in the queue
    for (const w of stack.workers) await w.close();
    stack.workers.length = 0;
    const { body } = await stack.call('POST', '/operations/pipeline-checks', ALICE, { steps: 1, stepDelayMs: 0 });
    const runId = body.response.runId as string;
    await eventually(async () => (await stack.call('GET', `/jobs/${runId}`, ALICE)).status === 200);

    const cancel = await stack.call('POST', `/jobs/${runId}/cancel`, ALICE);
    expect(cancel.status).toBe(202);
    expect(cancel.body.response).toEqual({ runId, status: 'queued' });
  });

  it("answers from the run's stream when the queue cannot say at once (Redis away), the cancel recorded", async () => {
    const queues = stack.api.get(JobQueues);
    const never = { getJobState: () => new Promise(() => undefined) } as unknown as Queue;
    const failing = { getJobState: () => Promise.reject(new Error('Connection is closed.')) } as unknown as Queue;
    for (const queue of [never, failing]) {
      const { body } = await stack.call('POST', '/operations/pipeline-checks', ALICE, { steps: 1, stepDelayMs: 0 });
      const runId = body.response.runId as string;
      await eventually(async () => (await stack.call('GET', `/jobs/${runId}`, ALICE)).status === 200);
      const spy = jest.spyOn(queues, 'queueOf').mockReturnValue(queue);
      try {
        const cancel = await stack.call('POST', `/jobs/${runId}/cancel`, ALICE);
        expect(cancel.status).toBe(202);
        expect(cancel.body.response).toEqual({ runId, status: 'queued' });
      } finally {
        spy.mockRestore();
      }
      // the cancel was recorded all the same
      const em = stack.api.get(Database).em.fork();
      await eventually(
        async () =>
          (await em.getConnection().execute('select cancel_requested from job_run where run_id = ?', [runId]))[0]
            ?.cancel_requested === true,
      );
    }
  });
});
