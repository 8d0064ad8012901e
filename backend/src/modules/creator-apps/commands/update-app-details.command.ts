import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppDetailsChanged, type NewEvent, type PayloadOf } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { existingApp, type AppChanged, type AppState, type Json } from '../domain/app-state';
import { stableEqual } from '../domain/json-values';
import { changeApp, readOwnApp } from '../infra/app-stream';
import { claimAppSlug } from '../infra/app-identity';
import { moveApp } from '../domain/addresses';

/**
 * Change an app's name, app idea and/or canvas settings. A new name gives the app a new address from
 * it (its slug, free in the storefront); the old address answers with a 301 to the new one.
 */
export class UpdateAppDetails {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly changes: { name?: string; appIdea?: string | null; canvasSettings?: Json },
  ) {}
}

/**
 * What changes: only the details that differ from the app's (none: nothing is appended). `newSlug` is
 * the slug claimed for the new name, when there is one: the app moves there.
 */
export function decide(
  state: AppState | null,
  { appId, changes }: Pick<UpdateAppDetails, 'appId' | 'changes'>,
  newSlug?: string,
): NewEvent[] {
  const app = existingApp(state);
  const payload: PayloadOf<'AppDetailsChanged'> = { appId };
  if (changes.name !== undefined && changes.name !== app.name) payload.name = changes.name;
  const idea = changes.appIdea === '' ? null : changes.appIdea;
  if (idea !== undefined && idea !== app.appIdea) payload.appIdea = idea;
  if (changes.canvasSettings !== undefined && !stableEqual(changes.canvasSettings, app.canvasSettings)) {
    payload.canvasSettings = changes.canvasSettings;
  }
  if (Object.keys(payload).length <= 1) return [];
  const moved = payload.name !== undefined && newSlug ? moveApp(app, { ...app.address, appSlug: newSlug }) : [];
  return [{ type: AppDetailsChanged.type, payload }, ...moved];
}

@CommandHandler(UpdateAppDetails)
export class UpdateAppDetailsHandler implements ICommandHandler<UpdateAppDetails, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute(command: UpdateAppDetails) {
    const { appId, principal } = command;
    const { version } = await this.orm.em.fork().transactional(async (tem) => {
      const app = await readOwnApp(tem, this.events, principal, appId);
      const renamed = command.changes.name !== undefined && command.changes.name !== app.name;
      const newSlug = renamed ? await claimAppSlug(tem, app.address.storefrontSlug, command.changes.name!, appId) : undefined;
      return changeApp(tem, this.events, appId, principal, (fresh) => ({
        events: decide(fresh, command, newSlug),
        answer: null,
      }));
    });
    return { appId, version };
  }
}
