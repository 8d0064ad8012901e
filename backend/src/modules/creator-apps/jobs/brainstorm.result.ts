import { Injectable } from '@nestjs/common';
import { StoredByCommand, StoresJobResult, type CompletedRun } from '../../../platform/jobs/job-result';
import type { JobPayload } from '@sparkhouse/contracts';
import { StoreBrainstormIdeas } from '../commands/store-brainstorm-ideas.command';

type Job = 'creator-apps.brainstorm';

/** A brainstorm's ideas are kept on its brainstorm (once per run). */
@StoresJobResult('creator-apps.brainstorm')
@Injectable()
export class BrainstormResult extends StoredByCommand<Job> {
  protected command(run: CompletedRun<Job>, request: JobPayload<Job> | null) {
    return new StoreBrainstormIdeas(run.runId, request?.brainstormId ?? '', run.result, run.eventId);
  }
}
