import { SetMetadata } from '@nestjs/common';
import type { JobName, JobOwner, JobPayload, JobResult } from '@sparkhouse/contracts';

export const JOB_HANDLER = Symbol('JOB_HANDLER');

/** Marks the one class that runs a job. Start-up fails when a job has no handler, or two. */
export const HandlesJob = (name: JobName): ClassDecorator => SetMetadata(JOB_HANDLER, name);

export interface JobContext<N extends JobName> {
  readonly runId: string;
  readonly name: N;
  readonly owner: JobOwner;
  readonly payload: JobPayload<N>;
  /** 1 on the first try. */
  readonly attempt: number;
  /** When the run was requested (ISO). */
  readonly requestedAt: string;
  /** Aborted when the run is canceled or the worker shuts down: stop soon and let it throw. */
  readonly signal: AbortSignal;
  /** Reports progress: pushed to the owner at once, stored (throttled) in the job_run read model. */
  progress(percent: number, step: string, message?: string): Promise<void>;
  /** Throws when the run was canceled; call it between steps. */
  throwIfAborted(): void;
}

export interface JobProcessor<N extends JobName> {
  run(ctx: JobContext<N>): Promise<JobResult<N>>;
}

/** Checks that every declared job has exactly one handler and that no handler serves an unknown job. */
export function assertJobCoverage(declared: readonly string[], handled: readonly string[]): void {
  const problems: string[] = [];
  for (const name of declared) {
    const n = handled.filter((h) => h === name).length;
    if (n === 0) problems.push(`job "${name}" has no handler`);
    if (n > 1) problems.push(`job "${name}" has ${n} handlers`);
  }
  for (const name of new Set(handled)) {
    if (!declared.includes(name)) problems.push(`handler for unknown job "${name}"`);
  }
  if (problems.length > 0) throw new Error(`Job handlers do not match contracts/jobs: ${problems.join('; ')}`);
}

/** Sleeps, but wakes with an error as soon as the signal aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
