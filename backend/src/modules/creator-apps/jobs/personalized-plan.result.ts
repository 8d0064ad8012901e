import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { StoredEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { StoresJobResult, type CompletedRun, type JobResultHandler, type Stored } from '../../../platform/jobs/job-result';
import { RecordSimulatedPlan } from '../commands/record-simulated-plan.command';
import { simulatorRunStreamId } from '../domain/simulator-items';

type Plan = 'app-visitors.personalized-plan';

/**
 * A plan that a creator's simulator run asked for (its run has a simulator-run stream) is recorded as a
 * simulator item; a live visitor's plan is read from the visitors' read model and records nothing here
 * (one look-up, no command). The command records a run's plan once.
 */
@StoresJobResult('app-visitors.personalized-plan')
@Injectable()
export class PersonalizedPlanResult implements JobResultHandler<Plan> {
  constructor(
    private readonly commands: CommandBus,
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async completed(run: CompletedRun<Plan>): Promise<Stored> {
    const stream = simulatorRunStreamId(run.runId);
    const simulated = await this.events.existingStreams(this.orm.em.fork(), [stream]);
    if (!simulated.has(stream)) return;
    const appended = await this.commands.execute<RecordSimulatedPlan, StoredEvent[]>(
      new RecordSimulatedPlan(run.runId, run.result, run.eventId),
    );
    return { appended };
  }
}
