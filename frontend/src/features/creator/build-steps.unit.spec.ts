import type { JobRunView } from '@sparkhouse/contracts';
import { appendLogEntry, buildStepStates, stepLabel } from './build-steps';

const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

const run = (over: Partial<JobRunView>): JobRunView => ({
  runId: 'r1',
  name: 'creator-apps.build-app',
  queue: 'app-builds',
  ownerId: 'u1',
  subjectId: 'a1',
  status: 'queued',
  percent: 0,
  step: null,
  message: null,
  steps: [],
  attempts: 0,
  result: null,
  error: null,
  requestedAt: t(0),
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  ...over,
});

const states = (r: JobRunView, now = Date.parse(t(60))) => buildStepStates(r, now).map((s) => [s.step, s.state]);

describe('buildStepStates', () => {
  it('lists the declared build steps in order, all pending while queued', () => {
    expect(states(run({}))).toEqual([
      ['blueprint', 'pending'],
      ['onboarding', 'pending'],
      ['landing-page', 'pending'],
      ['app-image', 'pending'],
    ]);
    expect(buildStepStates(run({})).map((s) => s.label)).toEqual(['Blueprint', 'Onboarding flow', 'Landing page', 'App image']);
  });

  it('marks the steps before the current one done, the current running, the rest pending', () => {
    const r = run({
      status: 'running',
      step: 'landing-page',
      percent: 50,
      startedAt: t(1),
      steps: [
        { step: 'blueprint', startedAt: t(1) },
        { step: 'onboarding', startedAt: t(4) },
        { step: 'landing-page', startedAt: t(9) },
      ],
    });
    const view = buildStepStates(r, Date.parse(t(12)));
    expect(view.map((s) => [s.step, s.state])).toEqual([
      ['blueprint', 'done'],
      ['onboarding', 'done'],
      ['landing-page', 'running'],
      ['app-image', 'pending'],
    ]);
    // durations: a done step ends where the next began; the running one counts up to now
    expect(view.map((s) => s.durationMs)).toEqual([3000, 5000, 3000, null]);
  });

  it('has every step done once the run completed', () => {
    const r = run({
      status: 'completed',
      step: 'app-image',
      percent: 100,
      steps: [
        { step: 'blueprint', startedAt: t(1) },
        { step: 'onboarding', startedAt: t(2) },
        { step: 'landing-page', startedAt: t(3) },
        { step: 'app-image', startedAt: t(4) },
      ],
      finishedAt: t(6),
    });
    const view = buildStepStates(r);
    expect(view.every((s) => s.state === 'done')).toBe(true);
    expect(view[3].durationMs).toBe(2000);
  });

  it('shows the step a run failed or was canceled at, with later steps pending', () => {
    const steps = [
      { step: 'blueprint', startedAt: t(1) },
      { step: 'onboarding', startedAt: t(2) },
    ];
    expect(states(run({ status: 'failed', step: 'onboarding', steps, error: 'Provider down' }))).toEqual([
      ['blueprint', 'done'],
      ['onboarding', 'failed'],
      ['landing-page', 'pending'],
      ['app-image', 'pending'],
    ]);
    expect(states(run({ status: 'canceled', step: 'onboarding', steps }))[1]).toEqual(['onboarding', 'canceled']);
  });

  it('follows a retried attempt that started again from the first step', () => {
    const r = run({
      status: 'running',
      step: 'blueprint',
      steps: [
        { step: 'blueprint', startedAt: t(1) },
        { step: 'onboarding', startedAt: t(2) },
        { step: 'blueprint', startedAt: t(10) },
      ],
    });
    const view = buildStepStates(r, Date.parse(t(11)));
    expect(view.map((s) => s.state)).toEqual(['running', 'pending', 'pending', 'pending']);
    expect(view[0].durationMs).toBe(1000);
  });

  it('keeps steps the job did not declare, after the declared ones', () => {
    const r = run({
      name: 'creator-apps.build-app',
      status: 'running',
      step: 'polishing',
      steps: [{ step: 'polishing', startedAt: t(1) }],
    });
    expect(states(r).at(-1)).toEqual(['polishing', 'running']);
    expect(stepLabel('polishing-copy')).toBe('Polishing copy');
  });
});

describe('appendLogEntry', () => {
  it('appends messages in arrival order, skipping an immediate repeat and blank messages', () => {
    let log = appendLogEntry([], { at: t(1), step: 'blueprint', message: 'Writing the blueprint' });
    log = appendLogEntry(log, { at: t(1), step: 'blueprint', message: 'Writing the blueprint' });
    log = appendLogEntry(log, { at: t(2), step: 'blueprint', message: '  ' });
    log = appendLogEntry(log, { at: t(3), step: 'blueprint', message: 'Blueprint ready' });
    expect(log.map((e) => e.message)).toEqual(['Writing the blueprint', 'Blueprint ready']);
  });

  it('keeps only the newest entries', () => {
    let log: ReturnType<typeof appendLogEntry> = [];
    for (let i = 0; i < 5; i++) log = appendLogEntry(log, { at: t(i), step: 's', message: `m${i}` }, 3);
    expect(log.map((e) => e.message)).toEqual(['m2', 'm3', 'm4']);
  });
});
