import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorState, isNotFound, LoadingState } from '../../features/catalogue';
import { AppLandingView, appLandingPath, appLandingQuery, productLandingEvent } from '../../features/storefronts';
import { usePageTitle } from '../../ui';
import { usePageViewWhenShown } from '../layout/page-views';
import { NotFoundPage } from '../not-found/NotFoundPage';
import './storefronts.css';

/**
 * /apps/{storefrontSlug}/{appSlug}: the app's landing page (rendered by the API for its first paint).
 * An older address of the app moves to the current one (the page view is the new address's: the route
 * has OWN_PAGE_VIEW); its owner sees an unpublished app's draft.
 */
export function AppLandingPage() {
  const { storefrontSlug = '', appSlug = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(appLandingQuery(storefrontSlug, appSlug));
  const landing = query.data?.landing;

  const moving = !!landing && (landing.storefrontSlug !== storefrontSlug || landing.appSlug !== appSlug);
  useEffect(() => {
    if (landing && moving) void navigate(appLandingPath(landing), { replace: true });
  }, [landing, moving, navigate]);
  usePageTitle(landing && !moving ? `${landing.name} · ${landing.creator.name}` : null);
  usePageViewWhenShown(!query.isPending && !moving);

  // the page's render by the API carries the same event (entry-server.tsx), for a visitor who leaves first
  const arrival = productLandingEvent(landing);
  const viewed = arrival ? landing?.appId : null;
  useEffect(() => {
    if (!arrival) return;
    void import('../../features/analytics/lazy').then(({ trackEvent }) =>
      trackEvent(arrival.event_type, arrival.event_properties),
    );
    // once per app shown, not per answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewed]);

  if (query.isPending) return <LoadingState label="Loading the app" />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    return (
      <div className="page">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load this app" />
      </div>
    );
  }
  return <AppLandingView landing={query.data.landing} />;
}
