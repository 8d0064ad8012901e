import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  EmptyState,
  enrolledClassesQuery,
  ErrorState,
  isClassActive,
  libraryQuery,
  ProductGrid,
  ProductGridSkeleton,
  recommendationsQuery,
} from '../../features/catalogue';
import { CreatorAppsSection } from '../../features/creator';
import { buttonClassName } from '../../ui';
import { ContinueWatching, DashboardNav, DashboardShell } from '../dashboard/DashboardPages';
import { EnrolledClasses } from '../dashboard/EnrolledClasses';
import { LibraryList, LibrarySkeleton } from '../library/LibraryList';
import './v2.css';

const V2_LINKS = [
  { to: '/v2/dashboard', label: 'Home' },
  { to: '/v2/classes', label: 'Classes' },
  { to: '/v2/sparks', label: 'Sparks' },
];

/** Sparks: classes picked for you from what you own and watch (getRecommendations over all purchases). */
function Sparks({ max }: { max?: number }) {
  const query = useQuery(recommendationsQuery());
  if (query.isPending) return <ProductGridSkeleton count={max ?? 8} label="Finding sparks for you" />;
  if (query.isError)
    return <ErrorState title="Could not load your sparks" error={query.error} onRetry={() => void query.refetch()} />;
  const products = max ? query.data.products.slice(0, max) : query.data.products;
  if (products.length === 0)
    return (
      <EmptyState title="No sparks yet">
        <p className="muted">Sparks are classes picked from what you own and watch. Get or start a class and they will appear.</p>
        <Link to="/browse" className={buttonClassName('primary')}>
          Browse classes
        </Link>
      </EmptyState>
    );
  return <ProductGrid products={products} label="Sparks for you" />;
}

function Stats() {
  const library = useQuery(libraryQuery());
  const enrolled = useQuery(enrolledClassesQuery());
  const items = library.data?.items ?? [];
  const stats = [
    { label: 'In your library', value: library.data ? items.filter((i) => i.owned).length : '–' },
    {
      label: 'In progress',
      value: library.data ? items.filter((i) => i.percentComplete > 0 && i.percentComplete < 100).length : '–',
    },
    { label: 'Completed', value: library.data ? items.filter((i) => i.percentComplete >= 100).length : '–' },
    { label: 'Active classes', value: enrolled.data ? enrolled.data.classes.filter((c) => isClassActive(c)).length : '–' },
  ];
  return (
    <dl className="v2-stats" aria-busy={library.isPending || enrolled.isPending}>
      {stats.map((s) => (
        <div key={s.label} className="v2-stats__item">
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function V2DashboardPage() {
  return (
    <DashboardShell
      title="Your dashboard"
      eyebrow="New dashboard"
      lead="Pick up where you left off."
      nav={<DashboardNav links={V2_LINKS} />}
    >
      <Stats />
      <CreatorAppsSection max={4} />
      <section className="dashboard__section" aria-labelledby="v2-continue">
        <h2 id="v2-continue" className="section-title">
          Continue watching
        </h2>
        <ContinueWatching />
      </section>
      <section className="dashboard__section" aria-labelledby="v2-sparks">
        <div className="section__head">
          <h2 id="v2-sparks" className="section-title">
            Sparks for you
          </h2>
          <Link to="/v2/sparks" className="link-arrow">
            All sparks
          </Link>
        </div>
        <Sparks max={4} />
      </section>
    </DashboardShell>
  );
}

function AllLibrary() {
  const query = useQuery(libraryQuery());
  if (query.isPending) return <LibrarySkeleton />;
  if (query.isError)
    return <ErrorState title="Could not load your library" error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0)
    return (
      <EmptyState title="No classes in your library yet">
        <Link to="/browse" className={buttonClassName('primary')}>
          Explore classes
        </Link>
      </EmptyState>
    );
  return <LibraryList items={query.data.items} label="Your classes" />;
}

export function V2ClassesPage() {
  return (
    <DashboardShell
      title="Classes"
      eyebrow="New dashboard"
      lead="Live classes you are enrolled in, and every class in your library."
      nav={<DashboardNav links={V2_LINKS} />}
    >
      <EnrolledClasses />
      <section className="dashboard__section" aria-labelledby="v2-library">
        <h2 id="v2-library" className="section-title">
          Your library
        </h2>
        <AllLibrary />
      </section>
    </DashboardShell>
  );
}

export function V2SparksPage() {
  return (
    <DashboardShell
      title="Sparks"
      eyebrow="New dashboard"
      lead="Classes picked for you from what you own and watch."
      nav={<DashboardNav links={V2_LINKS} />}
    >
      <Sparks />
    </DashboardShell>
  );
}
