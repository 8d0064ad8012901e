import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { EmailConfirmationRequested } from '@sparkhouse/contracts';
import { EventStore } from '../../../../platform/events/event-store';
import { emailStreamId } from '../infra/user-streams';

/** Sign-up compensation (spec 4): the backend user could not be created; a confirmation was asked for. */
export class RequestEmailConfirmation {
  constructor(readonly email: string) {}
}

@CommandHandler(RequestEmailConfirmation)
export class RequestEmailConfirmationHandler implements ICommandHandler<RequestEmailConfirmation> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ email }: RequestEmailConfirmation) {
    await this.orm.em
      .fork()
      .transactional((tem) =>
        this.events.append(tem, emailStreamId(email), [{ type: EmailConfirmationRequested.type, payload: { email } }]),
      );
  }
}
