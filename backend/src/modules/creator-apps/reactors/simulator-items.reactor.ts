import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { DomainEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../platform/events/event-store';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { RecordSimulatedPlan } from '../commands/record-simulated-plan.command';
import { simulatorRunStreamId } from '../domain/simulator-items';
import { PLAN_JOB } from '../domain/visitors';

/**
 * When a plan job completes, records the plan as a simulator item if a creator's simulator run asked
 * for it (its run has a simulator-run stream); a live visitor's plan records nothing. One look-up per
 * batch finds the simulator runs among the completions, so visitors' plans cost no command. At least
 * once: the command records a run's plan once.
 */
@Subscribes()
@Injectable()
export class SimulatorItemsReactor implements Reactor<'JobCompleted'> {
  readonly kind = 'reactor';
  readonly name = 'creator-apps.simulator-items';
  readonly handles = ['JobCompleted' as const];

  constructor(
    private readonly commands: CommandBus,
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  accepts(e: DomainEvent<'JobCompleted'>) {
    return e.payload.name === PLAN_JOB;
  }

  async handle(events: DomainEvent<'JobCompleted'>[]): Promise<void> {
    const plans = events.filter((e) => e.payload.name === PLAN_JOB);
    if (plans.length === 0) return;
    const streams = plans.map((e) => simulatorRunStreamId(e.payload.runId));
    const simulated = await this.events.existingStreams(this.orm.em.fork(), streams);
    for (const e of plans) {
      const p = e.payload;
      if (simulated.has(simulatorRunStreamId(p.runId)))
        await this.commands.execute(new RecordSimulatedPlan(p.runId, p.result, e.eventId));
    }
  }
}
