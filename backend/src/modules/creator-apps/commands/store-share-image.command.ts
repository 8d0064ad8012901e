import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppShareImageGenerated, isEventOf, LandingPageSchema, type NewEvent } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { Database } from '../../../platform/database/database';
import { EventStore } from '../../../platform/events/event-store';
import { appStreamId, type AppState } from '../domain/app-state';
import { slugWords } from '../domain/slugs';
import { appModel, changeApp } from '../infra/app-stream';
import { drawShareImage, type StoredShareImage } from '../infra/share-image';

/** Make the share picture of an app's publication (once: a publication that has one gets none again). */
export class StoreShareImage {
  constructor(
    readonly appId: string,
    readonly publishedAt: string,
    /** The AppPublished event it is made for. */
    readonly causationId: string,
  ) {}
}

/** Whether the publication still wants its picture: it is the app's current one and has none yet. */
export function wantsShareImage(app: AppState | null, publishedAt: string): app is AppState {
  return app !== null && app.published?.publishedAt === publishedAt && app.shareImages[publishedAt] === undefined;
}

export function decide(
  state: AppState | null,
  { appId, publishedAt }: Pick<StoreShareImage, 'appId' | 'publishedAt'>,
  image: StoredShareImage,
): NewEvent[] {
  if (!wantsShareImage(state, publishedAt)) return [];
  return [{ type: AppShareImageGenerated.type, payload: { appId, publishedAt, ...image } }];
}

/** The published landing page's headline (its hero title), when it has a valid one. */
function publishedHeadline(app: AppState): string | null {
  const versionId = app.published?.versions['landing-page'];
  const version = app.histories['landing-page'].versions.find((v) => v.versionId === versionId);
  const page = LandingPageSchema.safeParse(version?.content);
  return page.success ? page.data.hero.title : null;
}

@CommandHandler(StoreShareImage)
export class StoreShareImageHandler implements ICommandHandler<StoreShareImage, boolean> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'MEDIA_DIR'>,
  ) {}

  async execute(command: StoreShareImage): Promise<boolean> {
    const em = this.orm.em.fork();
    const { state: app } = await this.events.load(em, appStreamId(command.appId), appModel);
    if (!wantsShareImage(app, command.publishedAt)) return false;
    const profile = (await this.events.readStream(em, `user-${app.ownerId}`)).find((e) => isEventOf(e, 'UserProfileCreated'));
    const who = profile && isEventOf(profile, 'UserProfileCreated') ? profile.payload : null;
    const creatorName = [who?.firstName, who?.lastName].filter(Boolean).join(' ').trim() || slugWords(app.address.storefrontSlug);
    // drawn outside the transaction (it takes a moment); the file is the same whoever draws it
    const image = await drawShareImage(this.config.MEDIA_DIR, command.appId, command.publishedAt, {
      name: app.name,
      headline: publishedHeadline(app),
      creatorName,
      theme: app.published?.theme ?? null,
      pictureUrl: app.image?.url ?? null,
    });
    const { appended } = await em.transactional((tem) =>
      changeApp(tem, this.events, command.appId, 'system', (fresh) => ({ events: decide(fresh, command, image), answer: null }), {
        actor: 'system',
        causationId: command.causationId,
      }),
    );
    return appended.length > 0;
  }
}
