import type { catalogue } from '@sparkhouse/contracts';
import { coverUrl } from './media-paths';

/** The home hero (spec 2 and 3). Copy lives here until an editor for it exists. */
export function heroContent(): catalogue.HeroData {
  return {
    title: 'Learn from the best, at your own pace',
    description: 'Online classes in music, dance, art, cooking and more, taught by working creators.',
    titleB: 'Your next skill starts today',
    descriptionB: 'Join thousands of learners taking short, practical classes.',
    descriptionAfterCountdown: 'New classes every week.',
    countdownEndDate: null,
    yellowBannerLinkUrl: '/browse',
    backgroundUrl: coverUrl('hero-desktop'),
    mobileBackgroundUrl: coverUrl('hero-mobile'),
    pricingText: 'Classes from $19',
  };
}

/**
 * The homepage-yellow-banner-text feature flag: its text turns the banner on; empty means off.
 * "Bold part | rest" splits the title from the description.
 */
export function bannerFromFlag(text: string, url: string): catalogue.BannerFlagPayload | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const [bold, ...rest] = trimmed.split('|');
  const description = rest.join('|').trim();
  return {
    titleBoldText: bold.trim(),
    descriptionText: description,
    descriptionTextAfterCountdown: description,
    countdownEndDate: null,
    url,
    specialTheme: 'none',
  };
}
