import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../api/api-error';
import {
  classPageQuery,
  COVER_SIZES,
  coverImage,
  ErrorState,
  isNotFound,
  LoadingState,
  NotFoundState,
  productProgressQuery,
  purchaseQuery,
  Rating,
  useJoinWaitlist,
  useSignedIn,
  watchPath,
  type Product,
  AccountLink,
  SignInLink,
} from '../../features/catalogue';
import { productToCartItem, useOptionalCart, withCurrentParams } from '../../features/cart';
import { OfferPrice } from '../../features/offers';
import { formatDuration } from '../../features/format';
import { Button, buttonClassName, InlineAlert, Input, ProgressBar, usePageTitle } from '../../ui';
import './class-page.css';

/** A class not yet released takes waitlist sign-ups instead of viewers. */
export const isUpcoming = (product: Pick<Product, 'releaseDate'>, now = Date.now()): boolean => {
  const release = new Date(product.releaseDate).getTime();
  return Number.isFinite(release) && release > now;
};

function WaitlistForm({ product }: { product: Product }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const join = useJoinWaitlist();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError('Please enter a valid email address');
      return;
    }
    setError(undefined);
    join.mutate({ email: email.trim().toLowerCase(), productId: product.id });
  };
  if (join.isSuccess)
    return (
      <p className="callout" role="status">
        {join.data.alreadyOnWaitlist ? 'You are already on the waitlist' : 'You are on the waitlist'} — we will email you when{' '}
        {product.title} opens.
      </p>
    );
  return (
    <form className="waitlist" onSubmit={submit} noValidate aria-label="Join the waitlist">
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        errorOutline
      />
      {error && email.length > 0 && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" loading={join.isPending} fullWidth>
        Join waitlist
      </Button>
      <InlineAlert error={join.isError ? errorMessage(join.error) || 'Failed to add to waitlist' : null} />
    </form>
  );
}

/** "Add to cart" (with its modal) and "Buy this class" (checkout of this class alone, the buy-now product). */
function BuyButtons({ product }: { product: Product }) {
  const cart = useOptionalCart();
  const location = useLocation();
  const inCart = cart?.items.some((item) => item.id === product.id) ?? false;
  const params = new URLSearchParams(location.search);
  params.set('product_id', product.id);
  return (
    <div className="class-actions__buy">
      <AccountLink
        to={`/checkout?${params.toString()}`}
        className={buttonClassName('primary', 'large', 'button--full')}
        onClick={() => cart?.setBuyNowProduct(productToCartItem(product))}
      >
        Buy this class
      </AccountLink>
      {cart &&
        (inCart ? (
          <Link
            to={withCurrentParams('/cart', location.search)}
            className={buttonClassName('secondary', 'large', 'button--full')}
          >
            In your cart — view cart
          </Link>
        ) : (
          <Button
            variant="secondary"
            size="large"
            fullWidth
            onClick={() => cart.addToCart(productToCartItem(product), { showModal: true })}
          >
            Add to cart
          </Button>
        ))}
    </div>
  );
}

function ClassActions({ product }: { product: Product }) {
  const signedIn = useSignedIn();
  const purchase = useQuery({ ...purchaseQuery(product.id), enabled: signedIn });
  const progress = useQuery({ ...productProgressQuery(product.id), enabled: signedIn, staleTime: 0 });
  const free = product.priceInfo.priceInCents === 0;
  const owned = Boolean(purchase.data?.purchase?.owned);
  const percent = progress.data?.progress.percent_complete ?? 0;

  if (isUpcoming(product)) {
    return (
      <div className="class-actions">
        <p className="muted">
          Opens {new Date(product.releaseDate).toLocaleDateString(undefined, { dateStyle: 'long' })}. Join the waitlist and we
          will let you know.
        </p>
        <WaitlistForm product={product} />
      </div>
    );
  }

  return (
    <div className="class-actions">
      <div className="class-actions__price">
        <OfferPrice productId={product.id} priceInfo={product.priceInfo} />
        {owned && <span className="tag tag--success">In your library</span>}
      </div>
      {percent > 0 && <ProgressBar value={percent} label={`Your progress in ${product.title}`} showValue />}
      {free || owned ? (
        <Link to={watchPath(product)} className={buttonClassName('primary', 'large', 'button--full')}>
          {percent > 0 && percent < 100 ? 'Continue watching' : 'Watch'}
        </Link>
      ) : signedIn && purchase.isPending ? (
        <Button size="large" fullWidth loading>
          Checking your library
        </Button>
      ) : (
        <>
          <BuyButtons product={product} />
          {!signedIn && (
            <p className="muted class-actions__hint">
              Already own it? <SignInLink returnTo={watchPath(product)}>Sign in to watch</SignInLink>
            </p>
          )}
        </>
      )}
    </div>
  );
}

export function ClassView({ product }: { product: Product }) {
  usePageTitle(product.title);
  const contents = product.media.contents;
  return (
    <article className="class-page">
      <div className="class-page__cover">
        {/* the page's largest paint: decoded with its paint, not a frame after */}
        {product.media.coverUrl && (
          <img {...coverImage(product.media.coverUrl, COVER_SIZES.page)} alt="" fetchPriority="high" decoding="sync" />
        )}
      </div>
      <div className="class-page__layout">
        <div className="class-page__main">
          <p className="eyebrow">{product.category.replace(/-/g, ' ')}</p>
          <h1 className="class-page__title">{product.title}</h1>
          <p className="class-page__creator">
            by <strong>{product.creator.name}</strong> · <Rating rating={product.rating} count={product.ratingCount} />
          </p>
          {product.description && <p className="class-page__description">{product.description}</p>}
          {(product.topics.length > 0 || product.genres.length > 0) && (
            <ul className="class-page__tags" aria-label="Topics and genres">
              {[...product.topics, ...product.genres].map((tag) => (
                <li key={tag}>
                  <Link
                    className="tag"
                    to={`/browse?${product.topics.includes(tag) ? 'topics' : 'genres'}=${encodeURIComponent(tag)}`}
                  >
                    {tag.replace(/-/g, ' ')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <section aria-labelledby="contents-title" className="class-page__contents">
            <h2 id="contents-title">What is inside</h2>
            {contents.length === 0 ? (
              <p className="muted">One video, {formatDuration(product.media.durationSeconds * 1000)} long.</p>
            ) : (
              <ol className="contents-list">
                {contents.map((content, index) => (
                  <li key={content.contentId} className="contents-list__item">
                    <span className="contents-list__index" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="contents-list__title">{content.title}</span>
                    <span className="contents-list__duration muted">
                      <span className="visually-hidden">Duration </span>
                      {formatDuration(content.durationSeconds * 1000)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <aside className="class-page__aside card" aria-label="Get this class">
          <ClassActions product={product} />
        </aside>
      </div>
    </article>
  );
}

export function ClassPage() {
  const { storefrontSlug = '', classSlug = '' } = useParams();
  const query = useQuery(classPageQuery(storefrontSlug, classSlug));
  if (query.isPending) return <LoadingState label="Loading the class" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what="Class" />;
    return <ErrorState title="Could not load this class" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ClassView product={query.data.product} />;
}
