import { Injectable } from '@nestjs/common';
import {
  APP_IMAGE_SIZES,
  appImageSrcSet,
  STOREFRONT_PHOTO_PIXELS,
  type AppLanding,
  type CreatorSummary,
  type Storefront,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { PreloadHint } from '../../../platform/http/page-hints';
import { PublicPages, type PageHead, type PublicPageAnswer } from '../../../platform/http/public-pages';
import { ProductBrowseQueries } from '../../catalogue';
import { appPath, storefrontPath, type Resolved } from '../domain/addresses';
import { PublicPagesQueries } from '../queries/public-pages.query';

const DESCRIPTION_MAX = 200;
const clip = (text: string) => (text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`);

/** The landing page's largest paint, its hero picture, asked for with the head (the same srcset and sizes as its <img>). */
export function heroPreload(landing: AppLanding): PreloadHint[] {
  const banner = landing.landingPage?.hero.image?.url;
  const url = banner ?? landing.appImage?.url;
  if (!url) return [];
  const srcSet = appImageSrcSet(url);
  return [
    {
      as: 'image',
      href: url,
      imageSrcSet: srcSet,
      imageSizes: srcSet ? (banner ? APP_IMAGE_SIZES.hero : APP_IMAGE_SIZES.heroSquare) : undefined,
      fetchPriority: 'high',
    },
  ];
}

/** What a shared link to an app's landing page shows. */
export function landingHead(landing: AppLanding): PageHead {
  const page = landing.landingPage;
  const description =
    page?.hero.subtitle || page?.sections[0]?.body || `${landing.name}, an app by ${landing.creator.name} on Sparkhouse.`;
  const image = landing.shareImage ?? landing.appImage;
  return {
    title: `${landing.name} · ${landing.creator.name} · Sparkhouse`,
    description: clip(description),
    canonicalPath: appPath(landing),
    ...(image && { image: image.url, imageAlt: landing.name, imageWidth: image.width, imageHeight: image.height }),
    type: 'product',
    preload: heroPreload(landing),
  };
}

/** What a shared link to a creator's storefront shows: their photo (else their first app's picture). */
export function storefrontHead(storefront: Storefront): PageHead {
  const appPicture = storefront.apps.find((a) => a.appImage)?.appImage;
  const picture = storefront.photoUrl
    ? { url: storefront.photoUrl, width: STOREFRONT_PHOTO_PIXELS, height: STOREFRONT_PHOTO_PIXELS }
    : appPicture;
  const count = storefront.apps.length + storefront.classes.length;
  return {
    title: `${storefront.name} · Creator on Sparkhouse`,
    description: clip(storefront.bio || `${count} apps and classes by ${storefront.name} on Sparkhouse.`),
    canonicalPath: storefrontPath(storefront.storefrontSlug),
    ...(picture && { image: picture.url, imageAlt: storefront.name, imageWidth: picture.width, imageHeight: picture.height }),
    type: 'profile',
  };
}

export const CREATORS_HEAD: PageHead = {
  title: 'Creators · Sparkhouse',
  description: 'Meet the creators on Sparkhouse and the apps they built: coaching, training and learning you can start today.',
  canonicalPath: '/creators',
};

const toPage = <T>(found: Resolved<T>, page: (found: T) => PublicPageAnswer): PublicPageAnswer => {
  if (found.kind === 'moved') return { kind: 'moved', location: found.to };
  if (found.kind === 'none') return { kind: 'not-found' };
  return page(found.found);
};

/**
 * The public pages of creators' work, for their calls and for the API process, which renders them on
 * the server (PublicPages): an app's landing page, a creator's storefront, the creators page. Old
 * addresses answer with a 301 to the current one; unknown, unpublished or empty ones with a 404 (a
 * page is rendered as a visitor who is not signed in sees it: an owner's draft shows in the browser).
 */
@Injectable()
export class CreatorPublicPages {
  constructor(
    pages: PublicPages,
    private readonly queries: PublicPagesQueries,
    private readonly classes: ProductBrowseQueries,
  ) {
    pages.register('/apps/:storefrontSlug/:appSlug', async ({ storefrontSlug, appSlug }) =>
      toPage(await this.landing(null, storefrontSlug!, appSlug!), (landing) => ({
        kind: 'page',
        answers: { getAppLanding: { landing } },
        head: landingHead(landing),
      })),
    );
    // the onboarding is filed under the app's key: any other address of the app leads there
    pages.register('/apps/:storefrontSlug/:appSlug/onboarding', async ({ storefrontSlug, appSlug }) => {
      const found = await this.landing(null, storefrontSlug!, appSlug!);
      const landing = found.kind === 'moved' ? await this.landingAt(found.to) : found;
      if (landing.kind !== 'here') return { kind: 'plain' };
      const to = landing.found.onboardingPath;
      return to === `${appPath({ storefrontSlug: storefrontSlug!, appSlug: appSlug! })}/onboarding`
        ? { kind: 'plain' }
        : { kind: 'moved', location: to };
    });
    pages.register('/creators/:storefrontSlug', async ({ storefrontSlug }) =>
      toPage(await this.storefront(storefrontSlug!), (storefront) => ({
        kind: 'page',
        answers: { getCreatorStorefront: { storefront } },
        head: storefrontHead(storefront),
      })),
    );
    // before any creator has published, the page is there and says so (not indexed while it is empty)
    pages.register('/creators', async () => {
      const creators = await this.creators();
      const head = creators.length === 0 ? { ...CREATORS_HEAD, noIndex: true } : CREATORS_HEAD;
      return { kind: 'page', answers: { getCreators: { creators } }, head };
    });
  }

  landing(principal: Principal | null, storefrontSlug: string, appSlug: string): Promise<Resolved<AppLanding>> {
    return this.queries.landing(principal, storefrontSlug, appSlug);
  }

  private async landingAt(path: string): Promise<Resolved<AppLanding>> {
    const [, , storefrontSlug, appSlug] = path.split('/');
    return this.queries.landing(null, storefrontSlug!, appSlug!);
  }

  /** A storefront with its classes; none when it has nothing published. */
  async storefront(slug: string): Promise<Resolved<Storefront>> {
    const found = await this.queries.storefront(slug);
    const classes = await this.classes.byStorefront(found.kind === 'here' ? found.found.storefrontSlug : slug);
    if (found.kind === 'moved') return found;
    if (found.kind === 'none') {
      // a storefront of classes only (a teacher of the catalogue)
      const teacher = classes[0]?.creator.name;
      if (!teacher) return { kind: 'none' };
      return { kind: 'here', found: { name: teacher, storefrontSlug: slug, photoUrl: null, bio: null, apps: [], classes } };
    }
    if (found.found.apps.length === 0 && classes.length === 0) return { kind: 'none' };
    const { ownerId: _owner, ...storefront } = found.found;
    return { kind: 'here', found: { ...storefront, classes } };
  }

  creators(): Promise<CreatorSummary[]> {
    return this.queries.creators();
  }
}
