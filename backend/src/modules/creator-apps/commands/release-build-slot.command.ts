import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { run } from '../../../platform/database/sql';

/** A build ended without a result (failed or canceled): its slot is free again. */
export class ReleaseBuildSlot {
  constructor(readonly runId: string) {}
}

@CommandHandler(ReleaseBuildSlot)
export class ReleaseBuildSlotHandler implements ICommandHandler<ReleaseBuildSlot, void> {
  constructor(private readonly orm: Database) {}

  async execute({ runId }: ReleaseBuildSlot) {
    await run(this.orm.em.fork(), 'delete from creator_build_slot where run_id = ?', [runId]);
  }
}
