import type { JobRunStatus } from '@sparkhouse/contracts';

/** How the gateway learns who owns a run, without reaching into the module that keeps job runs. */
export interface JobRunAccess {
  ownerOf(runId: string): Promise<{ ownerId: string; status: JobRunStatus } | null>;
}

export const JOB_RUN_ACCESS = Symbol('JOB_RUN_ACCESS');
