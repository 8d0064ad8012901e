import { Inject, Injectable } from '@nestjs/common';
import type { catalogue } from '@sparkhouse/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { bannerFromFlag, heroContent } from '../domain/home-content';
import { ProductBrowseQueries } from './product-browse.query';

export interface HomeContent {
  hero: catalogue.HeroData;
  banner: catalogue.BannerFlagPayload | null;
  browseCategories: catalogue.BrowseCategory[];
}

/** What the home page shows first: getHomeContent's answer, also rendered into the page's HTML. */
@Injectable()
export class HomeContentQueries {
  constructor(
    private readonly products: ProductBrowseQueries,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'HOMEPAGE_YELLOW_BANNER_TEXT' | 'HOMEPAGE_YELLOW_BANNER_URL'>,
  ) {}

  async homeContent(): Promise<HomeContent> {
    return {
      hero: heroContent(),
      banner: bannerFromFlag(this.config.HOMEPAGE_YELLOW_BANNER_TEXT, this.config.HOMEPAGE_YELLOW_BANNER_URL),
      browseCategories: await this.products.categories(),
    };
  }
}
