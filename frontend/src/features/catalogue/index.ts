import './catalogue.css';

export * from './catalogue.queries';
export * from './browse-state';
export { ProductCard, ProductGrid, ProductGridSkeleton, ProductCardSkeleton, Price, Rating, classPath } from './ProductCard';
export { CollectionCard } from './CollectionCard';
export { COVER_SIZES, coverImage, coverSrcSet } from './cover-image';
export { EmptyState, ErrorState, LoadingState, NotFoundState, isNotFound } from './QueryStates';
export { QueryList, QueryView, type ViewedQuery } from './QueryView';
export { SignInPrompt } from './SignInPrompt';
export { SignInGate } from './SignInGate';
export { useSignedIn, useSignInState, type SignInState } from './useSignedIn';
export { useDebouncedValue } from './useDebouncedValue';
export { useNow } from './useNow';
export { formatCents } from '../format';
export { productIdFromWatchSlug, watchPath } from './watch-path';
export { hasActiveClass, isClassActive, listEnrolments } from './active-class';
export { clearAppIdea, loadAppIdea, saveAppIdea } from './app-idea-storage';
export { useKeptAppIdea } from './useKeptAppIdea';
export { AccountLink, SignInLink } from './SignInLink';
export {
  bannerDescription,
  bannerTheme,
  countdownRemaining,
  dismissBanner,
  formatCountdown,
  isCountdownOver,
  shouldShowBanner,
  type BannerPayload,
} from './banner';
export { chapterAt, chapterPercent, fitChapters, toChapters, type Chapter } from './chapters';
export { resumePosition, WatchProgressTracker } from './watch-progress';
