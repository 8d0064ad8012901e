import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { EmptyState, ErrorState, libraryQuery, LoadingState, SignInPrompt, useSignInState } from '../../features/catalogue';
import { creatorHasAnyAppQuery, CreatorAppsSection } from '../../features/creator';
import { useUser } from '../../features/user';
import { buttonClassName, PageHeader } from '../../ui';
import { LibraryList, LibrarySkeleton } from '../library/LibraryList';
import { EnrolledClasses } from './EnrolledClasses';

export function DashboardNav({ links }: { links: { to: string; label: string; end?: boolean }[] }) {
  return (
    <nav aria-label="Dashboard" className="dashboard-nav">
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                ['dashboard-nav__link', isActive && 'dashboard-nav__link--active'].filter(Boolean).join(' ')
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const CLASSIC_LINKS = [
  { to: '/dashboard', label: 'Overview', end: true },
  { to: '/dashboard/classes', label: 'Classes' },
  { to: '/dashboard/builder', label: 'App builder' },
];

/** Continue watching: the library's classes in progress, a few at most. */
export function ContinueWatching({ max = 3 }: { max?: number }) {
  const query = useQuery(libraryQuery());
  if (query.isPending) return <LibrarySkeleton />;
  if (query.isError)
    return <ErrorState title="Could not load your library" error={query.error} onRetry={() => void query.refetch()} />;
  const started = query.data.items.filter((i) => i.percentComplete < 100).slice(0, max);
  if (started.length === 0)
    return (
      <EmptyState title="Nothing in progress">
        <p className="muted">Start a class and it will wait for you here.</p>
        <Link to="/library" className={buttonClassName('secondary')}>
          Open your library
        </Link>
      </EmptyState>
    );
  return <LibraryList items={started} label="Continue watching" />;
}

/** The classes the person owns (bought or included), with their progress; a few at most when `max` is given. */
export function OwnedClasses({ max }: { max?: number }) {
  const query = useQuery(libraryQuery());
  if (query.isPending) return <LibrarySkeleton />;
  if (query.isError)
    return <ErrorState title="Could not load your classes" error={query.error} onRetry={() => void query.refetch()} />;
  const owned = query.data.items.filter((i) => i.owned);
  if (owned.length === 0)
    return (
      <EmptyState title="You do not own a class yet">
        <p className="muted">Classes you buy appear here with your progress.</p>
        <Link to="/browse" className={buttonClassName('primary')}>
          Find a class
        </Link>
      </EmptyState>
    );
  return <LibraryList items={max ? owned.slice(0, max) : owned} label="Classes you own" />;
}

function OwnedClassesSection({ max }: { max?: number }) {
  return (
    <section aria-labelledby="owned-classes-title" className="dashboard__section">
      <div className="section__head">
        <h2 id="owned-classes-title" className="section-title">
          Your classes
        </h2>
        <Link to="/library" className="link-arrow">
          Library
        </Link>
      </div>
      <OwnedClasses max={max} />
    </section>
  );
}

/** "Your apps" only for creators: a creator profile, or apps of their own (made in the builder before one). */
function CreatorAppsForCreators() {
  const { user } = useUser();
  const hasAny = useQuery(creatorHasAnyAppQuery());
  if (!user?.creatorInfo && hasAny.data !== true) return null;
  return <CreatorAppsSection />;
}

export function DashboardShell({
  title,
  eyebrow,
  lead,
  nav,
  children,
}: {
  title: string;
  eyebrow: string;
  lead: string;
  nav: ReactNode;
  children: ReactNode;
}) {
  const signIn = useSignInState();
  useEffect(() => {
    document.title = `${title} · Sparkhouse`;
  }, [title]);
  return (
    <div className="page dashboard">
      <PageHeader eyebrow={eyebrow} title={title}>
        <p>{lead}</p>
      </PageHeader>
      {nav}
      {signIn === 'signedIn' ? (
        children
      ) : signIn === 'restoring' ? (
        <LoadingState label="Signing you in" />
      ) : (
        <SignInPrompt
          title="Sign in to see your dashboard"
          reason="Your classes, progress and recommendations live with your account."
        />
      )}
    </div>
  );
}

export function DashboardPage() {
  return (
    <DashboardShell
      title="Dashboard"
      eyebrow="Dashboard"
      lead="Your classes with your progress, your live classes with their dates."
      nav={<DashboardNav links={CLASSIC_LINKS} />}
    >
      <CreatorAppsForCreators />
      <OwnedClassesSection max={3} />
      <section className="dashboard__section">
        <EnrolledClasses limit={3} />
        <Link to="/dashboard/classes" className="link-arrow">
          All your classes
        </Link>
      </section>
    </DashboardShell>
  );
}

export function DashboardClassesPage() {
  return (
    <DashboardShell
      title="Your classes"
      eyebrow="Dashboard"
      lead="The classes you own, and your live classes: one is active until its end date has passed."
      nav={<DashboardNav links={CLASSIC_LINKS} />}
    >
      <OwnedClassesSection />
      <section className="dashboard__section">
        <EnrolledClasses />
      </section>
    </DashboardShell>
  );
}
