import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { browseHref, ErrorState, homeShelfQuery, ProductGrid, ProductGridSkeleton } from '../../features/catalogue';

const SHELVES = {
  popular: { title: 'Most popular', view: 'all' as const },
  new: { title: 'New releases', view: 'new' as const },
};

/** A home row of classes (the home variant of most popular / new releases: one page of at most 8). */
export function ProductShelf({ shelf }: { shelf: 'popular' | 'new' }) {
  const { title, view } = SHELVES[shelf];
  const query = useQuery(homeShelfQuery(shelf));
  const id = `shelf-${shelf}`;
  return (
    <section className="section shelf" aria-labelledby={id}>
      <div className="section__head">
        <h2 id={id}>{title}</h2>
        <Link to={browseHref({ view })} className="link-arrow">
          See all
        </Link>
      </div>
      {query.isPending ? (
        <ProductGridSkeleton count={4} label={`Loading ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <ErrorState title={`Could not load ${title.toLowerCase()}`} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.products.length === 0 ? (
        <p className="muted">No classes here yet.</p>
      ) : (
        <ProductGrid products={query.data.products.slice(0, 8)} label={title} />
      )}
    </section>
  );
}
