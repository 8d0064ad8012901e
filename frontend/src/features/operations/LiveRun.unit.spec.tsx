import type { JobRunView } from '@sparkhouse/contracts';
import { stepStates } from './LiveRun';

const run = (over: Partial<JobRunView>): JobRunView => ({
  runId: '11111111-1111-4111-8111-111111111111',
  name: 'operations.pipeline-check',
  queue: 'operations',
  ownerId: 'u1',
  subjectId: null,
  status: 'running',
  percent: 33.3,
  step: 'step 2',
  message: 'Checking step 2 of 3',
  steps: [
    { step: 'step 1', startedAt: '2026-01-01T00:00:00Z' },
    { step: 'step 2', startedAt: '2026-01-01T00:00:01Z' },
  ],
  plannedSteps: ['step 1', 'step 2', 'step 3'],
  attempts: 1,
  result: null,
  error: null,
  requestedAt: '2026-01-01T00:00:00Z',
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
  durationMs: null,
  ...over,
});

describe('pipeline check steps', () => {
  it('shows as many steps as the check counts: one chip per step checked, the ones ahead pending', () => {
    expect(stepStates(run({}))).toEqual([
      { step: 'step 1', state: 'done' },
      { step: 'step 2', state: 'current' },
      { step: 'step 3', state: 'pending' },
    ]);
  });

  it('a finished 3-step check ("All 3 steps passed") shows 3 done steps', () => {
    const done = run({
      status: 'completed',
      percent: 100,
      step: 'step 3',
      message: 'All 3 steps passed',
      steps: ['step 1', 'step 2', 'step 3'].map((step) => ({ step, startedAt: '2026-01-01T00:00:00Z' })),
    });
    const states = stepStates(done);
    expect(states).toHaveLength(Number(/All (\d+) steps passed/.exec(done.message!)![1]));
    expect(states.every((s) => s.state === 'done')).toBe(true);
  });
});
