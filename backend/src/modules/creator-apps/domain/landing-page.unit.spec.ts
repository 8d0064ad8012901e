import { ROLES, type Principal } from '../../../platform/auth/principal';
import type { LandingPage } from '@sparkhouse/contracts';
import { ADMIN_ROLE, canChangeApp, isLandingPageAbsent, presentLandingPage, withLandingImages } from './landing-page';

describe('landing page presence (spec 4)', () => {
  it('is absent when missing or pending', () => {
    expect(isLandingPageAbsent(undefined)).toBe(true);
    expect(isLandingPageAbsent(null)).toBe(true);
    expect(isLandingPageAbsent({ status: 'pending', title: 'half generated' })).toBe(true);
  });

  it('is present for any other status, or none', () => {
    expect(isLandingPageAbsent({ status: 'ready' })).toBe(false);
    expect(isLandingPageAbsent({ status: 'Pending' })).toBe(false); // exact value only
    expect(isLandingPageAbsent({ title: 'no status field' })).toBe(false);
    expect(isLandingPageAbsent({})).toBe(false);
  });

  it('presentLandingPage returns the page itself or null', () => {
    const page = { status: 'ready', title: 'x' };
    expect(presentLandingPage(page)).toBe(page);
    expect(presentLandingPage({ status: 'pending' })).toBeNull();
    expect(presentLandingPage(undefined)).toBeNull();
  });
});

describe('canChangeApp (owner or admin)', () => {
  const app = { ownerId: 'user-1' };
  const owner: Principal = { kind: 'user', id: 'user-1', roles: [] };
  const creator: Principal = { kind: 'user', id: 'user-2', roles: ['creator'] };
  const admin: Principal = { kind: 'user', id: 'user-9', roles: ['admin'] };

  it('lets the owner and an admin change the app', () => {
    expect(canChangeApp(owner, app)).toBe(true);
    expect(canChangeApp(admin, app)).toBe(true);
  });

  it('refuses another creator', () => {
    expect(canChangeApp(creator, app)).toBe(false);
  });

  it('refuses anyone not signed in, even with the owner id', () => {
    expect(canChangeApp(null, app)).toBe(false);
    expect(canChangeApp(undefined, app)).toBe(false);
    expect(canChangeApp({ kind: 'anonymous', id: 'user-1' }, app)).toBe(false);
    expect(canChangeApp({ kind: 'system', id: 'user-1' }, app)).toBe(false);
  });

  it('never matches an app with no owner through an empty id', () => {
    expect(canChangeApp({ kind: 'user', id: '', roles: [] }, { ownerId: '' })).toBe(false);
  });
});

describe('withLandingImages', () => {
  const page: LandingPage = {
    hero: { title: 'Bake better bread', subtitle: 'Weekend plans', cta: 'Start' },
    sections: [
      { kind: 'features', title: 'Starter care', body: 'Feed it twice.' },
      { kind: 'story', title: 'Shaping', body: 'Gently.' },
    ],
    pricingCopy: { monthly: '$5', annual: '$50' },
  };
  const image = { url: '/api/media/app-images/a-banner-1.png', width: 1600, height: 900, generatedBy: 'procedural' };

  it("puts a hero or section picture in place with the part's title as its alt text, leaving the rest", () => {
    expect(withLandingImages(page, { kind: 'image', imageType: 'hero', image })?.hero).toEqual({
      ...page.hero,
      image: { url: image.url, alt: 'Bake better bread' },
    });
    const withSection = withLandingImages(page, { kind: 'image', imageType: 'section-2', image })!;
    expect(withSection.sections[1]!.image).toEqual({ url: image.url, alt: 'Shaping' });
    expect(withSection.sections[0]).toEqual(page.sections[0]);
    expect(withSection.hero).toEqual(page.hero);
  });

  it('replaces the screenshots as a set, and refuses a section that is gone', () => {
    const shots = [{ ...image, caption: 'Bake better bread' }];
    expect(withLandingImages(page, { kind: 'screenshots', screenshots: shots })?.screenshots).toEqual([
      { url: image.url, caption: 'Bake better bread' },
    ]);
    expect(withLandingImages(page, { kind: 'image', imageType: 'section-3', image })).toBeNull();
  });
});

describe('the admin role', () => {
  it("is the platform's admin role", () => {
    expect(ADMIN_ROLE).toBe(ROLES.admin);
  });
});
