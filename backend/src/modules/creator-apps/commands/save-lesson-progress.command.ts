import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MemberLessonProgressSaved } from '@sparkhouse/contracts';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { memberStreamId } from '../domain/member-program';

/** The member's place in a lesson, as class progress is saved: each save is a fact, the newest position wins. */
export class SaveLessonProgress {
  constructor(
    readonly appId: string,
    readonly memberId: string,
    readonly mediaId: string,
    readonly phaseId: string,
    readonly positionInSeconds: number,
    readonly percentComplete: number,
    readonly additionalSecondsWatched: number,
  ) {}
}

@CommandHandler(SaveLessonProgress)
export class SaveLessonProgressHandler implements ICommandHandler<SaveLessonProgress> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(c: SaveLessonProgress) {
    // one statement: the append commits on its own
    await this.events.append(this.orm.em.fork(), memberStreamId(c.appId, c.memberId), [
      {
        type: MemberLessonProgressSaved.type,
        payload: {
          appId: c.appId,
          memberId: c.memberId,
          mediaId: c.mediaId,
          phaseId: c.phaseId,
          positionInSeconds: c.positionInSeconds,
          percentComplete: c.percentComplete,
          additionalSecondsWatched: c.additionalSecondsWatched,
        },
      },
    ]);
  }
}
