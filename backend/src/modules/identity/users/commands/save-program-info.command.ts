import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { ProgramInfoSaved } from '@sparkhouse/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { EventStore } from '../../../../platform/events/event-store';
import { Clock } from '../infra/clock';
import { userStreamId } from '../infra/user-streams';
import { signedIn } from '../domain/caller';

/** Save the caller's program info for a program slug (the latest save wins). */
export class SaveProgramInfo {
  constructor(
    readonly principal: Principal | null,
    readonly slug: string,
    readonly programInfo: Record<string, unknown>,
  ) {}
}

@CommandHandler(SaveProgramInfo)
export class SaveProgramInfoHandler implements ICommandHandler<SaveProgramInfo> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, slug, programInfo }: SaveProgramInfo) {
    const userId = signedIn(principal).id;
    const savedAt = this.clock.now().toISOString();
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.append(tem, userStreamId(userId), [
          { type: ProgramInfoSaved.type, payload: { userId, slug, programInfo, savedAt } },
        ]),
      );
  }
}
