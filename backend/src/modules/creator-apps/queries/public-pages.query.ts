import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import {
  LandingPageSchema,
  type AppLanding,
  type CreatorSummary,
  type LandingPage,
  type Storefront,
  type StorefrontApp,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { rows } from '../../../platform/database/sql';
import { appPath, storefrontPath, type Resolved } from '../domain/addresses';
import type { AppPricing } from '../domain/app-pricing';
import { slugWords } from '../domain/slugs';
import { canChangeApp, presentLandingPage, type LandingPageInfo } from '../domain/landing-page';
import type { AppRow } from './creator-apps.query';

/** An app row with its address and share picture. */
interface AddressedAppRow extends AppRow {
  address_storefront_slug: string;
  address_app_slug: string;
  share_image: { url: string; width: number; height: number; publishedAt: string } | null;
  is_current: boolean;
}

interface StorefrontRow {
  owner_id: string;
  storefront_slug: string;
  bio: string | null;
  photo_url: string | null;
  first_name: string | null;
  last_name: string | null;
  is_current: boolean;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A creator's name as their pages show it: their profile's, else their storefront slug in words. */
export function creatorName(row: Pick<StorefrontRow, 'first_name' | 'last_name' | 'storefront_slug'>): string {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return name || slugWords(row.storefront_slug);
}

/** The landing page a visitor sees: a valid one, never a 'pending' one (spec 4). */
function shownLandingPage(page: unknown): LandingPage | null {
  const present = presentLandingPage(page as LandingPageInfo | null | undefined);
  const parsed = LandingPageSchema.safeParse(present);
  return parsed.success ? parsed.data : null;
}

const STOREFRONT_COLUMNS = `p.owner_id, p.storefront_slug, p.bio, p.photo_url, c.first_name, c.last_name`;

/**
 * The public pages of creators' work, read from the studio's and the addresses' read models: an app's
 * landing page and a creator's storefront by any address they ever had (an old one resolves to the
 * current one, which the page answers with a 301), and the creators page.
 */
@Injectable()
export class PublicPagesQueries {
  constructor(private readonly orm: Database) {}

  private get em() {
    return this.orm.em.fork();
  }

  /** The landing page at this address: the app's (published; its draft for its owner), or where it moved. */
  async landing(principal: Principal | null, storefrontSlug: string, appSlug: string): Promise<Resolved<AppLanding>> {
    const [row] = await rows<AddressedAppRow>(
      this.em,
      `select a.*, ad.is_current from creator_app_address ad join creator_app a on a.app_id = ad.app_id
        where ad.storefront_slug = ? and ad.app_slug = ?`,
      [storefrontSlug, appSlug],
    );
    if (!row) return { kind: 'none' };
    const live = row.published_at !== null;
    if (!live && !canChangeApp(principal, { ownerId: row.owner_id })) return { kind: 'none' };
    const address = { storefrontSlug: row.address_storefront_slug, appSlug: row.address_app_slug };
    if (!row.is_current) return { kind: 'moved', to: appPath(address) };
    const creator = await this.storefrontOf(row.owner_id);
    const publishedAt = iso(row.published_at);
    const pricing: AppPricing | null | undefined = live ? row.published?.pricing : row.pricing;
    const theme = live ? ((row.published as { theme?: AppLanding['theme'] } | null)?.theme ?? null) : row.theme;
    return {
      kind: 'here',
      found: {
        appId: row.app_id,
        name: row.name,
        ...address,
        // the key its plans and members are filed under (its first address, or the name its first build gave it)
        onboardingPath: `${appPath({ storefrontSlug: row.storefront_slug, appSlug: row.app_slug })}/onboarding`,
        isLive: live,
        publishedAt,
        appImage: row.app_image,
        theme,
        landingPage: shownLandingPage(live ? row.published?.landingPage : row.landing_page),
        pricing: pricing ?? null,
        shareImage:
          live && row.share_image && row.share_image.publishedAt === publishedAt
            ? { url: row.share_image.url, width: row.share_image.width, height: row.share_image.height }
            : null,
        creator: {
          name: creator
            ? creatorName(creator)
            : creatorName({ first_name: null, last_name: null, storefront_slug: address.storefrontSlug }),
          storefrontSlug: address.storefrontSlug,
          photoUrl: creator?.photo_url ?? null,
        },
      },
    };
  }

  private async storefrontOf(ownerId: string): Promise<StorefrontRow | null> {
    const [row] = await rows<StorefrontRow>(
      this.em,
      `select ${STOREFRONT_COLUMNS}, true as is_current from creator_storefront_page p
         left join creator_profile c on c.user_id = p.owner_id where p.owner_id = ?`,
      [ownerId],
    );
    return row ?? null;
  }

  /**
   * The storefront at this slug without its classes (the catalogue's; the page adds them): its creator
   * and published apps, or where it moved; none when the slug was never a creator's.
   */
  async storefront(slug: string): Promise<Resolved<Omit<Storefront, 'classes'> & { ownerId: string }>> {
    const [at] = await rows<{ owner_id: string; is_current: boolean }>(
      this.em,
      'select owner_id, is_current from creator_storefront_address where slug = ?',
      [slug],
    );
    if (!at) return { kind: 'none' };
    const row = await this.storefrontOf(at.owner_id);
    if (!row) return { kind: 'none' };
    if (!at.is_current) return { kind: 'moved', to: storefrontPath(row.storefront_slug) };
    const apps = await rows<AddressedAppRow>(
      this.em,
      `select * from creator_app where owner_id = ? and published_at is not null order by published_at desc, app_id limit 60`,
      [at.owner_id],
    );
    return {
      kind: 'here',
      found: {
        ownerId: at.owner_id,
        name: creatorName(row),
        storefrontSlug: row.storefront_slug,
        photoUrl: row.photo_url,
        bio: row.bio,
        apps: apps.map(storefrontApp),
      },
    };
  }

  /** The owner's storefront as its settings show it (none yet: no slug). */
  async mine(ownerId: string): Promise<{ storefrontSlug: string | null; bio: string | null; photoUrl: string | null }> {
    const row = await this.storefrontOf(ownerId);
    return { storefrontSlug: row?.storefront_slug ?? null, bio: row?.bio ?? null, photoUrl: row?.photo_url ?? null };
  }

  /** Storefronts with a published app, the most recently published first. */
  async creators(limit = 60): Promise<CreatorSummary[]> {
    const found = await rows<StorefrontRow & { app_count: number; app_names: string[]; app_image: AppRow['app_image'] }>(
      this.em,
      `select ${STOREFRONT_COLUMNS}, x.app_count, x.app_names, x.app_image
         from creator_storefront_page p
         left join creator_profile c on c.user_id = p.owner_id
         join lateral (
           select count(*)::int as app_count,
                  (array_agg(a.name order by a.published_at desc))[1:3] as app_names,
                  (array_agg(a.app_image order by a.published_at desc) filter (where a.app_image is not null))[1] as app_image,
                  max(a.published_at) as latest
             from creator_app a where a.owner_id = p.owner_id and a.published_at is not null
         ) x on x.app_count > 0
        order by x.latest desc, p.owner_id limit ?`,
      [limit],
    );
    return found.map((r) => ({
      name: creatorName(r),
      storefrontSlug: r.storefront_slug,
      photoUrl: r.photo_url,
      bio: r.bio,
      appCount: r.app_count,
      appNames: r.app_names,
      appImage: r.app_image ?? null,
    }));
  }
}

function storefrontApp(row: AddressedAppRow): StorefrontApp {
  const page = shownLandingPage(row.published?.landingPage);
  return {
    appId: row.app_id,
    name: row.name,
    storefrontSlug: row.address_storefront_slug,
    appSlug: row.address_app_slug,
    tagline: page?.hero.subtitle ?? null,
    appImage: row.app_image,
  };
}
