import { JOBS, type JobRunView } from '@sparkhouse/contracts';

export type BuildStepState = 'pending' | 'running' | 'done' | 'failed' | 'canceled';

export interface BuildStepView {
  step: string;
  label: string;
  state: BuildStepState;
  /** How long the step took (done) or has taken so far (running), when known. */
  durationMs: number | null;
}

const STEP_LABELS: Record<string, string> = {
  blueprint: 'Blueprint',
  onboarding: 'Onboarding flow',
  'landing-page': 'Landing page',
  'app-image': 'App image',
  brainstorming: 'Brainstorming ideas',
  editing: 'Editing the landing page',
};

export const stepLabel = (step: string): string =>
  STEP_LABELS[step] ?? step.charAt(0).toUpperCase() + step.slice(1).replace(/-/g, ' ');

export function declaredSteps(jobName: string): readonly string[] {
  return (JOBS as Record<string, { steps: readonly string[] } | undefined>)[jobName]?.steps ?? [];
}

/** When each step was last entered: a retried attempt starts its steps again, the newest entry counts. */
function lastStarts(run: JobRunView): Map<string, number> {
  const starts = new Map<string, number>();
  for (const { step, startedAt } of run.steps) {
    const at = Date.parse(startedAt);
    if (Number.isFinite(at)) starts.set(step, at);
  }
  return starts;
}

/**
 * The build's named steps and each one's state, derived from the run alone (the job_run read model
 * after a reload, or the cache the socket pushes keep current). The declared steps come in order;
 * everything before the step the run is on is done, the step itself is running (or failed, or
 * canceled, with the run), everything after it is pending. A completed run has every step done.
 */
export function buildStepStates(run: JobRunView, now: number = Date.now()): BuildStepView[] {
  const declared = declaredSteps(run.name);
  const seen = run.steps.map((s) => s.step);
  const names = [...declared, ...seen.filter((s, i) => !declared.includes(s) && seen.indexOf(s) === i)];
  const currentIndex = run.step ? names.indexOf(run.step) : -1;
  const starts = lastStarts(run);
  const finishedAt = run.finishedAt ? Date.parse(run.finishedAt) : NaN;

  const stateAt = (index: number): BuildStepState => {
    if (run.status === 'completed') return 'done';
    if (currentIndex < 0) return 'pending';
    if (index < currentIndex) return 'done';
    if (index > currentIndex) return 'pending';
    if (run.status === 'failed') return 'failed';
    if (run.status === 'canceled') return 'canceled';
    return 'running';
  };

  return names.map((step, index) => {
    const state = stateAt(index);
    const start = starts.get(step);
    // a step ends where the next one started (or where the run finished)
    const nextStart = names
      .slice(index + 1)
      .map((s) => starts.get(s))
      .find((t): t is number => t !== undefined && start !== undefined && t >= start);
    let durationMs: number | null = null;
    if (start !== undefined) {
      if (state === 'running') durationMs = Math.max(0, now - start);
      else if (state !== 'pending') {
        const end = nextStart ?? (Number.isFinite(finishedAt) ? finishedAt : undefined);
        durationMs = end === undefined ? null : Math.max(0, end - start);
      }
    }
    return { step, label: stepLabel(step), state, durationMs };
  });
}

export interface ProgressLogEntry {
  at: string;
  step: string;
  message: string;
}

/**
 * The messages a creator reads as the build goes: appended as they arrive, without repeats
 * (a reconnect or the read model can hand back the message already shown), newest last.
 */
export function appendLogEntry(log: readonly ProgressLogEntry[], entry: ProgressLogEntry, max = 50): ProgressLogEntry[] {
  if (!entry.message.trim()) return log as ProgressLogEntry[];
  const last = log[log.length - 1];
  if (last && last.message === entry.message && last.step === entry.step) return log as ProgressLogEntry[];
  const next = [...log, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}
