import { randomUUID } from 'node:crypto';
import type { Db } from '../../../platform/database/database';
import { AppCreated, AppDetailsChanged, isEventOf, type NewEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { rows } from '../../../platform/database/sql';
import type { EventStore } from '../../../platform/events/event-store';
import { appStreamId } from '../domain/app-state';
import { slugCandidate, slugify, storefrontSlugFor } from '../domain/slugs';

const MAX_SLUG_TRIES = 200;

/**
 * The creator's current storefront slug, claimed with their first app (a later change keeps the old
 * one reserved for them, answering with a 301). Taken from their profile's name (the users area's UserProfileCreated fact), else their
 * email; a taken slug gets a numeric suffix.
 */
export async function claimStorefront(em: Db, events: EventStore, owner: Principal & { kind: 'user' }): Promise<string> {
  const mine = async () =>
    (await rows<{ slug: string }>(em, 'select slug from creator_storefront where owner_id = ? and is_current', [owner.id]))[0]
      ?.slug;
  const existing = await mine();
  if (existing) return existing;
  const created = (await events.readStream(em, `user-${owner.id}`)).find((e) => isEventOf(e, 'UserProfileCreated'));
  const profile = created && isEventOf(created, 'UserProfileCreated') ? created.payload : undefined;
  const base = storefrontSlugFor({
    firstName: profile?.firstName,
    lastName: profile?.lastName,
    email: profile?.email ?? owner.email,
  });
  for (let n = 1; n <= MAX_SLUG_TRIES; n++) {
    const claimed = await rows(
      em,
      'insert into creator_storefront (owner_id, slug) values (?, ?) on conflict do nothing returning slug',
      [owner.id, slugCandidate(base, n)],
    );
    if (claimed.length > 0) return slugCandidate(base, n);
    const raced = await mine(); // a concurrent first app of the same creator claimed one
    if (raced) return raced;
  }
  throw new Error(`no free storefront slug for ${base}`);
}

/**
 * Claims a free app slug within the storefront, from the app's name. A slug the app itself had before
 * is free for it (renamed back, it gets its old address again); slugs are never released, so an old
 * link cannot come to show another app.
 */
export async function claimAppSlug(em: Db, storefrontSlug: string, name: string, appId: string): Promise<string> {
  const base = slugify(name, 'app');
  for (let n = 1; n <= MAX_SLUG_TRIES; n++) {
    const slug = slugCandidate(base, n);
    if (await claimExactAppSlug(em, storefrontSlug, slug, appId)) return slug;
  }
  throw new Error(`no free app slug for ${base}`);
}

/** Claims this very slug for the app (true), unless another app holds it (false). */
export async function claimExactAppSlug(em: Db, storefrontSlug: string, appSlug: string, appId: string): Promise<boolean> {
  const claimed = await rows(
    em,
    `insert into creator_app_slug (storefront_slug, app_slug, app_id) values (?, ?, ?)
     on conflict (storefront_slug, app_slug) do update set app_id = excluded.app_id
       where creator_app_slug.app_id = excluded.app_id
     returning app_slug`,
    [storefrontSlug, appSlug, appId],
  );
  return claimed.length > 0;
}

/**
 * Makes `slug` the creator's current storefront slug: false when another creator holds it (now or
 * ever: old slugs stay with whoever had them). Their previous slug stays theirs, no longer current.
 */
export async function claimStorefrontSlug(em: Db, ownerId: string, slug: string): Promise<boolean> {
  await rows(em, 'update creator_storefront set is_current = false where owner_id = ? and is_current', [ownerId]);
  const claimed = await rows(
    em,
    `insert into creator_storefront (owner_id, slug, is_current) values (?, ?, true)
     on conflict (slug) do update set is_current = true where creator_storefront.owner_id = excluded.owner_id
     returning slug`,
    [ownerId, slug],
  );
  return claimed.length > 0;
}

export interface NewAppInput {
  name: string;
  prompt: string;
  isIdea: boolean;
  appIdea?: string | null;
}

/** Creates an app inside the caller's transaction: claims its address, appends AppCreated. */
export async function createAppIn(
  em: Db,
  events: EventStore,
  owner: Principal & { kind: 'user' },
  input: NewAppInput,
): Promise<{ appId: string; version: number }> {
  const appId = randomUUID();
  const storefrontSlug = await claimStorefront(em, events, owner);
  const appSlug = await claimAppSlug(em, storefrontSlug, input.name, appId);
  const facts: NewEvent[] = [
    {
      type: AppCreated.type,
      payload: {
        appId,
        ownerId: owner.id,
        name: input.name,
        storefrontSlug,
        appSlug,
        isIdea: input.isIdea,
        prompt: input.prompt,
      },
    },
  ];
  if (input.appIdea) facts.push({ type: AppDetailsChanged.type, payload: { appId, appIdea: input.appIdea } });
  await events.append(em, appStreamId(appId), facts, { expectedVersion: 0 });
  return { appId, version: facts.length };
}
