import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { StoredEvent } from '@sparkhouse/contracts';
import { StoresJobResult, type CompletedRun, type JobResultHandler, type Stored } from '../../../platform/jobs/job-result';
import { StoreBrainstormIdeas } from '../commands/store-brainstorm-ideas.command';

type Brainstorm = 'creator-apps.brainstorm';

/** A brainstorm's ideas are kept on its brainstorm (once per run). */
@StoresJobResult('creator-apps.brainstorm')
@Injectable()
export class BrainstormResult implements JobResultHandler<Brainstorm> {
  constructor(private readonly commands: CommandBus) {}

  async completed(run: CompletedRun<Brainstorm>): Promise<Stored> {
    const brainstormId = (await run.request())?.brainstormId ?? '';
    return this.commands.execute<StoreBrainstormIdeas, { appended: StoredEvent[] }>(
      new StoreBrainstormIdeas(run.runId, brainstormId, run.result, run.eventId),
    );
  }
}
