import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { AppPublished, errorCodes, type NewEvent, type PayloadOf } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { ApiError } from '../../../platform/http/errors';
import { APP_DOCUMENTS, existingApp, type AppChanged, type AppState } from '../domain/app-state';
import { TIER_REQUIRED_MESSAGE } from '../domain/publish-access';
import { changeAppIn, readOwnApp } from '../infra/app-stream';
import { PublishingQueries } from '../queries/publishing.query';

/**
 * Publish: the current drafts (document versions, theme, canvas settings; the pricing with them) become
 * the published state. The owner needs a creator-platform plan (publish-access.ts): without one, 402.
 */
export class PublishApp {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
  ) {}
}

/** The current version of each document, the theme and the canvas settings go live. */
export function decide(state: AppState | null, { appId }: Pick<PublishApp, 'appId'>, now = new Date()): NewEvent[] {
  const app = existingApp(state);
  const versions = Object.fromEntries(
    APP_DOCUMENTS.map((d) => [d, app.histories[d].versions[app.histories[d].versions.length - 1]?.versionId ?? null]),
  ) as PayloadOf<'AppPublished'>['versions'];
  return [
    {
      type: AppPublished.type,
      payload: { appId, versions, theme: app.theme, canvasSettings: app.canvasSettings, publishedAt: now.toISOString() },
    },
  ];
}

@CommandHandler(PublishApp)
export class PublishAppHandler implements ICommandHandler<PublishApp, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly publishing: PublishingQueries,
  ) {}

  async execute(command: PublishApp) {
    const { principal, appId } = command;
    const app = await readOwnApp(this.orm.em.fork(), this.events, principal, appId);
    const access = await this.publishing.access(principal!, app.ownerId);
    if (!access.allowed) throw new ApiError(402, errorCodes.tierRequired, TIER_REQUIRED_MESSAGE);
    return changeAppIn(this.orm, this.events, principal, appId, (app) => decide(app, command));
  }
}
