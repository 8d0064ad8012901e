import { APP_IMAGE_SIZES, appImageAttrs } from '@sparkhouse/contracts/media-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui';
import { ProductGrid } from '../catalogue';
import { ShareModal } from '../sharing';
import { appLandingPath, storefrontPath, type CreatorSummary, type Storefront } from './storefronts.queries';

type StorefrontAppCard = Storefront['apps'][number];

/** Initials for a creator without a photo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('') || '?';

export function CreatorAvatar({ name, photoUrl, size }: { name: string; photoUrl: string | null; size: number }) {
  return photoUrl ? (
    <img className="creator-avatar" src={photoUrl} alt="" width={size} height={size} />
  ) : (
    <span
      className="creator-avatar creator-avatar--initials"
      style={{ width: size, height: size, fontSize: size / 2.6 }}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}

function AppCard({ app }: { app: StorefrontAppCard }) {
  return (
    <li className="storefront-app">
      <Link to={appLandingPath(app)} className="storefront-app__link">
        {app.appImage ? (
          <img
            {...appImageAttrs(app.appImage.url, APP_IMAGE_SIZES.icon)}
            alt=""
            width={72}
            height={72}
            className="storefront-app__icon"
            loading="lazy"
          />
        ) : (
          <span className="storefront-app__icon storefront-app__icon--empty" aria-hidden="true" />
        )}
        <span className="storefront-app__text">
          <strong>{app.name}</strong>
          {app.tagline && <span className="muted">{app.tagline}</span>}
        </span>
      </Link>
    </li>
  );
}

/** "Share" on a storefront: its address in the share modal (link, QR code, share sheet, networks). */
function StorefrontShare({ storefront }: { storefront: Storefront }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="small" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Share<span className="visually-hidden"> {storefront.name}’s storefront</span>
      </Button>
      <ShareModal
        open={open}
        onClose={() => setOpen(false)}
        url={storefrontPath(storefront.storefrontSlug)}
        title={storefront.name}
        subject={{ kind: 'storefront', from: 'storefront', id: storefront.storefrontSlug }}
      />
    </>
  );
}

/** A creator's storefront: who they are, their published apps, their classes. */
export function StorefrontView({ storefront }: { storefront: Storefront }) {
  return (
    <article className="storefront" aria-labelledby="storefront-title">
      <header className="storefront__header">
        <CreatorAvatar name={storefront.name} photoUrl={storefront.photoUrl} size={96} />
        <div>
          <p className="eyebrow">Creator</p>
          <h1 id="storefront-title">{storefront.name}</h1>
          {storefront.bio && <p className="storefront__bio">{storefront.bio}</p>}
          <StorefrontShare storefront={storefront} />
        </div>
      </header>
      {storefront.apps.length > 0 && (
        <section aria-labelledby="storefront-apps-title" className="storefront__section">
          <h2 id="storefront-apps-title">Apps</h2>
          <ul className="storefront-apps">
            {storefront.apps.map((app) => (
              <AppCard key={app.appId} app={app} />
            ))}
          </ul>
        </section>
      )}
      {storefront.classes.length > 0 && (
        <section aria-labelledby="storefront-classes-title" className="storefront__section">
          <h2 id="storefront-classes-title">Classes</h2>
          <ProductGrid products={storefront.classes} label={`Classes by ${storefront.name}`} />
        </section>
      )}
    </article>
  );
}

/** The creators page's list: each storefront with a few of its apps. */
export function CreatorsList({ creators }: { creators: CreatorSummary[] }) {
  return (
    <ul className="creators-list">
      {creators.map((creator) => (
        <li key={creator.storefrontSlug} className="creators-list__item">
          <Link to={storefrontPath(creator.storefrontSlug)} className="creators-list__link">
            <CreatorAvatar name={creator.name} photoUrl={creator.photoUrl} size={64} />
            <span className="creators-list__text">
              <strong>{creator.name}</strong>
              <span className="muted">
                {creator.appCount === 1 ? '1 app' : `${creator.appCount} apps`}: {creator.appNames.join(', ')}
              </span>
              {creator.bio && <span className="creators-list__bio">{creator.bio}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
