import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorState, isNotFound, LoadingState } from '../../features/catalogue';
import { creatorStorefrontEvent, storefrontPath, storefrontQuery, StorefrontView } from '../../features/storefronts';
import { usePageTitle } from '../../ui';
import { usePageViewWhenShown } from '../layout/page-views';
import { NotFoundPage } from '../not-found/NotFoundPage';
import './storefronts.css';

/**
 * /creators/{storefrontSlug}: a creator's storefront (rendered by the API for its first paint). An older
 * address moves to the current one (the page view is the new address's: the route has OWN_PAGE_VIEW).
 */
export function StorefrontPage() {
  const { storefrontSlug = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(storefrontQuery(storefrontSlug));
  const storefront = query.data?.storefront;

  const moving = !!storefront && storefront.storefrontSlug !== storefrontSlug;
  useEffect(() => {
    if (storefront && moving) void navigate(storefrontPath(storefront.storefrontSlug), { replace: true });
  }, [storefront, moving, navigate]);
  usePageTitle(storefront && !moving ? `${storefront.name} · Creator on Sparkhouse` : null);
  usePageViewWhenShown(!query.isPending && !moving);

  // the page's render by the API carries the same event (entry-server.tsx), for a visitor who leaves first
  const arrival = creatorStorefrontEvent(storefront);
  const viewed = storefront?.storefrontSlug ?? null;
  useEffect(() => {
    if (!arrival) return;
    void import('../../features/analytics/lazy').then(({ trackEvent }) =>
      trackEvent(arrival.event_type, arrival.event_properties),
    );
    // once per storefront shown, not per answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewed]);

  if (query.isPending) return <LoadingState label="Loading the storefront" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <div className="page">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load this storefront" />
      </div>
    );
  }
  return (
    <div className="page">
      <StorefrontView storefront={query.data.storefront} />
    </div>
  );
}
