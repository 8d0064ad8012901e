import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { browseHref, coverSrcSet, type HomeContent, isCountdownOver } from '../../features/catalogue';

/** Mobile breakpoint of the design tokens: at or under it, the mobile background is used. */
const MOBILE_QUERY = '(max-width: 400px)';

export function HeroBackground({ desktop, mobile }: { desktop: string; mobile: string }) {
  if (!desktop && !mobile) return null;
  return (
    <picture className="hero__background" aria-hidden="true">
      {mobile && <source media={MOBILE_QUERY} srcSet={coverSrcSet(mobile, [480, 960]) ?? mobile} sizes="100vw" />}
      <img
        src={desktop || mobile}
        srcSet={coverSrcSet(desktop || mobile, [960, 1440, 1920])}
        sizes="100vw"
        alt=""
        fetchPriority="high"
        decoding="sync"
      />
    </picture>
  );
}

/**
 * The hero pictures the page's HTML names (the API's page hints, preloaded while the JavaScript
 * loads): shown from the first render instead of after getHomeContent answers.
 */
function namedHeroPictures(): { desktop: string; mobile: string } | null {
  if (typeof document === 'undefined') return null;
  const desktop = document.getElementById('hero-desktop-image')?.getAttribute('href') ?? '';
  const mobile = document.getElementById('hero-mobile-image')?.getAttribute('href') ?? '';
  return desktop || mobile ? { desktop, mobile } : null;
}

/**
 * The home hero: title, description, pricing text, the call to action (passed in, so the subscriber
 * rule stays with its owner), desktop and mobile backgrounds, and the browse categories.
 */
export function HomeHero({ content, actions }: { content: HomeContent | undefined; actions: ReactNode }) {
  const hero = content?.hero;
  const pictures = hero ? { desktop: hero.backgroundUrl, mobile: hero.mobileBackgroundUrl } : namedHeroPictures();
  const description =
    hero &&
    hero.countdownEndDate &&
    hero.descriptionAfterCountdown &&
    isCountdownOver({ countdownEndDate: hero.countdownEndDate }, Date.now())
      ? hero.descriptionAfterCountdown
      : hero?.description;
  return (
    <section
      className={['hero', pictures && (pictures.desktop || pictures.mobile) && 'hero--image'].filter(Boolean).join(' ')}
      aria-labelledby="hero-title"
    >
      {pictures && <HeroBackground desktop={pictures.desktop} mobile={pictures.mobile} />}
      <div className="hero__inner">
        <p className="eyebrow">Learn. Create. Launch.</p>
        <h1 id="hero-title" className="hero__title">
          {hero ? (
            hero.title
          ) : (
            <>
              Classes from great teachers. <span className="hero__accent">Apps from your ideas.</span>
            </>
          )}
        </h1>
        <p className="hero__lead">
          {description ??
            'Sparkhouse is where you learn from online classes, collections and schools — and where creators turn a prompt into a mobile app with its own landing page, onboarding and pricing.'}
        </p>
        {hero?.pricingText && <p className="hero__pricing">{hero.pricingText}</p>}
        {actions}
        {content && content.browseCategories.length > 0 && (
          <nav className="hero__categories" aria-label="Browse categories">
            <ul>
              {content.browseCategories.map((category) => (
                <li key={category.slug}>
                  <Link to={browseHref({ category: category.slug })} className="hero__category">
                    {category.title}
                    <span className="hero__category-count" aria-label={`${category.productCount} classes`}>
                      {category.productCount}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </section>
  );
}
