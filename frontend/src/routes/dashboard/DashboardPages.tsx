import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { SignInGate } from '../../features/catalogue';
import { creatorHasAnyAppQuery, CreatorAppsSection } from '../../features/creator';
import { useUser } from '../../features/user';
import { NavLinks, PageHeader, type NavItem, usePageTitle } from '../../ui';
import { EmptyWithLink, LibraryItems, LibraryList } from '../library/LibraryList';
import { EnrolledClasses } from './EnrolledClasses';

const CLASSIC_LINKS = [
  { to: '/dashboard', label: 'Overview', end: true },
  { to: '/dashboard/classes', label: 'Classes' },
  { to: '/dashboard/builder', label: 'App builder' },
];

/** Continue watching: the library's classes in progress, a few at most. */
export function ContinueWatching({ max = 3 }: { max?: number }) {
  return (
    <LibraryItems
      errorTitle="Could not load your library"
      pick={(items) => items.filter((i) => i.percentComplete < 100).slice(0, max)}
      empty={
        <EmptyWithLink
          title="Nothing in progress"
          note="Start a class and it will wait for you here."
          to="/library"
          label="Open your library"
          variant="secondary"
        />
      }
    >
      {(started) => <LibraryList items={started} label="Continue watching" />}
    </LibraryItems>
  );
}

/** The classes the person owns (bought or included), with their progress; a few at most when `max` is given. */
export function OwnedClasses({ max }: { max?: number }) {
  return (
    <LibraryItems
      errorTitle="Could not load your classes"
      pick={(items) => items.filter((i) => i.owned)}
      empty={
        <EmptyWithLink
          title="You do not own a class yet"
          note="Classes you buy appear here with your progress."
          to="/browse"
          label="Find a class"
        />
      }
    >
      {(owned) => <LibraryList items={max ? owned.slice(0, max) : owned} label="Classes you own" />}
    </LibraryItems>
  );
}

/** A dashboard section: its title (and, with `more`, a link to all of it) over its content. */
export function DashboardSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="section-title">
      {title}
    </h2>
  );
  return (
    <section className="dashboard__section" aria-labelledby={id}>
      {more ? (
        <div className="section__head">
          {heading}
          <Link to={more.to} className="link-arrow">
            {more.label}
          </Link>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

function OwnedClassesSection({ max }: { max?: number }) {
  return (
    <DashboardSection id="owned-classes-title" title="Your classes" more={{ to: '/library', label: 'Library' }}>
      <OwnedClasses max={max} />
    </DashboardSection>
  );
}

/** "Your apps" only for creators: a creator profile, or apps of their own (made in the builder before one). */
function CreatorAppsForCreators() {
  const { user } = useUser();
  const hasAny = useQuery(creatorHasAnyAppQuery());
  if (!user?.creatorInfo && hasAny.data !== true) return null;
  return <CreatorAppsSection />;
}

/** A dashboard page: its header and nav (`links`), then its content for the signed-in person. */
export function DashboardShell({
  title,
  eyebrow,
  lead,
  links,
  children,
}: {
  title: string;
  eyebrow: string;
  lead: string;
  links: NavItem[];
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="page dashboard">
      <PageHeader eyebrow={eyebrow} title={title}>
        <p>{lead}</p>
      </PageHeader>
      <nav aria-label="Dashboard" className="dashboard-nav">
        <NavLinks links={links} linkClass="dashboard-nav__link" />
      </nav>
      <SignInGate
        title="Sign in to see your dashboard"
        reason="Your classes, progress and recommendations live with your account."
      >
        {children}
      </SignInGate>
    </div>
  );
}

/** The classic dashboard's pages: one eyebrow, one nav. */
function ClassicDashboard(props: { title: string; lead: string; children: ReactNode }) {
  return <DashboardShell eyebrow="Dashboard" links={CLASSIC_LINKS} {...props} />;
}

export function DashboardPage() {
  return (
    <ClassicDashboard title="Dashboard" lead="Your classes with your progress, your live classes with their dates.">
      <CreatorAppsForCreators />
      <OwnedClassesSection max={3} />
      <section className="dashboard__section">
        <EnrolledClasses limit={3} />
        <Link to="/dashboard/classes" className="link-arrow">
          All your classes
        </Link>
      </section>
    </ClassicDashboard>
  );
}

export function DashboardClassesPage() {
  return (
    <ClassicDashboard
      title="Your classes"
      lead="The classes you own, and your live classes: one is active until its end date has passed."
    >
      <OwnedClassesSection />
      <section className="dashboard__section">
        <EnrolledClasses />
      </section>
    </ClassicDashboard>
  );
}
