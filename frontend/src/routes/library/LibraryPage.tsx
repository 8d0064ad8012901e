import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, libraryQuery, LoadingState, SignInPrompt, useSignInState } from '../../features/catalogue';
import { buttonClassName, PageHeader } from '../../ui';
import { LibraryList, LibrarySkeleton } from './LibraryList';

function Library() {
  const query = useQuery(libraryQuery());
  if (query.isPending) return <LibrarySkeleton />;
  if (query.isError)
    return <ErrorState title="Could not load your library" error={query.error} onRetry={() => void query.refetch()} />;
  const items = query.data.items;
  if (items.length === 0)
    return (
      <EmptyState title="Your library is empty">
        <p className="muted">Classes you get, and classes you start watching, show up here with your progress.</p>
        <Link to="/browse" className={buttonClassName('primary')}>
          Explore classes
        </Link>
      </EmptyState>
    );
  const inProgress = items.filter((i) => i.percentComplete > 0 && i.percentComplete < 100);
  const rest = items.filter((i) => !(i.percentComplete > 0 && i.percentComplete < 100));
  return (
    <>
      {inProgress.length > 0 && (
        <section aria-labelledby="continue-title" className="library-section">
          <h2 id="continue-title" className="section-title">
            Continue watching
          </h2>
          <LibraryList items={inProgress} label="Continue watching" />
        </section>
      )}
      {rest.length > 0 && (
        <section aria-labelledby="all-title" className="library-section">
          <h2 id="all-title" className="section-title">
            {inProgress.length > 0 ? 'Everything else' : 'Your classes'}
          </h2>
          <LibraryList items={rest} label={inProgress.length > 0 ? 'Everything else' : 'Your classes'} />
        </section>
      )}
    </>
  );
}

export function LibraryPage() {
  const signIn = useSignInState();
  useEffect(() => {
    document.title = 'Your library · Sparkhouse';
  }, []);
  return (
    <div className="page">
      <PageHeader eyebrow="Library" title="Your library">
        <p>Everything you own or have started, last watched first.</p>
      </PageHeader>
      {signIn === 'signedIn' ? (
        <Library />
      ) : signIn === 'restoring' ? (
        <LoadingState label="Signing you in" />
      ) : (
        <SignInPrompt
          title="Sign in to see your library"
          reason="Your classes and your progress in each of them live with your account."
        />
      )}
    </div>
  );
}
