import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  classPath,
  ErrorState,
  isNotFound,
  LoadingState,
  NotFoundState,
  Price,
  productIdFromWatchSlug,
  productProgressQuery,
  productQuery,
  purchaseQuery,
  SignInGate,
  type Product,
} from '../../features/catalogue';
import { ProgressBar, usePageTitle } from '../../ui';
import '../classes/class-page.css';
import { VideoPlayer } from './VideoPlayer';
import './watch.css';

function Player({ product }: { product: Product }) {
  const progress = useQuery(productProgressQuery(product.id));
  const purchase = useQuery(purchaseQuery(product.id));
  const free = product.priceInfo.priceInCents === 0;

  const owned = free || Boolean(purchase.data?.purchase?.owned);
  // The saved position decides where playback starts: wait for it (a failed read starts at 0).
  if (progress.isPending) return <LoadingState label="Finding where you left off" />;
  const saved = progress.data?.progress;
  return (
    <>
      {saved && saved.percent_complete > 0 && (
        <ProgressBar
          value={saved.percent_complete}
          label={`Your progress in ${product.title}`}
          showValue
          className="watch__progress"
        />
      )}
      {!owned && purchase.isSuccess && (
        <p className="callout watch__not-owned">
          You do not own this class yet. Your progress is saved either way; get the class to keep it in your library for good (
          <Price priceInCents={product.priceInfo.priceInCents} crossedPriceInCents={product.priceInfo.crossedPriceInCents} />
          ). <Link to={classPath(product)}>See the class</Link>
        </p>
      )}
      {product.media.contents.length === 0 && (
        <p className="callout">This class has no lessons listed, so progress cannot be saved for it.</p>
      )}
      <VideoPlayer product={product} savedPosition={saved?.resume?.position_in_seconds ?? null} />
    </>
  );
}

export function WatchPage() {
  const { titleAndId } = useParams();
  const productId = productIdFromWatchSlug(titleAndId);
  const query = useQuery({ ...productQuery(productId ?? ''), enabled: Boolean(productId) });
  const product = query.data?.product;

  usePageTitle(product && `Watch ${product.title}`);

  if (!productId) return <NotFoundState what="Video" />;
  if (query.isPending) return <LoadingState label="Loading the video" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what="Video" />;
    return <ErrorState title="Could not load this video" error={query.error} onRetry={() => void query.refetch()} />;
  }

  const loaded = query.data.product;
  return (
    <div className="page watch">
      <header className="watch__head">
        <Link to={classPath(loaded)} className="link-back">
          ← {loaded.title}
        </Link>
        <h1 className="watch__title">{loaded.title}</h1>
        <p className="muted">by {loaded.creator.name}</p>
      </header>
      <SignInGate
        title="Sign in to watch"
        reason="Watching needs an account, so we can keep your place in every lesson and show the class in your library."
      >
        <Player key={loaded.id} product={loaded} />
      </SignInGate>
    </div>
  );
}
