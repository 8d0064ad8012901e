import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ANALYTICS_EVENTS } from '@sparkhouse/contracts/constants';
import { ErrorState, isNotFound, LoadingState } from '../../features/catalogue';
import { storefrontPath, storefrontQuery, StorefrontView } from '../../features/storefronts';
import { NotFoundPage } from '../not-found/NotFoundPage';
import './storefronts.css';

/** /creators/{storefrontSlug}: a creator's storefront (rendered by the API for its first paint). */
export function StorefrontPage() {
  const { storefrontSlug = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(storefrontQuery(storefrontSlug));
  const storefront = query.data?.storefront;

  useEffect(() => {
    if (!storefront) return;
    if (storefront.storefrontSlug !== storefrontSlug) {
      void navigate(storefrontPath(storefront.storefrontSlug), { replace: true });
      return;
    }
    document.title = `${storefront.name} · Creator on Sparkhouse`;
  }, [storefront, storefrontSlug, navigate]);

  const viewed = storefront?.storefrontSlug ?? null;
  useEffect(() => {
    if (!viewed) return;
    void import('../../features/analytics/lazy').then(({ trackEvent }) =>
      trackEvent(ANALYTICS_EVENTS.creatorStorefront, { storefrontSlug: viewed }),
    );
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
