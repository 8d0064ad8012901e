import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppOpened, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppChanged, type AppState } from '../domain/app-state';
import { changeApp } from '../infra/app-stream';

/** The creator opened the app in the builder. */
export class RecordAppOpened {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
  ) {}
}

export function decide(state: AppState | null, { appId }: Pick<RecordAppOpened, 'appId'>, openedAt: string): NewEvent[] {
  existingApp(state);
  return [{ type: AppOpened.type, payload: { appId, openedAt } }];
}

@CommandHandler(RecordAppOpened)
export class RecordAppOpenedHandler implements ICommandHandler<RecordAppOpened, AppChanged & { openedAt: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: RecordAppOpened) {
    const { appId, principal } = command;
    const openedAt = new Date().toISOString();
    const { version } = await this.orm.em
      .fork()
      .transactional((tem) =>
        changeApp(tem, this.events, appId, principal, (app) => ({ events: decide(app, command, openedAt), answer: null })),
      );
    return { appId, version, openedAt };
  }
}
