import { randomUUID } from 'node:crypto';
import type { JobEnvelope } from '@sparkhouse/contracts';
import { uncommitted, useTestOrm, waitingOnLock } from '../../test-support';
import { EventStore } from '../events/event-store';
import { JobLifecycle } from './job-lifecycle';
import { jobStreamId } from './job-requests';

/** The lifecycle facts a worker writes, against real PostgreSQL. */
describe('JobLifecycle', () => {
  const testDb = useTestOrm();
  const store = new EventStore();
  let lifecycle: JobLifecycle;

  beforeAll(() => {
    lifecycle = new JobLifecycle(testDb.orm, store);
  });

  const envelope = (): JobEnvelope => ({
    runId: randomUUID(),
    name: 'operations.pipeline-check',
    owner: { ownerId: 'anon_lifecycle_0001' },
    payload: { steps: 2, stepDelayMs: 0 },
    requestedAt: new Date().toISOString(),
    correlationId: randomUUID(),
  });
  const stream = (runId: string) => store.readStream(testDb.orm.em.fork(), jobStreamId(runId));

  const start = (at = '2026-11-29T10:00:00.000Z') => ({ attempt: 1, workerId: 'w1', at });
  const reports = [
    { percent: 50, step: 'step 2', message: 'Checking step 2 of 2', at: '2026-11-29T10:00:00.100Z' },
    { percent: 100, step: 'step 2', message: 'All 2 steps passed', at: '2026-11-29T10:00:00.200Z' },
  ];

  it('stores the start and reports not stored yet in the completion itself: a run that ends first writes one event', async () => {
    const env = envelope();
    await expect(lifecycle.mayStart(env)).resolves.toBe(true);
    // asking appends nothing
    expect(await stream(env.runId)).toEqual([]);
    await expect(lifecycle.completed(env, { stepsCompleted: 2 }, { started: start(), reports })).resolves.toBe(true);

    const events = await stream(env.runId);
    expect(events.map((e) => e.type)).toEqual(['JobCompleted']);
    expect(events[0].payload).toEqual({
      runId: env.runId,
      name: env.name,
      owner: env.owner,
      result: { stepsCompleted: 2 },
      started: start(),
      progress: reports,
    });
    // a finished run takes nothing more: a redelivered job's completion is not appended twice, and the
    // job itself is not run again
    await expect(lifecycle.completed(env, { stepsCompleted: 2 }, { started: start(), reports })).resolves.toBe(false);
    await expect(lifecycle.mayStart(env)).resolves.toBe(false);
    expect(await stream(env.runId)).toHaveLength(1);
  });

  it('stores a start with the first reports of a run that goes on, and the completion carries only what came after', async () => {
    const env = envelope();
    await expect(
      lifecycle.progressed(env, {
        started: start(),
        reports: [{ percent: 0, step: 'step 1', message: 'Checking step 1 of 2', at: '2026-11-29T10:00:00.050Z' }],
      }),
    ).resolves.toBe(true);
    await expect(lifecycle.completed(env, { stepsCompleted: 2 }, { started: null, reports })).resolves.toBe(true);

    const events = await stream(env.runId);
    expect(events.map((e) => e.type)).toEqual(['JobStarted', 'JobProgressed', 'JobCompleted']);
    expect(events[0].payload).toEqual({ runId: env.runId, name: env.name, ...start() });
    expect(events[2].payload).not.toHaveProperty('started');
    expect(events[2].payload).toMatchObject({ progress: reports });
  });

  it('stores a start not stored yet before how an attempt ended otherwise (a cancel)', async () => {
    const env = envelope();
    await lifecycle.canceled(env, 'Canceled by its owner', { started: start(), reports: [] });
    expect((await stream(env.runId)).map((e) => e.type)).toEqual(['JobStarted', 'JobCanceled']);
  });

  it('writes a fact reported the moment the previous one is written (one caller, back to back)', async () => {
    // as the operations console's queue clean cancels its runs one after another: the second used to
    // wait, queued, for some other fact to start the next write
    const [first, second] = [envelope(), envelope()];
    await lifecycle.canceled(first, 'Removed from its queue by an operator');
    await lifecycle.canceled(second, 'Removed from its queue by an operator');
    await lifecycle.progressed(first, { started: start(), reports: [] });
    await lifecycle.completed(second, { stepsCompleted: 2 });
    expect((await stream(first.runId)).map((e) => e.type)).toEqual(['JobCanceled']);
    expect((await stream(second.runId)).map((e) => e.type)).toEqual(['JobCanceled']);

    const env = envelope();
    await lifecycle.progressed(env, { started: start(), reports: [] });
    await lifecycle.completed(env, { stepsCompleted: 2 });
    const [, completed] = await stream(env.runId);
    // every report stored before: the completion carries none
    expect(completed.type).toBe('JobCompleted');
    expect(completed.payload).not.toHaveProperty('progress');
  });

  it('decides again, on its own, a run another writer moved while its group was written (a cancel request racing the end)', async () => {
    const [raced, other] = [envelope(), envelope()];
    await lifecycle.progressed(raced, { started: start(), reports: [] });
    // its owner's cancel request is appended and not committed yet when the worker's group is written
    const cancel = await uncommitted(testDb.orm, (tx) =>
      store.append(tx, jobStreamId(raced.runId), [{ type: 'JobCancelRequested', payload: { runId: raced.runId } }]),
    );
    const completing = lifecycle.completed(raced, { stepsCompleted: 2 });
    const starting = lifecycle.progressed(other, { started: start(), reports: [] });
    try {
      await waitingOnLock(testDb.orm);
    } finally {
      await cancel.commit();
    }
    // the completion was decided again on the moved stream (the request included) and appended after it
    await expect(completing).resolves.toBe(true);
    await expect(starting).resolves.toBe(true);
    expect((await stream(raced.runId)).map((e) => e.type)).toEqual(['JobStarted', 'JobCancelRequested', 'JobCompleted']);
    expect((await stream(other.runId)).map((e) => e.type)).toEqual(['JobStarted']);
  });
});
