import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppDetailsChanged, type NewEvent, type PayloadOf } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppChanged, type AppState, type Json } from '../domain/app-state';
import { stableEqual } from '../domain/json-values';
import { changeAppIn } from '../infra/app-stream';

/** Change an app's name, app idea and/or canvas settings. The address stays. */
export class UpdateAppDetails {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly changes: { name?: string; appIdea?: string | null; canvasSettings?: Json },
  ) {}
}

/** What changes: only the details that differ from the app's (none: nothing is appended). */
export function decide(state: AppState | null, { appId, changes }: Pick<UpdateAppDetails, 'appId' | 'changes'>): NewEvent[] {
  const app = existingApp(state);
  const payload: PayloadOf<'AppDetailsChanged'> = { appId };
  if (changes.name !== undefined && changes.name !== app.name) payload.name = changes.name;
  const idea = changes.appIdea === '' ? null : changes.appIdea;
  if (idea !== undefined && idea !== app.appIdea) payload.appIdea = idea;
  if (changes.canvasSettings !== undefined && !stableEqual(changes.canvasSettings, app.canvasSettings)) {
    payload.canvasSettings = changes.canvasSettings;
  }
  return Object.keys(payload).length > 1 ? [{ type: AppDetailsChanged.type, payload }] : [];
}

@CommandHandler(UpdateAppDetails)
export class UpdateAppDetailsHandler implements ICommandHandler<UpdateAppDetails, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: UpdateAppDetails) {
    return changeAppIn(this.orm, this.events, command.principal, command.appId, (app) => decide(app, command));
  }
}
