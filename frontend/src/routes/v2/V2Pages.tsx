import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  enrolledClassesQuery,
  isClassActive,
  libraryQuery,
  ProductGrid,
  ProductGridSkeleton,
  QueryView,
  recommendationsQuery,
} from '../../features/catalogue';
import { CreatorAppsSection } from '../../features/creator';
import { ContinueWatching, DashboardSection, DashboardShell } from '../dashboard/DashboardPages';
import { EnrolledClasses } from '../dashboard/EnrolledClasses';
import { EmptyWithLink, LibraryItems, LibraryList } from '../library/LibraryList';
import './v2.css';

const V2_LINKS = [
  { to: '/v2/dashboard', label: 'Home' },
  { to: '/v2/classes', label: 'Classes' },
  { to: '/v2/sparks', label: 'Sparks' },
];

/** Sparks: classes picked for you from what you own and watch (getRecommendations over all purchases). */
function Sparks({ max }: { max?: number }) {
  const query = useQuery(recommendationsQuery());
  return (
    <QueryView
      query={query}
      loading={<ProductGridSkeleton count={max ?? 8} label="Finding sparks for you" />}
      errorTitle="Could not load your sparks"
      isEmpty={(data) => data.products.length === 0}
      empty={
        <EmptyWithLink
          title="No sparks yet"
          note="Sparks are classes picked from what you own and watch. Get or start a class and they will appear."
          to="/browse"
          label="Browse classes"
        />
      }
    >
      {(data) => <ProductGrid products={max ? data.products.slice(0, max) : data.products} label="Sparks for you" />}
    </QueryView>
  );
}

/** The new dashboard's pages: one eyebrow, one nav. */
function V2Dashboard(props: { title: string; lead: string; children: ReactNode }) {
  return <DashboardShell eyebrow="New dashboard" links={V2_LINKS} {...props} />;
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
    <V2Dashboard title="Your dashboard" lead="Pick up where you left off.">
      <Stats />
      <CreatorAppsSection max={4} />
      <DashboardSection id="v2-continue" title="Continue watching">
        <ContinueWatching />
      </DashboardSection>
      <DashboardSection id="v2-sparks" title="Sparks for you" more={{ to: '/v2/sparks', label: 'All sparks' }}>
        <Sparks max={4} />
      </DashboardSection>
    </V2Dashboard>
  );
}

function AllLibrary() {
  return (
    <LibraryItems
      errorTitle="Could not load your library"
      empty={<EmptyWithLink title="No classes in your library yet" to="/browse" label="Explore classes" />}
    >
      {(items) => <LibraryList items={items} label="Your classes" />}
    </LibraryItems>
  );
}

export function V2ClassesPage() {
  return (
    <V2Dashboard title="Classes" lead="Live classes you are enrolled in, and every class in your library.">
      <EnrolledClasses />
      <DashboardSection id="v2-library" title="Your library">
        <AllLibrary />
      </DashboardSection>
    </V2Dashboard>
  );
}

export function V2SparksPage() {
  return (
    <V2Dashboard title="Sparks" lead="Classes picked for you from what you own and watch.">
      <Sparks />
    </V2Dashboard>
  );
}
