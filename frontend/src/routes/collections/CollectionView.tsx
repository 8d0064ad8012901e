import { Link } from 'react-router';
import {
  COVER_SIZES,
  coverImage,
  EmptyState,
  ErrorState,
  isNotFound,
  NotFoundState,
  ProductGrid,
  ProductGridSkeleton,
  type Collection,
  type ViewedQuery,
} from '../../features/catalogue';
import { buttonClassName, PageHeader, usePageTitle } from '../../ui';
import { AddAllToCart } from './AddAllToCart';
import './collection.css';

const EYEBROW: Record<Collection['programType'], string> = {
  collection: 'Collection',
  school: 'School',
  series: 'Series',
  challenge: 'Challenge',
};

/** A collection or a school: its cover, what it is about, and its classes in order. */
export function CollectionView({ collection }: { collection: Collection }) {
  usePageTitle(collection.title);
  const count = collection.products.length;
  return (
    <div className="page collection-page">
      <div className="collection-page__hero">
        {collection.coverUrl && (
          <img
            className="collection-page__cover"
            {...coverImage(collection.coverUrl, COVER_SIZES.page)}
            alt=""
            fetchPriority="high"
            decoding="sync"
          />
        )}
        <div className="collection-page__intro">
          <PageHeader eyebrow={EYEBROW[collection.programType]} title={collection.title}>
            {collection.description && <p>{collection.description}</p>}
          </PageHeader>
          <div className="collection-page__buy">
            <p className="muted">
              {count} {count === 1 ? 'class' : 'classes'}
            </p>
            <AddAllToCart collection={collection} />
          </div>
        </div>
      </div>
      <section aria-labelledby="collection-classes">
        <h2 id="collection-classes" className="section-title">
          {collection.programType === 'school' ? 'Classes in this school' : 'Classes in this collection'}
        </h2>
        {count === 0 ? (
          <EmptyState title="No classes here yet">
            <Link to="/browse" className={buttonClassName('secondary')}>
              Browse all classes
            </Link>
          </EmptyState>
        ) : (
          // the page's largest paint is its cover: the classes' covers come after it
          <ProductGrid
            products={collection.products}
            label={collection.title}
            coverPriority={collection.coverUrl ? 'low' : undefined}
          />
        )}
      </section>
    </div>
  );
}

/** A collection-like page (a collection, a school) once its query answers; a missing one is a not-found page. */
export function LoadedCollection({ query, what }: { query: ViewedQuery<Collection>; what: 'Collection' | 'School' }) {
  const noun = what.toLowerCase();
  if (query.isPending) return <ProductGridSkeleton count={4} label={`Loading the ${noun}`} />;
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundState what={what} />;
    return <ErrorState title={`Could not load this ${noun}`} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <CollectionView collection={query.data as Collection} />;
}
