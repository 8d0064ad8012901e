import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../features/catalogue';
import { creatorsPageEvent, creatorsQuery, CreatorsList } from '../../features/storefronts';
import { buttonClassName, usePageTitle } from '../../ui';
import './storefronts.css';

/** /creators: the storefronts of creators with a published app (rendered by the API for its first paint). */
export function CreatorsPage() {
  const query = useQuery(creatorsQuery());
  // the page's render by the API carries the same event (entry-server.tsx), for a visitor who leaves first
  const arrival = creatorsPageEvent(query.data?.creators);
  const count = query.data?.creators.length ?? null;

  usePageTitle('Creators');
  useEffect(() => {
    if (!arrival) return;
    void import('../../features/analytics/lazy').then(({ trackEvent }) =>
      trackEvent(arrival.event_type, arrival.event_properties),
    );
    // once per number of creators shown, not per answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
