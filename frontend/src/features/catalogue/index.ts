import './catalogue.css';

export * from './catalogue.queries';
export * from './browse-state';
export { ProductCard, ProductGrid, ProductGridSkeleton, ProductCardSkeleton, Price, Rating, classPath } from './ProductCard';
export { CollectionCard } from './CollectionCard';
export { COVER_SIZES, coverImage, coverSrcSet } from './cover-image';
export { EmptyState, ErrorState, LoadingState, NotFoundState, isNotFound } from './QueryStates';
export { SignInPrompt } from './SignInPrompt';
export { useSignedIn, useSignInState, type SignInState } from './useSignedIn';
export { useDebouncedValue } from './useDebouncedValue';
export { useNow } from './useNow';
export { formatCents } from './price';
export { productIdFromWatchSlug, watchPath } from './watch-path';
export { hasActiveClass, isClassActive, listEnrolments } from './active-class';
