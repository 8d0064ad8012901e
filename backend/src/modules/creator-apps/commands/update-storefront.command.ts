import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database';
import { isEventOf } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { rows } from '../../../platform/database/sql';
import { EventStore, type StreamModel } from '../../../platform/events/event-store';
import { badRequest, conflict, unauthorized } from '../../../platform/http/errors';
import { moveApp } from '../domain/addresses';
import {
  decideStorefront,
  foldStorefront,
  NOT_AN_UPLOADED_PHOTO,
  STOREFRONT_SLUG_TAKEN,
  storefrontStreamId,
  type StorefrontChange,
  type StorefrontState,
} from '../domain/storefront';
import { claimAppSlug, claimExactAppSlug, claimStorefront, claimStorefrontSlug } from '../infra/app-identity';
import { appModel, changeApp } from '../infra/app-stream';
import { appStreamId } from '../domain/app-state';
import { isOwnStorefrontPhoto } from '../infra/storefront-photo';

/**
 * Change the caller's storefront: its slug (every app moves to the new storefront address, the old
 * addresses answer with a 301) and/or its bio and photo.
 */
export class UpdateStorefront {
  constructor(
    readonly principal: Principal | null,
    readonly change: StorefrontChange,
  ) {}
}

export const decide = decideStorefront;

const storefrontModel: StreamModel<StorefrontState> = { name: 'creator-apps.storefront@1', fold: foldStorefront };

export interface StorefrontUpdated {
  storefrontSlug: string;
  /** Events appended, so a read can wait for them. */
  appended: number;
}

@CommandHandler(UpdateStorefront)
export class UpdateStorefrontHandler implements ICommandHandler<UpdateStorefront, StorefrontUpdated> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, change }: UpdateStorefront): Promise<StorefrontUpdated> {
    if (principal?.kind !== 'user') throw unauthorized();
    const owner = principal;
    // a photo is one the owner uploaded (stored here, drawn square): no address of anyone else's or from elsewhere
    if (change.photoUrl && !isOwnStorefrontPhoto(owner.id, change.photoUrl)) throw badRequest(NOT_AN_UPLOADED_PHOTO);
    return this.orm.em.fork().transactional(async (tem) => {
      const current = await claimStorefront(tem, this.events, owner);
      let appended = 0;
      const decided = await this.events.decide(tem, storefrontStreamId(owner.id), storefrontModel, (state) =>
        decide(state, owner.id, current, change),
      );
      appended += decided.appended.length;
      const moved = decided.appended.find((e) => isEventOf(e, 'StorefrontSlugChanged'));
      if (!moved || !isEventOf(moved, 'StorefrontSlugChanged')) return { storefrontSlug: current, appended };
      const next = moved.payload.storefrontSlug;
      if (!(await claimStorefrontSlug(tem, owner.id, next))) throw conflict(STOREFRONT_SLUG_TAKEN);
      // every app of the storefront moves with it, keeping its own slug (or the next free one there)
      const apps = await rows<{ app_id: string }>(tem, 'select distinct app_id from creator_app_slug where storefront_slug = ?', [
        current,
      ]);
      for (const { app_id: appId } of apps) {
        const { state: app } = await this.events.load(tem, appStreamId(appId), appModel);
        if (!app || app.address.storefrontSlug !== current) continue;
        const appSlug = app.address.appSlug;
        const slug = (await claimExactAppSlug(tem, next, appSlug, appId))
          ? appSlug
          : await claimAppSlug(tem, next, appSlug, appId);
        const done = await changeApp(tem, this.events, appId, 'system', (fresh) => ({
          events: moveApp(fresh, { storefrontSlug: next, appSlug: slug }),
          answer: null,
        }));
        appended += done.appended.length;
      }
      return { storefrontSlug: next, appended };
    });
  }
}
