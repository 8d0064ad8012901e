import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppIsIdeaChanged, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppChanged, type AppState } from '../domain/app-state';
import { changeAppIn } from '../infra/app-stream';

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
    return changeAppIn(this.orm, this.events, command.principal, command.appId, (app) => decide(app, command));
  }
}
