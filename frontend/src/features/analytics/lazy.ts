// Loaded in a chunk of its own (import()) after the first paint.
export { trackPageView, trackEvent, routePattern } from './analytics';
