import type { CallQuery, CallResponse } from '@sparkhouse/contracts';
import { catalogue } from '../../api/routes';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/call-api';
import type { BrowseState, BrowseView } from './browse-state';
import type { ProgressUpdate } from './watch-progress';

export type ProductCardData = CallResponse<typeof catalogue.getProducts>['products'][number];
export type Product = CallResponse<typeof catalogue.getProduct>['product'];
export type CollectionSummary = CallResponse<typeof catalogue.getAllProductCollections>['collections'][number];
export type Collection = CallResponse<typeof catalogue.getProductCollectionWithSlug>['collection'];
export type HomeContent = CallResponse<typeof catalogue.getHomeContent>;
export type LibraryItem = CallResponse<typeof catalogue.getLibrary>['items'][number];
export type EnrolledClass = CallResponse<typeof catalogue.getEnrolledClasses>['classes'][number];
export type ProductProgress = CallResponse<typeof catalogue.getProductProgress>['progress'];

export const BROWSE_PAGE_SIZE = 24;

/** Query keys of the catalogue: the one place that names its cache entries. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  home: () => [...catalogueKeys.all, 'home'] as const,
  homeShelf: (shelf: 'popular' | 'new') => [...catalogueKeys.all, 'home-shelf', shelf] as const,
  browse: (filters: BrowseApiFilters) => [...catalogueKeys.all, 'browse', filters] as const,
  collections: () => [...catalogueKeys.all, 'collections'] as const,
  collection: (slug: string) => [...catalogueKeys.all, 'collection', slug] as const,
  school: (slug: string) => [...catalogueKeys.all, 'school', slug] as const,
  classPage: (storefrontSlug: string, classSlug: string) => [...catalogueKeys.all, 'class', storefrontSlug, classSlug] as const,
  product: (id: string) => [...catalogueKeys.all, 'product', id] as const,
  /** Everything below depends on who is signed in. */
  mine: () => [...catalogueKeys.all, 'mine'] as const,
  purchase: (productId: string) => [...catalogueKeys.mine(), 'purchase', productId] as const,
  progress: (productId: string) => [...catalogueKeys.mine(), 'progress', productId] as const,
  library: () => [...catalogueKeys.mine(), 'library'] as const,
  enrolled: () => [...catalogueKeys.mine(), 'enrolled'] as const,
  recommendations: () => [...catalogueKeys.mine(), 'recommendations'] as const,
};

type ListQuery = CallQuery<typeof catalogue.getProducts>;
export type BrowseApiFilters = Omit<ListQuery, 'limit' | 'lastProductId'>;

/** Each product view's order: All classes by popularity, New releases newest first, Top rated by rating. */
const VIEW_SORT: Record<Exclude<BrowseView, 'collections'>, NonNullable<ListQuery['sort']>> = {
  all: 'popular',
  new: 'newest',
  top: 'top_rated',
};

/** The URL state as getProducts filters: one category from the chips, lists joined with commas. */
export function browseApiFilters(state: BrowseState): BrowseApiFilters {
  const view = state.view === 'collections' ? 'all' : state.view;
  return {
    sort: VIEW_SORT[view],
    categories: state.category || undefined,
    topics: state.topics.length ? state.topics.join(',') : undefined,
    genres: state.genres.length ? state.genres.join(',') : undefined,
    title: state.title || undefined,
    search: state.search || undefined,
  };
}

export const browseProductsQuery = (filters: BrowseApiFilters) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.browse(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(catalogue.getProducts, {
        query: { ...filters, limit: BROWSE_PAGE_SIZE, lastProductId: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.products.length > 0 ? last.lastProductId : null),
  });

/** The hero and categories change with the catalogue, rarely: the answers the page was rendered from stay fresh a minute. */
export const HOME_CONTENT_FRESH_MS = 60_000;

export const homeContentQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.home(),
    staleTime: HOME_CONTENT_FRESH_MS,
    queryFn: ({ signal }) => callApi(catalogue.getHomeContent, { signal }),
  });

export const homeShelfQuery = (shelf: 'popular' | 'new') =>
  queryOptions({
    queryKey: catalogueKeys.homeShelf(shelf),
    queryFn: ({ signal }) =>
      callApi(shelf === 'popular' ? catalogue.getMostPopularProducts : catalogue.getNewReleasesProducts, {
        query: { isForHomepage: 'true', limit: 8 },
        signal,
      }),
  });

export const collectionsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.collections(),
    queryFn: ({ signal }) => callApi(catalogue.getAllProductCollections, { signal }),
  });

export const collectionQuery = (slug: string) =>
  queryOptions({
    queryKey: catalogueKeys.collection(slug),
    queryFn: ({ signal }) => callApi(catalogue.getProductCollectionWithSlug, { query: { slug }, signal }),
  });

export const schoolQuery = (slug: string) =>
  queryOptions({
    queryKey: catalogueKeys.school(slug),
    queryFn: ({ signal }) => callApi(catalogue.getSchoolWithSlug, { query: { slug }, signal }),
  });

export const classPageQuery = (storefrontSlug: string, classSlug: string) =>
  queryOptions({
    queryKey: catalogueKeys.classPage(storefrontSlug, classSlug),
    queryFn: ({ signal }) =>
      callApi(catalogue.getProductWithClassSlug, { query: { storefront_slug: storefrontSlug, class_slug: classSlug }, signal }),
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.product(id),
    queryFn: ({ signal }) => callApi(catalogue.getProduct, { query: { id }, signal }),
  });

export const purchaseQuery = (productId: string) =>
  queryOptions({
    queryKey: catalogueKeys.purchase(productId),
    queryFn: ({ signal }) => callApi(catalogue.getUserPurchaseForProduct, { query: { product_id: productId }, signal }),
  });

export const productProgressQuery = (productId: string) =>
  queryOptions({
    queryKey: catalogueKeys.progress(productId),
    queryFn: ({ signal }) => callApi(catalogue.getProductProgress, { query: { product_id: productId }, signal }),
    // The saved position is read once per visit: refetching mid-play would fight the player.
    staleTime: Infinity,
  });

export const libraryQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.library(),
    queryFn: ({ signal }) => callApi(catalogue.getLibrary, { signal }),
  });

export const enrolledClassesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.enrolled(),
    queryFn: ({ signal }) => callApi(catalogue.getEnrolledClasses, { signal }),
  });

export const recommendationsQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.recommendations(),
    queryFn: ({ signal }) => callApi(catalogue.getRecommendations, { body: { use_all_purchases: true, limit: 12 }, signal }),
  });

/** Save watching progress; the library and this product's progress are stale afterwards. */
export function useSaveProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; contentId: string; update: ProgressUpdate; keepalive?: boolean }) =>
      callApi(catalogue.updateProductProgress, {
        body: { product_id: input.productId, content_id: input.contentId, ...input.update },
        keepalive: input.keepalive,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.library() }),
  });
}

export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (input: { email: string; productId: string }) =>
      callApi(catalogue.addToWaitlist, { body: { email: input.email, productId: input.productId, source: 'class-page' } }),
  });
}
