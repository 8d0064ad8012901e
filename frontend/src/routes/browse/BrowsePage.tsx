import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { catalogue } from '../../api/routes';
import { callApi } from '../../api/call-api';
import {
  browseApiFilters,
  browseProductsQuery,
  BROWSE_VIEWS,
  catalogueKeys,
  clearFilters,
  CollectionCard,
  collectionsQuery,
  EmptyState,
  ErrorState,
  hasFilters,
  homeContentQuery,
  ProductGrid,
  ProductGridSkeleton,
  type BrowseState,
  type ProductCardData,
} from '../../features/catalogue';
import { Button, Spinner, PageHeader, usePageTitle } from '../../ui';
import { BrowseFilters } from './BrowseFilters';
import { BrowseTabs, PANEL_ID, tabId } from './BrowseTabs';
import { useBrowseState } from './useBrowseState';
import './browse.css';

const FACET_SAMPLE = 100;
const FACETS_SHOWN = 12;

/** The most common values of a field over a sample of the catalogue, most frequent first. */
function topValues(products: ProductCardData[], pick: (p: ProductCardData) => string[]): string[] {
  const counts = new Map<string, number>();
  for (const product of products) for (const value of pick(product)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, FACETS_SHOWN)
    .map(([value]) => value);
}

/** Topic and genre chips come from a sample of the catalogue (no call lists them on their own). */
function useFacets() {
  const sample = useQuery({
    queryKey: [...catalogueKeys.all, 'facet-sample'],
    queryFn: ({ signal }) => callApi(catalogue.getProducts, { query: { limit: FACET_SAMPLE, sort: 'popular' }, signal }),
    staleTime: 5 * 60 * 1000,
  });
  return useMemo(() => {
    const products = sample.data?.products ?? [];
    return { topics: topValues(products, (p) => p.topics), genres: topValues(products, (p) => p.genres) };
  }, [sample.data]);
}

function LoadMore({ hasNextPage, isFetching, onLoad }: { hasNextPage: boolean; isFetching: boolean; onLoad: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoad(), {
      rootMargin: '600px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, onLoad]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="browse__more">
      {/* The observer loads pages as the list scrolls; the button is there for keyboard and screen-reader users. */}
      <Button variant="secondary" onClick={onLoad} loading={isFetching}>
        Load more
      </Button>
    </div>
  );
}

function ProductResults({ state, onClear }: { state: BrowseState; onClear: () => void }) {
  const filters = browseApiFilters(state);
  const query = useInfiniteQuery(browseProductsQuery(filters));
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const products = useMemo(() => query.data?.pages.flatMap((page) => page.products) ?? [], [query.data]);
  const searchedFor = query.data?.pages[0]?.searchedFor;
  const label = BROWSE_VIEWS.find((v) => v.view === state.view)?.label ?? 'Classes';

  if (query.isPending) return <ProductGridSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError && products.length === 0)
    return <ErrorState title="Could not load classes" error={query.error} onRetry={() => void query.refetch()} />;
  if (products.length === 0)
    return (
      <EmptyState title="No classes match these filters">
        {hasFilters(state) || state.title ? (
          <>
            <p className="muted">Try fewer topics or genres, another category, or a different search.</p>
            <Button variant="secondary" onClick={onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <p className="muted">New classes land here as soon as they are published.</p>
        )}
      </EmptyState>
    );

  return (
    <>
      {searchedFor && (
        <p className="browse__corrected">
          Showing results for <strong>{searchedFor}</strong>
        </p>
      )}
      <p className="browse__count muted" role="status">
        {products.length} {products.length === 1 ? 'class' : 'classes'}
        {hasNextPage ? ' so far' : ''}
        {query.isFetching && !isFetchingNextPage ? (
          <>
            {' '}
            <Spinner size={12} />
          </>
        ) : null}
      </p>
      <ProductGrid products={products} label={label} />
      {query.isFetchNextPageError && (
        <p className="inline-error" role="alert">
          Could not load more classes.{' '}
          <Button variant="transparent" size="small" onClick={loadMore}>
            Try again
          </Button>
        </p>
      )}
      <LoadMore hasNextPage={hasNextPage} isFetching={isFetchingNextPage} onLoad={loadMore} />
    </>
  );
}

function CollectionResults({ search, onClear }: { search?: string; onClear: () => void }) {
  const query = useQuery(collectionsQuery());
  if (query.isPending) return <ProductGridSkeleton count={4} label="Loading collections" />;
  if (query.isError)
    return <ErrorState title="Could not load collections" error={query.error} onRetry={() => void query.refetch()} />;
  const needle = search?.toLowerCase();
  const collections = needle
    ? query.data.collections.filter((c) => `${c.title} ${c.description}`.toLowerCase().includes(needle))
    : query.data.collections;
  if (collections.length === 0)
    return (
      <EmptyState title={needle ? 'No collections match this search' : 'No collections yet'}>
        {needle && (
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </EmptyState>
    );
  return (
    <ul className="product-grid" aria-label="Collections">
      {collections.map((collection) => (
        <li key={collection.slug}>
          <CollectionCard collection={collection} />
        </li>
      ))}
    </ul>
  );
}

export function BrowsePage() {
  const [state, update] = useBrowseState();
  const home = useQuery(homeContentQuery());
  const facets = useFacets();
  const categories = (home.data?.browseCategories ?? []).map((c) => ({ value: c.slug, label: c.title }));
  const onClear = useCallback(() => update(clearFilters), [update]);
  const isCollections = state.view === 'collections';
  const heading = state.title ? `Browse: ${state.title}` : 'Browse classes';

  usePageTitle(heading);

  return (
    <div className="page browse">
      <PageHeader eyebrow="Catalogue" title={heading}>
        <p>
          Classes, collections and schools from creators you will love. Filter, search and share the address: it keeps your view.
        </p>
      </PageHeader>
      <BrowseTabs view={state.view} onChange={(view) => update((current) => ({ ...current, view }))} />
      <BrowseFilters
        state={state}
        categories={categories}
        topics={facets.topics}
        genres={facets.genres}
        onChange={update}
        showFacets={!isCollections}
      />
      <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(state.view)} className="browse__panel">
        {isCollections ? (
          <CollectionResults search={state.search} onClear={onClear} />
        ) : (
          <ProductResults state={state} onClear={onClear} />
        )}
      </section>
    </div>
  );
}
