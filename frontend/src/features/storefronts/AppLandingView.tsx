import { APP_IMAGE_SIZES, appImageAttrs } from '@sparkhouse/contracts/media-paths';
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../ui';
import { ctaLabel, landingPlans, type PlanPeriod } from './landing-pricing';
import { storefrontPath, type AppLanding } from './storefronts.queries';

type Section = NonNullable<AppLanding['landingPage']>['sections'][number];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The app's theme colour as the page's accent (only a plain #rgb / #rrggbb colour is taken). */
function themeStyle(theme: AppLanding['theme']): CSSProperties | undefined {
  for (const key of ['primary', 'primaryColor', 'accent', 'accentColor', 'brand']) {
    const value = theme?.[key];
    if (typeof value === 'string' && HEX.test(value.trim())) return { ['--landing-accent' as string]: value.trim() };
  }
  return undefined;
}

/** "Can I cancel anytime? Yes, in two taps." -> question and answer (no '?': all question). */
export function faqEntry(item: string): { question: string; answer: string } {
  const at = item.indexOf('?');
  if (at < 0 || at === item.length - 1) return { question: item.trim(), answer: '' };
  return { question: item.slice(0, at + 1).trim(), answer: item.slice(at + 1).trim() };
}

function SectionView({ section, index }: { section: Section; index: number }) {
  const id = `landing-section-${index}`;
  const kind = section.kind.toLowerCase();
  const items = section.items ?? [];
  return (
    <section className={`landing-section landing-section--${kind.replace(/[^a-z-]/g, '')}`} aria-labelledby={id}>
      <div className="landing-section__text">
        <h2 id={id}>{section.title}</h2>
        {kind.startsWith('testimonial') ? (
          <figure className="landing-quote">
            <blockquote>
              <p>{section.body}</p>
            </blockquote>
            {items.map((item) => (
              <blockquote key={item}>
                <p>{item}</p>
              </blockquote>
            ))}
          </figure>
        ) : (
          <p className="landing-section__body">{section.body}</p>
        )}
        {kind === 'faq' && items.length > 0 && (
          <div className="landing-faq">
            {items.map((item) => {
              const { question, answer } = faqEntry(item);
              return (
                <details key={item}>
                  <summary>{question}</summary>
                  {answer && <p>{answer}</p>}
                </details>
              );
            })}
          </div>
        )}
        {kind === 'how-it-works' && items.length > 0 && (
          <ol className="landing-steps">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        )}
        {!kind.startsWith('testimonial') && kind !== 'faq' && kind !== 'how-it-works' && items.length > 0 && (
          <ul className="landing-list">
            {items.map((item) => {
              const [title, ...rest] = item.split(': ');
              return (
                <li key={item}>
                  {rest.length > 0 ? (
                    <>
                      <strong>{title}</strong> {rest.join(': ')}
                    </>
                  ) : (
                    item
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {section.image && (
        <img
          className="landing-section__image"
          {...appImageAttrs(section.image.url, APP_IMAGE_SIZES.section)}
          alt={section.image.alt}
          loading="lazy"
          decoding="async"
          width={560}
          height={380}
        />
      )}
    </section>
  );
}

function Pricing({ landing }: { landing: AppLanding }) {
  const plans = landingPlans(landing.pricing);
  const [chosen, setChosen] = useState<PlanPeriod | null>(null);
  const page = landing.landingPage;
  if (plans.length === 0) return null;
  const selected = chosen ?? plans[0]!.period;
  const copy = (period: PlanPeriod) => (period === 'annual' ? page?.pricingCopy.annual : page?.pricingCopy.monthly);
  const trial = landing.pricing?.trialDays ?? 0;
  return (
    <section className="landing-pricing" aria-labelledby="landing-pricing-title" id="pricing">
      <h2 id="landing-pricing-title">{`Choose your ${landing.name} plan`}</h2>
      {trial > 0 && (
        <p className="landing-pricing__trial">{`Try it free for ${trial} days, then pay as you choose. Cancel anytime.`}</p>
      )}
      <fieldset className="landing-plans">
        <legend className="visually-hidden">{`${landing.name} plans`}</legend>
        {plans.map((plan) => (
          <label key={plan.period} className={`landing-plan${selected === plan.period ? ' landing-plan--selected' : ''}`}>
            <input
              type="radio"
              name="landing-plan"
              value={plan.period}
              checked={selected === plan.period}
              onChange={() => setChosen(plan.period)}
            />
            <span className="landing-plan__name">
              {plan.period === 'annual' ? 'Annual' : 'Monthly'}
              {plan.savesPercent > 0 && <span className="tag tag--success">{`Save ${plan.savesPercent}%`}</span>}
            </span>
            <span className="landing-plan__price">{plan.price}</span>
            {plan.detail && <span className="landing-plan__detail muted">{plan.detail}</span>}
            {copy(plan.period) && <span className="landing-plan__copy muted">{copy(plan.period)}</span>}
          </label>
        ))}
      </fieldset>
      <Link
        to={`${landing.onboardingPath}?plan=${selected}`}
        className={buttonClassName('primary', 'large')}
        data-testid="landing-pricing-cta"
      >
        {ctaLabel(landing.pricing, page?.hero.cta)}
      </Link>
    </section>
  );
}

/** An app's landing page as visitors see it: hero, sections, screenshots, pricing, a call to its onboarding. */
export function AppLandingView({ landing }: { landing: AppLanding }) {
  const page = landing.landingPage;
  const heroImage = page?.hero.image ?? null;
  return (
    <article className="landing" style={themeStyle(landing.theme)} aria-labelledby="landing-title">
      {!landing.isLive && (
        <p className="landing-draft-banner" role="status">
          <strong>Not live yet.</strong> Only you see this draft. Publish the app to put it online at this address.
        </p>
      )}
      <header className="landing-hero">
        <div className="landing-hero__text">
          <p className="landing-hero__app">
            {landing.appImage && (
              <img
                {...appImageAttrs(landing.appImage.url, APP_IMAGE_SIZES.icon)}
                alt=""
                width={56}
                height={56}
                fetchPriority="low"
                className="landing-hero__icon"
              />
            )}
            <span>{landing.name}</span>
          </p>
          <h1 id="landing-title">{page?.hero.title ?? landing.name}</h1>
          {page?.hero.subtitle && <p className="landing-hero__subtitle">{page.hero.subtitle}</p>}
          <div className="landing-hero__actions">
            <Link to={`${landing.onboardingPath}?plan=annual`} className={buttonClassName('primary', 'large')}>
              {ctaLabel(landing.pricing, page?.hero.cta)}
            </Link>
            {landing.pricing && (
              <a href="#pricing" className={buttonClassName('secondary', 'large')}>
                See plans
              </a>
            )}
          </div>
          <p className="landing-hero__by muted">
            by <Link to={storefrontPath(landing.creator.storefrontSlug)}>{landing.creator.name}</Link>
          </p>
        </div>
        {heroImage ? (
          <img
            className="landing-hero__image"
            {...appImageAttrs(heroImage.url, APP_IMAGE_SIZES.hero)}
            alt={heroImage.alt}
            width={640}
            height={420}
            fetchPriority="high"
            decoding="sync"
          />
        ) : (
          landing.appImage && (
            <img
              className="landing-hero__image landing-hero__image--square"
              {...appImageAttrs(landing.appImage.url, APP_IMAGE_SIZES.heroSquare)}
              alt={`${landing.name} app`}
              width={420}
              height={420}
              fetchPriority="high"
              decoding="sync"
            />
          )
        )}
      </header>
      {page?.sections.map((section, index) => (
        <SectionView key={index} section={section} index={index} />
      ))}
      {page?.screenshots && page.screenshots.length > 0 && (
        <section className="landing-section" aria-labelledby="landing-screens-title">
          <h2 id="landing-screens-title">Inside the app</h2>
          <ul className="landing-screens">
            {page.screenshots.map((shot) => (
              <li key={shot.url}>
                <img
                  {...appImageAttrs(shot.url, APP_IMAGE_SIZES.screen)}
                  alt={shot.caption}
                  loading="lazy"
                  decoding="async"
                  width={180}
                  height={360}
                />
                <span>{shot.caption}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pricing landing={landing} />
      {!landing.pricing && (
        <section className="landing-pricing" aria-label="Get started">
          <Link to={landing.onboardingPath} className={buttonClassName('primary', 'large')}>
            {ctaLabel(null, page?.hero.cta)}
          </Link>
        </section>
      )}
    </article>
  );
}
