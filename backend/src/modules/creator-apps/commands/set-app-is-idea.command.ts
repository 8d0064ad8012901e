import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppIsIdeaChanged, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppChanged, type AppState } from '../domain/app-state';
import { changeApp } from '../infra/app-stream';

/** Switch an app between idea and app (spec 4). */
export class SetAppIsIdea {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly isIdea: boolean,
  ) {}
}

export function decide(state: AppState | null, { appId, isIdea }: Pick<SetAppIsIdea, 'appId' | 'isIdea'>): NewEvent[] {
  return existingApp(state).isIdea === isIdea ? [] : [{ type: AppIsIdeaChanged.type, payload: { appId, isIdea } }];
}

@CommandHandler(SetAppIsIdea)
export class SetAppIsIdeaHandler implements ICommandHandler<SetAppIsIdea, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: SetAppIsIdea) {
    const { appId, principal } = command;
    const { version } = await this.orm.em
      .fork()
      .transactional((tem) =>
        changeApp(tem, this.events, appId, principal, (app) => ({ events: decide(app, command), answer: null })),
      );
    return { appId, version };
  }
}
