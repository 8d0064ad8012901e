import type { JobRunView } from '@sparkhouse/contracts';
import { mergeFetchedRun } from './job-run-merge';

const base: JobRunView = {
  runId: 'r1',
  name: 'creator-apps.build-app',
  queue: 'app-builds',
  ownerId: 'u1',
  subjectId: 'a1',
  status: 'running',
  percent: 0,
  step: null,
  message: null,
  steps: [],
  attempts: 1,
  result: null,
  error: null,
  requestedAt: '2026-01-01T00:00:00.000Z',
  startedAt: '2026-01-01T00:00:00.200Z',
  finishedAt: null,
  durationMs: null,
};
// what the pushes already gave: the blueprint step under way
const pushed: JobRunView = {
  ...base,
  percent: 5,
  step: 'blueprint',
  message: 'Writing the blueprint',
  steps: [{ step: 'blueprint', startedAt: '2026-01-01T00:00:00.300Z' }],
};

describe('mergeFetchedRun', () => {
  it('takes the fetched run when nothing is cached, or it is as far as the cache', () => {
    expect(mergeFetchedRun(undefined, base)).toBe(base);
    const further = {
      ...pushed,
      percent: 30,
      step: 'onboarding',
      steps: [...pushed.steps, { step: 'onboarding', startedAt: 'x' }],
    };
    expect(mergeFetchedRun(pushed, further)).toBe(further);
  });

  it('a read model behind the pushes does not move a live run back', () => {
    const merged = mergeFetchedRun(pushed, { ...base, attempts: 2 });
    expect(merged).toMatchObject({
      status: 'running',
      percent: 5,
      step: 'blueprint',
      message: 'Writing the blueprint',
      attempts: 2,
    });
    expect(merged.steps).toEqual(pushed.steps);
  });

  it('a run a push already ended stays ended until the read model catches up', () => {
    const canceled = { ...pushed, status: 'canceled' as const, finishedAt: '2026-01-01T00:00:01.000Z' };
    expect(mergeFetchedRun(canceled, base)).toBe(canceled);
  });

  it('a run a push ended takes the steps the read model knows and the missed pushes did not bring', () => {
    // the page reloaded mid-run and missed the second step's push; the end arrived by push
    const ended = { ...pushed, status: 'completed' as const, percent: 100, finishedAt: '2026-01-01T00:00:02.000Z' };
    const steps = [...pushed.steps, { step: 'onboarding', startedAt: '2026-01-01T00:00:01.000Z' }];
    const merged = mergeFetchedRun(ended, { ...pushed, percent: 90, steps });
    expect(merged).toMatchObject({ status: 'completed', percent: 100 });
    expect(merged.steps).toEqual(steps);
  });

  it("takes the read model's outcome, keeping the steps the run had reached", () => {
    const merged = mergeFetchedRun(pushed, { ...base, status: 'canceled', finishedAt: '2026-01-01T00:00:01.000Z' });
    expect(merged).toMatchObject({ status: 'canceled', step: 'blueprint', finishedAt: '2026-01-01T00:00:01.000Z' });
    expect(merged.steps).toEqual(pushed.steps);
  });

  it('another run is never mixed in', () => {
    const other = { ...base, runId: 'r2' };
    expect(mergeFetchedRun(pushed, other)).toBe(other);
  });
});
