import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { unauthorized } from '../../../platform/http/errors';
import type { AppChanged } from '../domain/app-state';
import { createAppIn } from '../infra/app-identity';

/** Create an app (or an idea) for the caller. */
export class CreateApp {
  constructor(
    readonly principal: Principal | null,
    readonly input: { name: string; prompt?: string; isIdea?: boolean },
  ) {}
}

@CommandHandler(CreateApp)
export class CreateAppHandler implements ICommandHandler<CreateApp, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, input }: CreateApp) {
    if (principal?.kind !== 'user') throw unauthorized();
    return this.orm.em
      .fork()
      .transactional((tem) =>
        createAppIn(tem, this.events, principal, { name: input.name, prompt: input.prompt ?? '', isIdea: input.isIdea ?? false }),
      );
  }
}
