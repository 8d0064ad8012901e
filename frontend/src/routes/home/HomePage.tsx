import { SITE_NAME } from '@sparkhouse/contracts/page-title';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { homeContentQuery } from '../../features/catalogue';
import { useConsoleAccess } from '../../features/operations';
import { membershipInfoQuery, useUser } from '../../features/user';
import { buttonClassName, usePageTitle } from '../../ui';
import { AppIdeaBuilder } from './AppIdeaBuilder';
import { useHomeBanner } from './HomeBanner';
import { HomeHero } from './HomeHero';
import { ProductShelf } from './ProductShelf';
import { VipOffer } from './VipOffer';
import './home.css';

/** The membership offer loads beside its plans (it shows nothing before they arrive): not in the first page's code. */
const MembershipOffer = lazy(async () => ({
  default: (await import('../../features/payments/lazy')).MembershipOffer,
}));

/** The spec's browse views, each a real /browse address. */
const BROWSE_VIEWS = [
  { label: 'All classes', view: 'all', blurb: 'The whole catalogue in one place.' },
  { label: 'New releases', view: 'new', blurb: 'The latest classes to land.' },
  { label: 'Top rated', view: 'top', blurb: 'What learners love most.' },
  { label: 'Collections', view: 'collections', blurb: 'Curated paths through a subject.' },
];

export function HomePage() {
  // the server's reading of the membership rules (GET /users/getMembershipInfo), the one the server acts on
  const { user } = useUser();
  const membership = useQuery({ ...membershipInfoQuery(user?.userId ?? ''), enabled: Boolean(user) });
  const hasActiveOrTrialSubscription = Boolean(user) && membership.data?.hasActiveOrTrialSubscription === true;
  const home = useQuery(homeContentQuery());
  // as the API's render of the page titles it
  const heroTitle = home.data?.hero?.title;
  usePageTitle(heroTitle ? `${SITE_NAME} · ${heroTitle}` : null);
  const banner = useHomeBanner(home.data?.banner);
  const { access } = useConsoleAccess();
  return (
    <div className="home">
      {banner('top')}
      <HomeHero
        content={home.data}
        actions={
          <div className="hero__actions">
            {hasActiveOrTrialSubscription ? (
              <Link to="/dashboard" className={buttonClassName('primary', 'large')}>
                Go to Dashboard
              </Link>
            ) : (
              <Link to="/browse" className={buttonClassName('primary', 'large')}>
                Explore Classes
              </Link>
            )}
            <Link to="/build" className={buttonClassName('secondary', 'large')}>
              Build an app
            </Link>
          </div>
        }
      />
      {banner('bottom')}
      <VipOffer />
      <div className="section">
        <Suspense fallback={<div className="card membership-offer membership-offer--loading" aria-hidden="true" />}>
          <MembershipOffer />
        </Suspense>
      </div>
      <AppIdeaBuilder />
      <ProductShelf shelf="popular" />
      <ProductShelf shelf="new" />

      <section className="section" aria-labelledby="browse-title">
        <div className="section__head">
          <h2 id="browse-title">Browse the catalogue</h2>
          <Link to="/browse" className="link-arrow">
            See everything
          </Link>
        </div>
        <ul className="tile-grid">
          {BROWSE_VIEWS.map((item) => (
            <li key={item.view}>
              <Link to={`/browse?view=${item.view}`} className="tile">
                <span className="tile__title">{item.label}</span>
                <span className="tile__blurb">{item.blurb}</span>
                <span className="tile__arrow" aria-hidden="true">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section--split" aria-labelledby="creators-title">
        <div className="feature card">
          <p className="eyebrow">For creators</p>
          <h2 id="creators-title">From prompt to published app</h2>
          <p className="muted">
            Describe your app, brainstorm ideas, edit its blueprint and landing page, test it in the simulator, set monthly and
            annual pricing, then publish.
          </p>
          <Link to="/creator" className={buttonClassName('secondary')}>
            Learn how it works
          </Link>
        </div>
        {access.role && (
          <div className="feature card feature--ops">
            <p className="eyebrow">For the operations team</p>
            <h2>Operations console</h2>
            <p className="muted">Queues, jobs, the event log and read models, alerts, email and payment webhooks — live.</p>
            <Link to="/ops" className={buttonClassName('primary')}>
              Open the console
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
