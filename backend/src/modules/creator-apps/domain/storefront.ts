import { createHash } from 'node:crypto';
import {
  isEventOf,
  StorefrontDetailsChanged,
  StorefrontSlugChanged,
  type NewEvent,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { badRequest } from '../../../platform/http/errors';
import { slugify, SLUG_MAX } from './slugs';

export const storefrontStreamId = (ownerId: string) => `storefront-${ownerId}`;
export const STOREFRONT_SLUG_MIN = 3;
export const BAD_STOREFRONT_SLUG = `A storefront address is ${STOREFRONT_SLUG_MIN} to ${SLUG_MAX} lower-case letters, digits and dashes.`;
export const STOREFRONT_SLUG_TAKEN = 'That storefront address is taken. Choose another one.';

/** What a creator's storefront stream says (its slug lives in the claims; this is what the page shows). */
export interface StorefrontState {
  bio: string | null;
  photoUrl: string | null;
}

export function foldStorefront(state: StorefrontState | null, events: readonly StoredEvent[]): StorefrontState | null {
  let s = state;
  for (const e of events) {
    if (isEventOf(e, 'StorefrontDetailsChanged')) {
      const p = e.payload;
      s = {
        bio: p.bio === undefined ? (s?.bio ?? null) : p.bio,
        photoUrl: p.photoUrl === undefined ? (s?.photoUrl ?? null) : p.photoUrl,
      };
    } else if (isEventOf(e, 'StorefrontSlugChanged')) {
      s = s ?? { bio: null, photoUrl: null };
    }
  }
  return s;
}

/** A slug a creator may ask for: already in slug form, not too short or long. */
export function checkStorefrontSlug(slug: string): string {
  if (slug.length < STOREFRONT_SLUG_MIN || slug.length > SLUG_MAX || slugify(slug, '') !== slug) {
    throw badRequest(BAD_STOREFRONT_SLUG);
  }
  return slug;
}

/** What a storefront photo's file is called: the owner's and the picture's hashes (so a new photo is a new, cacheable address). */
const ownerTag = (ownerId: string) => createHash('sha256').update(`storefront\u0000${ownerId}`).digest('hex').slice(0, 16);
export const storefrontPhotoName = (ownerId: string, contentHash: string) =>
  `storefront-${ownerTag(ownerId)}-${contentHash.slice(0, 16)}.webp`;
export const NOT_AN_UPLOADED_PHOTO = 'Upload your photo from your storefront settings: the photo must be one you uploaded.';

/** Whether a file name is one of this owner's storefront photos. */
export const isOwnStorefrontPhotoName = (ownerId: string, fileName: string) =>
  new RegExp(`^storefront-${ownerTag(ownerId)}-[0-9a-f]{16}\\.webp$`).test(fileName);

export interface StorefrontChange {
  storefrontSlug?: string;
  bio?: string | null;
  photoUrl?: string | null;
}

/** What changes on the storefront: its slug (`currentSlug` -> the new one) and/or what it says. */
export function decideStorefront(
  state: StorefrontState | null,
  ownerId: string,
  currentSlug: string,
  change: StorefrontChange,
): NewEvent[] {
  const facts: NewEvent[] = [];
  if (change.storefrontSlug !== undefined && change.storefrontSlug !== currentSlug) {
    facts.push({
      type: StorefrontSlugChanged.type,
      payload: { ownerId, storefrontSlug: checkStorefrontSlug(change.storefrontSlug), previousStorefrontSlug: currentSlug },
    });
  }
  const bio = change.bio === '' ? null : change.bio;
  const details: { ownerId: string; bio?: string | null; photoUrl?: string | null } = { ownerId };
  if (bio !== undefined && bio !== (state?.bio ?? null)) details.bio = bio;
  // a photo's address was checked to be one the owner uploaded (UpdateStorefront); '' removes it like null
  const photoUrl = change.photoUrl === '' ? null : change.photoUrl;
  if (photoUrl !== undefined && photoUrl !== (state?.photoUrl ?? null)) details.photoUrl = photoUrl;
  if (Object.keys(details).length > 1) facts.push({ type: StorefrontDetailsChanged.type, payload: details });
  return facts;
}
