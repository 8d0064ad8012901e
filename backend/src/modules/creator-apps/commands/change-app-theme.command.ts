import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppThemeChanged, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppChanged, type AppState, type Theme } from '../domain/app-state';
import { stableEqual } from '../domain/json-values';
import { changeAppIn } from '../infra/app-stream';

/** Replace the app's theme. */
export class ChangeAppTheme {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly theme: Theme,
  ) {}
}

export function decide(state: AppState | null, { appId, theme }: Pick<ChangeAppTheme, 'appId' | 'theme'>): NewEvent[] {
  return stableEqual(existingApp(state).theme, theme) ? [] : [{ type: AppThemeChanged.type, payload: { appId, theme } }];
}

@CommandHandler(ChangeAppTheme)
export class ChangeAppThemeHandler implements ICommandHandler<ChangeAppTheme, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: ChangeAppTheme) {
    return changeAppIn(this.orm, this.events, command.principal, command.appId, (app) => decide(app, command));
  }
}
