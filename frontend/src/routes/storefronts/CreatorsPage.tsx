import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ANALYTICS_EVENTS } from '@sparkhouse/contracts/constants';
import { EmptyState, ErrorState, LoadingState } from '../../features/catalogue';
import { creatorsQuery, CreatorsList } from '../../features/storefronts';
import { buttonClassName } from '../../ui';
import './storefronts.css';

/** /creators: the storefronts of creators with a published app (rendered by the API for its first paint). */
export function CreatorsPage() {
  const query = useQuery(creatorsQuery());
  const count = query.data?.creators.length ?? null;

  useEffect(() => {
    document.title = 'Creators · Sparkhouse';
  }, []);
  useEffect(() => {
    if (count === null) return;
    void import('../../features/analytics/lazy').then(({ trackEvent }) =>
      trackEvent(ANALYTICS_EVENTS.creatorsPage, { creatorCount: count }),
    );
  }, [count]);

  return (
    <div className="page creators-page">
      <header className="creators-page__header">
        <h1>Creators</h1>
        <p className="muted">Coaches, teachers and makers who built their own app on Sparkhouse.</p>
      </header>
      {query.isPending ? (
        <LoadingState label="Loading creators" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the creators" />
      ) : query.data.creators.length === 0 ? (
        <EmptyState title="No creators yet">
          <Link to="/build" className={buttonClassName('primary')}>
            Build your app
          </Link>
        </EmptyState>
      ) : (
        <CreatorsList creators={query.data.creators} />
      )}
    </div>
  );
}
