import type { StoredEvent } from '@sparkhouse/contracts';
import {
  BAD_STOREFRONT_SLUG,
  checkStorefrontSlug,
  decideStorefront,
  foldStorefront,
  isOwnStorefrontPhotoName,
  storefrontPhotoName,
} from './storefront';

const stored = (type: string, payload: unknown, n = 1): StoredEvent =>
  ({
    type,
    payload,
    streamVersion: n,
    eventId: `e${n}`,
    streamId: 'storefront-u1',
    position: String(n),
    schemaVersion: 1,
  }) as StoredEvent;

describe('storefronts', () => {
  it('a slug a creator may ask for: lower-case words and digits joined by dashes, 3 to 48 long', () => {
    expect(checkStorefrontSlug('casey-coach')).toBe('casey-coach');
    expect(checkStorefrontSlug('run5k')).toBe('run5k');
    for (const bad of ['Casey', 'ab', 'casey coach', '-casey', 'casey-', 'casey--coach', 'é-run', 'a'.repeat(49)]) {
      expect(() => checkStorefrontSlug(bad)).toThrow(BAD_STOREFRONT_SLUG);
    }
  });

  it('decides only what changes: the slug (naming the old one) and what the page says', () => {
    expect(decideStorefront(null, 'u1', 'casey', { storefrontSlug: 'casey-coach', bio: 'Coach.' })).toEqual([
      {
        type: 'StorefrontSlugChanged',
        payload: { ownerId: 'u1', storefrontSlug: 'casey-coach', previousStorefrontSlug: 'casey' },
      },
      { type: 'StorefrontDetailsChanged', payload: { ownerId: 'u1', bio: 'Coach.' } },
    ]);
    const state = { bio: 'Coach.', photoUrl: null };
    expect(decideStorefront(state, 'u1', 'casey', { storefrontSlug: 'casey', bio: 'Coach.', photoUrl: null })).toEqual([]);
    // an empty bio clears it
    expect(decideStorefront(state, 'u1', 'casey', { bio: '' })).toEqual([
      { type: 'StorefrontDetailsChanged', payload: { ownerId: 'u1', bio: null } },
    ]);
    expect(() => decideStorefront(null, 'u1', 'casey', { storefrontSlug: 'Not OK' })).toThrow(BAD_STOREFRONT_SLUG);
  });

  it("names a storefront photo by its owner and its picture; only the owner's names count as theirs", () => {
    const mine = storefrontPhotoName('u1', 'ab'.repeat(32));
    expect(mine).toMatch(/^storefront-[0-9a-f]{16}-abababababababab\.webp$/);
    expect(isOwnStorefrontPhotoName('u1', mine)).toBe(true);
    expect(isOwnStorefrontPhotoName('u2', mine)).toBe(false);
    expect(isOwnStorefrontPhotoName('u1', mine.replace('.webp', '.png'))).toBe(false);
    expect(isOwnStorefrontPhotoName('u1', `${mine}x`)).toBe(false);
    expect(decideStorefront(null, 'u1', 'casey', { photoUrl: `/x/${mine}` })).toEqual([
      { type: 'StorefrontDetailsChanged', payload: { ownerId: 'u1', photoUrl: `/x/${mine}` } },
    ]);
    expect(decideStorefront({ bio: null, photoUrl: `/x/${mine}` }, 'u1', 'casey', { photoUrl: null })).toEqual([
      { type: 'StorefrontDetailsChanged', payload: { ownerId: 'u1', photoUrl: null } },
    ]);
  });

  it('folds what the page says; a field left out stays', () => {
    const s = foldStorefront(null, [
      stored('StorefrontDetailsChanged', { ownerId: 'u1', bio: 'Coach.', photoUrl: '/p.png' }, 1),
      stored('StorefrontDetailsChanged', { ownerId: 'u1', bio: null }, 2),
    ]);
    expect(s).toEqual({ bio: null, photoUrl: '/p.png' });
  });
});
