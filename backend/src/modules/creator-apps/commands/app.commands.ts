import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import {
  AppDetailsChanged,
  AppIsIdeaChanged,
  AppOpened,
  AppPublished,
  AppThemeChanged,
  errorCodes,
  type EventPayload,
  type NewEvent,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { EventStore } from '../../../platform/events/event-store';
import { ApiError, unauthorized } from '../../../platform/http/errors';
import { TIER_REQUIRED_MESSAGE } from '../domain/publish-access';
import { PublishingQueries } from '../queries/publishing.queries';
import { stableEqual } from '../domain/json-values';
import { APP_DOCUMENTS, type Json, type Theme } from '../domain/app-state';
import { createAppIn } from './app-identity';
import { changeApp, readOwnApp } from './command-support';

/** What an app-changing command answers: the app and the stream version a read must reach to show the change. */
export interface AppChanged {
  appId: string;
  version: number;
}

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

/** Change an app's name, app idea and/or canvas settings. The address stays. */
export class UpdateAppDetails {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly changes: { name?: string; appIdea?: string | null; canvasSettings?: Json },
  ) {}
}

@CommandHandler(UpdateAppDetails)
export class UpdateAppDetailsHandler implements ICommandHandler<UpdateAppDetails, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId, changes }: UpdateAppDetails) {
    const { version } = await this.orm.em.fork().transactional((tem) =>
      changeApp(tem, this.events, appId, principal, (app) => {
        const payload: EventPayload<typeof AppDetailsChanged> = { appId };
        if (changes.name !== undefined && changes.name !== app.name) payload.name = changes.name;
        const idea = changes.appIdea === '' ? null : changes.appIdea;
        if (idea !== undefined && idea !== app.appIdea) payload.appIdea = idea;
        if (changes.canvasSettings !== undefined && !stableEqual(changes.canvasSettings, app.canvasSettings)) {
          payload.canvasSettings = changes.canvasSettings;
        }
        const changed = Object.keys(payload).length > 1;
        return { events: changed ? [{ type: AppDetailsChanged.type, payload }] : [], answer: null };
      }),
    );
    return { appId, version };
  }
}

/** Switch an app between idea and app (spec 4). */
export class SetAppIsIdea {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly isIdea: boolean,
  ) {}
}

@CommandHandler(SetAppIsIdea)
export class SetAppIsIdeaHandler implements ICommandHandler<SetAppIsIdea, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId, isIdea }: SetAppIsIdea) {
    const { version } = await this.orm.em.fork().transactional((tem) =>
      changeApp(tem, this.events, appId, principal, (app) => ({
        events: app.isIdea === isIdea ? [] : [{ type: AppIsIdeaChanged.type, payload: { appId, isIdea } }],
        answer: null,
      })),
    );
    return { appId, version };
  }
}

/** Replace the app's theme. */
export class ChangeAppTheme {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
    readonly theme: Theme,
  ) {}
}

@CommandHandler(ChangeAppTheme)
export class ChangeAppThemeHandler implements ICommandHandler<ChangeAppTheme, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId, theme }: ChangeAppTheme) {
    const { version } = await this.orm.em.fork().transactional((tem) =>
      changeApp(tem, this.events, appId, principal, (app) => ({
        events: stableEqual(app.theme, theme) ? [] : [{ type: AppThemeChanged.type, payload: { appId, theme } }],
        answer: null,
      })),
    );
    return { appId, version };
  }
}

/** The creator opened the app in the builder. */
export class RecordAppOpened {
  constructor(
    readonly principal: Principal | null,
    readonly appId: string,
  ) {}
}

@CommandHandler(RecordAppOpened)
export class RecordAppOpenedHandler implements ICommandHandler<RecordAppOpened, AppChanged & { openedAt: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, appId }: RecordAppOpened) {
    const openedAt = new Date().toISOString();
    const { version } = await this.orm.em.fork().transactional((tem) =>
      changeApp(tem, this.events, appId, principal, () => ({
        events: [{ type: AppOpened.type, payload: { appId, openedAt } }],
        answer: null,
      })),
    );
    return { appId, version, openedAt };
  }
}

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

@CommandHandler(PublishApp)
export class PublishAppHandler implements ICommandHandler<PublishApp, AppChanged> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly publishing: PublishingQueries,
  ) {}

  async execute({ principal, appId }: PublishApp) {
    const app = await readOwnApp(this.orm.em.fork(), this.events, principal, appId);
    const access = await this.publishing.access(principal!, app.ownerId);
    if (!access.allowed) throw new ApiError(402, errorCodes.tierRequired, TIER_REQUIRED_MESSAGE);
    const { version } = await this.orm.em.fork().transactional((tem) =>
      changeApp(tem, this.events, appId, principal, (app) => {
        const versions = Object.fromEntries(
          APP_DOCUMENTS.map((d) => [d, app.histories[d].versions[app.histories[d].versions.length - 1]?.versionId ?? null]),
        ) as EventPayload<typeof AppPublished>['versions'];
        const published: NewEvent = {
          type: AppPublished.type,
          payload: {
            appId,
            versions,
            theme: app.theme,
            canvasSettings: app.canvasSettings,
            publishedAt: new Date().toISOString(),
          },
        };
        return { events: [published], answer: null };
      }),
    );
    return { appId, version };
  }
}
