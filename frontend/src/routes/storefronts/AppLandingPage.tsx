import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ANALYTICS_EVENTS } from '@sparkhouse/contracts/constants';
import { ErrorState, isNotFound, LoadingState } from '../../features/catalogue';
import { AppLandingView, appLandingPath, appLandingQuery } from '../../features/storefronts';
import { NotFoundPage } from '../not-found/NotFoundPage';
import './storefronts.css';

/**
 * /apps/{storefrontSlug}/{appSlug}: the app's landing page (rendered by the API for its first paint).
 * An older address of the app moves to the current one; its owner sees an unpublished app's draft.
 */
export function AppLandingPage() {
  const { storefrontSlug = '', appSlug = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(appLandingQuery(storefrontSlug, appSlug));
  const landing = query.data?.landing;

  useEffect(() => {
    if (!landing) return;
    if (landing.storefrontSlug !== storefrontSlug || landing.appSlug !== appSlug) {
      void navigate(appLandingPath(landing), { replace: true });
      return;
    }
    document.title = `${landing.name} · ${landing.creator.name} · Sparkhouse`;
  }, [landing, storefrontSlug, appSlug, navigate]);

  const viewed = landing?.isLive ? landing.appId : null;
  useEffect(() => {
    if (!viewed || !landing) return;
    const properties = { storefrontSlug: landing.storefrontSlug, appSlug: landing.appSlug, appId: landing.appId };
    void import('../../features/analytics/lazy').then(({ trackEvent }) => trackEvent(ANALYTICS_EVENTS.productLanding, properties));
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
