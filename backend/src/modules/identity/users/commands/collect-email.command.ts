import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { EmailCollected } from '@sparkhouse/contracts';
import { EventStore } from '../../../../platform/events/event-store';
import { Clock } from '../infra/clock';
import { emailStreamId } from '../infra/user-streams';

/** Keep a lead: an email, the class it is interested in, tags. */
export class CollectEmail {
  constructor(
    readonly email: string,
    readonly classInterestedIn: string | null,
    readonly extraTags: string[],
  ) {}
}

@CommandHandler(CollectEmail)
export class CollectEmailHandler implements ICommandHandler<CollectEmail> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ email, classInterestedIn, extraTags }: CollectEmail) {
    const collectedAt = this.clock.now().toISOString();
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.append(tem, emailStreamId(email), [
          { type: EmailCollected.type, payload: { email, classInterestedIn, extraTags, collectedAt } },
        ]),
      );
  }
}
