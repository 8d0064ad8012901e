import { Database } from '@sparkhouse/backend';
import { Rebuilder, SubscriberRegistry } from '@sparkhouse/backend';
import { eventually } from '@sparkhouse/backend/test-support';
import { SERVER_EVENTS, type JobCompletedMessage, type JobProgressMessage } from '@sparkhouse/contracts';
import { startStack } from './stack';

const ALICE = 'anon_alice_0000000001';
const BOB = 'anon_bob_00000000002';

describe('job pipeline: command -> event -> projection -> queue -> worker -> push', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const jobRunRows = async () =>
    stack.api
      .get(Database)
      .em.fork()
      .getConnection()
      .execute(
        `select run_id, name, owner_id, status, percent, step, message, steps, attempts, result, error,
                requested_at, started_at, finished_at, duration_ms, cancel_requested
           from job_run order by run_id`,
      );

  it('runs a check end to end: the owner sees ordered progress then completion, another owner sees nothing', async () => {
    const alice = await stack.socket(ALICE);
    const bob = await stack.socket(BOB);
    const aliceMessages: { event: string; m: JobProgressMessage | JobCompletedMessage }[] = [];
    const bobMessages: unknown[] = [];
    for (const event of Object.values(SERVER_EVENTS)) {
      alice.on(event as 'job:progress', (m) => aliceMessages.push({ event, m }));
      bob.on(event as 'job:progress', (m) => bobMessages.push(m));
    }

    const started = await stack.call('POST', '/operations/pipeline-checks', ALICE, { steps: 3, stepDelayMs: 20 });
    expect(started.status).toBe(202);
    const { runId } = started.body.response;

    // the command's event reaches the projection: the run exists as soon as it is requested
    await eventually(async () => (await stack.call('GET', `/jobs/${runId}`, ALICE)).status === 200);

    await eventually(() => aliceMessages.some((x) => x.event === SERVER_EVENTS.jobCompleted));
    const progress = aliceMessages.filter((x) => x.event === SERVER_EVENTS.jobProgress).map((x) => x.m as JobProgressMessage);
    expect(progress.map((p) => p.percent)).toEqual([0, 33.3, 66.7, 100]);
    expect(progress.every((p) => p.runId === runId)).toBe(true);
    expect(aliceMessages[aliceMessages.length - 1].event).toBe(SERVER_EVENTS.jobCompleted);
    const completed = aliceMessages.find((x) => x.event === SERVER_EVENTS.jobCompleted)!.m as JobCompletedMessage;
    expect(completed.result).toMatchObject({ stepsCompleted: 3 });

    const run = await eventually(async () => {
      const r = await stack.call('GET', `/jobs/${runId}`, ALICE);
      return r.body.response.status === 'completed' ? r.body.response : null;
    });
    expect(run).toMatchObject({ ownerId: ALICE, percent: 100, step: 'step 3', attempts: 1, error: null });
    // one named step per step checked: the steps shown are the steps counted ("All 3 steps passed")
    expect(run.steps.map((s: { step: string }) => s.step)).toEqual(['step 1', 'step 2', 'step 3']);
    expect(run.plannedSteps).toEqual(['step 1', 'step 2', 'step 3']);
    expect(run.message).toBe('All 3 steps passed');
    expect(run.durationMs).toBeGreaterThanOrEqual(60);

    // Bob's socket got nothing, and Bob cannot read Alice's run
    expect(bobMessages).toEqual([]);
    expect((await stack.call('GET', `/jobs/${runId}`, BOB)).status).toBe(404);
    const bobWatch = await bob.emitWithAck('job:watch', { runId });
    expect(bobWatch).toEqual({ ok: false, error: 'No such job run.' });
  });

  it('ends a failing run as failed with its reason, pushed to the owner', async () => {
    const alice = await stack.socket(ALICE);
    const failures: { runId: string; reason: string }[] = [];
    alice.on('job:failed', (m) => failures.push(m));
    const { body } = await stack.call('POST', '/operations/pipeline-checks', ALICE, { steps: 3, failAtStep: 2 });
    const runId = body.response.runId;
    await eventually(() => failures.some((f) => f.runId === runId));
    expect(failures.find((f) => f.runId === runId)!.reason).toBe('Pipeline check failed on purpose at step 2');
    const run = await eventually(async () => {
      const r = (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response;
      return r?.status === 'failed' ? r : null;
    });
    expect(run).toMatchObject({ status: 'failed', error: 'Pipeline check failed on purpose at step 2' });
  });

  it('cancels a running job: the worker stops it and the owner is told', async () => {
    const alice = await stack.socket(ALICE);
    const canceled: string[] = [];
    alice.on('job:canceled', (m) => canceled.push(m.runId));
    const { body } = await stack.call('POST', '/operations/pipeline-checks', ALICE, { steps: 10, stepDelayMs: 2000 });
    const runId = body.response.runId;
    await eventually(async () => (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response?.status === 'running');
    const cancel = await stack.call('POST', `/jobs/${runId}/cancel`, ALICE);
    expect(cancel.status).toBe(202);
    await eventually(() => canceled.includes(runId));
    // the push and the job_run projection are separate subscribers of the same event: either may come first
    const run = await eventually(async () => {
      const r = (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response;
      return r?.status === 'canceled' ? r : null;
    });
    expect(run.status).toBe('canceled');
    expect((await stack.call('POST', `/jobs/${runId}/cancel`, ALICE)).status).toBe(409);
    expect((await stack.call('POST', `/jobs/${runId}/cancel`, BOB)).status).toBe(404);
  });

  it('hands in-flight jobs back to the queue on shutdown; another worker finishes them', async () => {
    const { body } = await stack.call('POST', '/operations/pipeline-checks', ALICE, { steps: 4, stepDelayMs: 300 });
    const runId = body.response.runId;
    await eventually(async () => (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response?.status === 'running');
    const first = stack.workers.shift()!;
    await first.close();
    await stack.addWorker();
    const run = await eventually(
      async () => {
        const r = (await stack.call('GET', `/jobs/${runId}`, ALICE)).body.response;
        return r.status === 'completed' ? r : null;
      },
      { timeoutMs: 60_000 },
    );
    expect(run.result.stepsCompleted).toBe(4);
    const types = (
      await stack.api
        .get(Database)
        .em.fork()
        .getConnection()
        .execute(`select type from domain_event where stream_id = ? order by stream_version`, [`job-${runId}`])
    ).map((r: { type: string }) => r.type);
    expect(types).toContain('JobRequeued');
    expect(types.filter((t: string) => t === 'JobCompleted')).toHaveLength(1);
  });

  it('rebuilds the job_run read model by replay from position 0 to the identical state', async () => {
    const before = await jobRunRows();
    expect(before.length).toBeGreaterThanOrEqual(4);
    const projection = stack.api
      .get(SubscriberRegistry)
      .projections()
      .find((p) => p.name === 'operations.job-runs')!;
    await stack.api.get(Rebuilder).rebuild(projection);
    const after = await jobRunRows();
    expect(after).toEqual(before);
  });
});
