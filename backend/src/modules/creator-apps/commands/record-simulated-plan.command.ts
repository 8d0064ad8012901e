import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StoredEvent } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { decidePlanItem, simulatorRunStreamId } from '../domain/simulator-items';

/**
 * Record the plan a simulator run produced, as a simulator item beside the run's answers. A plan job
 * of a live visitor has no simulator run: nothing is recorded. Delivered again, it records nothing new.
 */
export class RecordSimulatedPlan {
  constructor(
    readonly runId: string,
    readonly result: unknown,
    /** The JobCompleted that carried the result (the recorded item's cause). */
    readonly causationId: string,
  ) {}
}

@CommandHandler(RecordSimulatedPlan)
export class RecordSimulatedPlanHandler implements ICommandHandler<RecordSimulatedPlan, StoredEvent[]> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  /** The events recorded: none when the run is no simulator run or its plan was recorded already. */
  async execute({ runId, result, causationId }: RecordSimulatedPlan): Promise<StoredEvent[]> {
    const appended = await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, simulatorRunStreamId(runId), (stream) => decidePlanItem(stream, result), {
        actor: 'system',
        causationId,
      }),
    );
    return appended ?? [];
  }
}
