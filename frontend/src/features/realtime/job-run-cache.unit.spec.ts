import type { JobRunView } from '@sparkhouse/contracts';
import { applyJobMessage } from './job-run-cache';

/** What an end push adds: its consistency token, and whether a result handler stored something. */
const stored = { token: '12.34', stored: false };
const base: JobRunView = {
  runId: 'r1',
  name: 'operations.pipeline-check',
  queue: 'operations',
  ownerId: 'anon_x',
  subjectId: null,
  status: 'queued',
  percent: 0,
  step: null,
  message: null,
  steps: [],
  attempts: 0,
  result: null,
  error: null,
  requestedAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  durationMs: null,
};
const common = { runId: 'r1', name: base.name, subjectId: null };

describe('applyJobMessage', () => {
  it('folds progress into the run and records each new step once', () => {
    let run = applyJobMessage(base, {
      type: 'progress',
      message: { ...common, percent: 30, step: 'checking', message: 'Step 1 of 3', at: '2026-01-01T00:00:01.000Z' },
    });
    run = applyJobMessage(run, {
      type: 'progress',
      message: { ...common, percent: 60, step: 'checking', message: 'Step 2 of 3', at: '2026-01-01T00:00:02.000Z' },
    });
    expect(run).toMatchObject({ status: 'running', percent: 60, step: 'checking', message: 'Step 2 of 3' });
    expect(run.steps).toEqual([{ step: 'checking', startedAt: '2026-01-01T00:00:01.000Z' }]);
  });

  it('ignores progress that arrives after a terminal state', () => {
    const done = applyJobMessage(base, {
      type: 'completed',
      message: { ...common, ...stored, result: { stepsCompleted: 3 }, at: '2026-01-01T00:00:05.000Z' },
    });
    expect(done).toMatchObject({ status: 'completed', percent: 100, durationMs: 5000 });
    const late = applyJobMessage(done, {
      type: 'progress',
      message: { ...common, percent: 50, step: 'checking', message: 'late', at: '2026-01-01T00:00:06.000Z' },
    });
    expect(late).toBe(done);
  });

  it('records a failure reason and ignores messages for other runs', () => {
    const other = applyJobMessage(base, { type: 'canceled', message: { ...common, ...stored, runId: 'r2', at: 'x' } });
    expect(other).toBe(base);
    const failed = applyJobMessage(base, {
      type: 'failed',
      message: { ...common, ...stored, reason: 'Failed at step 2', at: '2026-01-01T00:00:02.000Z' },
    });
    expect(failed).toMatchObject({ status: 'failed', error: 'Failed at step 2' });
  });
});
