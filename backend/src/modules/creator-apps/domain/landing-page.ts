import type { AppImage, LandingImageType, LandingPage } from '@sparkhouse/contracts';

/** Landing page info as the app stores it; only `status` matters to these rules. */
export interface LandingPageInfo {
  readonly status?: string | null;
  readonly [field: string]: unknown;
}

/** Spec 4: a landing page whose status is 'pending' (still being generated) is treated as absent. */
export const isLandingPageAbsent = (page: LandingPageInfo | null | undefined): boolean =>
  page === null || page === undefined || page.status === 'pending';

/** The landing page when it counts as present, else null. */
export const presentLandingPage = <P extends LandingPageInfo>(page: P | null | undefined): P | null =>
  isLandingPageAbsent(page) ? null : (page as P);

/** The admin role (the platform's ROLES.admin; a unit test checks they agree): admins may change any app. */
export const ADMIN_ROLE = 'admin';

/** Structurally matches the platform Principal, so the rule stays a plain function of data. */
export interface ActingPrincipal {
  readonly kind: string;
  readonly id: string;
  readonly roles?: readonly string[];
}

export interface OwnedApp {
  readonly ownerId: string;
}

/**
 * Who may change an app (landing page, theme, onboarding flow, restore, publish): its owner or an
 * admin. Spec 6 says these calls require auth, so only a signed-in user qualifies; an anonymous
 * visitor never does, even with a matching id.
 */
export function canChangeApp(principal: ActingPrincipal | null | undefined, app: OwnedApp): boolean {
  if (!principal || principal.kind !== 'user' || !principal.id) return false;
  if (principal.roles?.includes(ADMIN_ROLE)) return true;
  return app.ownerId !== '' && app.ownerId === principal.id;
}

/** A new picture for the landing page: for the hero or a section, or a new set of store screenshots. */
export type LandingImageChange =
  | { kind: 'image'; imageType: LandingImageType; image: AppImage }
  | { kind: 'screenshots'; screenshots: (AppImage & { caption: string })[] };

/**
 * The landing page with the change's pictures in place, or null when the part it was made for is
 * gone (a section removed while the picture was drawn). Alt texts are the part's own title.
 */
export function withLandingImages(page: LandingPage, change: LandingImageChange): LandingPage | null {
  if (change.kind === 'screenshots') {
    return { ...page, screenshots: change.screenshots.map(({ url, caption }) => ({ url, caption })) };
  }
  if (change.imageType === 'hero') {
    return { ...page, hero: { ...page.hero, image: { url: change.image.url, alt: page.hero.title } } };
  }
  const index = Number(change.imageType.slice('section-'.length)) - 1;
  const section = page.sections[index];
  if (!section) return null;
  const sections = page.sections.map((s, i) => (i === index ? { ...s, image: { url: change.image.url, alt: s.title } } : s));
  return { ...page, sections };
}
