import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { EmptyState, ErrorState, libraryQuery, LoadingState, SignInPrompt, useSignInState } from '../../features/catalogue';
import { CreatorAppsSection } from '../../features/creator';
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

/** "Continue watching" on the dashboard, only once there is something to continue (else the classes come first). */
function ContinueWatchingSection() {
  const query = useQuery(libraryQuery());
  if (query.isSuccess && !query.data.items.some((i) => i.percentComplete < 100)) return null;
  return (
    <section aria-labelledby="continue-title" className="dashboard__section">
      <div className="section__head">
        <h2 id="continue-title" className="section-title">
          Continue watching
        </h2>
        <Link to="/library" className="link-arrow">
          Library
        </Link>
      </div>
      <ContinueWatching />
    </section>
  );
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
      lead="Your classes, your apps and what to watch next."
      nav={<DashboardNav links={CLASSIC_LINKS} />}
    >
      <CreatorAppsSection />
      <ContinueWatchingSection />
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
      lead="A class is active until its end date has passed."
      nav={<DashboardNav links={CLASSIC_LINKS} />}
    >
      <EnrolledClasses />
    </DashboardShell>
  );
}
