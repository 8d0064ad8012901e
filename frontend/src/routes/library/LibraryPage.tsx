import { SignInGate, type LibraryItem } from '../../features/catalogue';
import { PageHeader, usePageTitle } from '../../ui';
import { EmptyWithLink, LibraryItems, LibraryList } from './LibraryList';

function Library() {
  return (
    <LibraryItems
      errorTitle="Could not load your library"
      empty={
        <EmptyWithLink
          title="Your library is empty"
          note="Classes you get, and classes you start watching, show up here with your progress."
          to="/browse"
          label="Explore classes"
        />
      }
    >
      {(items) => <LibrarySections items={items} />}
    </LibraryItems>
  );
}

function LibrarySections({ items }: { items: LibraryItem[] }) {
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
  usePageTitle('Your library');
  return (
    <div className="page">
      <PageHeader eyebrow="Library" title="Your library">
        <p>Everything you own or have started, last watched first.</p>
      </PageHeader>
      <SignInGate
        title="Sign in to see your library"
        reason="Your classes and your progress in each of them live with your account."
      >
        <Library />
      </SignInGate>
    </div>
  );
}
