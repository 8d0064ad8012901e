import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { PageHints } from '../../../platform/http/page-hints';
import { PublicPages } from '../../../platform/http/public-pages';
import { heroContent } from '../domain/home-content';
import { coverSrcSet } from '../domain/media-paths';
import { HomeContentQueries } from '../queries/home-content.query';
import { homeHead } from './catalogue-page-heads';

/** Phones get the hero's mobile picture (the web app's HomeHero uses the same query and widths). */
export const HERO_MOBILE_QUERY = '(max-width: 400px)';
export const HERO_DESKTOP_WIDTHS = [960, 1440, 1920];
export const HERO_MOBILE_WIDTHS = [480, 960];

/**
 * The home page's largest paint is its hero picture. The page's HTML names it, so the browser fetches it
 * while the JavaScript loads instead of after it ran and getHomeContent answered; and the page is
 * rendered into that HTML from getHomeContent's answer, so the hero paints before any JavaScript ran.
 */
@Injectable()
export class HomePageDelivery {
  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'PUBLIC_URL'>,
    hints: PageHints,
    pages: PublicPages,
    home: HomeContentQueries,
  ) {
    pages.registerPage('/', async () => {
      const content = await home.homeContent();
      return { answers: { getHomeContent: content }, head: homeHead(content, config.PUBLIC_URL) };
    });
    const hero = heroContent();
    hints.register('/', [
      {
        id: 'hero-desktop-image',
        as: 'image',
        href: hero.backgroundUrl,
        imageSrcSet: coverSrcSet(hero.backgroundUrl, HERO_DESKTOP_WIDTHS),
        imageSizes: '100vw',
        media: `not all and ${HERO_MOBILE_QUERY}`,
        fetchPriority: 'high',
      },
      {
        id: 'hero-mobile-image',
        as: 'image',
        href: hero.mobileBackgroundUrl,
        imageSrcSet: coverSrcSet(hero.mobileBackgroundUrl, HERO_MOBILE_WIDTHS),
        imageSizes: '100vw',
        media: HERO_MOBILE_QUERY,
        fetchPriority: 'high',
      },
    ]);
  }
}
