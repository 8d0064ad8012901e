export { AnalyticsClient, ANALYTICS_API_KEY, type AnalyticsEvent, type AnalyticsUpload } from './analytics-client';
export { getAnalytics, trackPageView, safeSearch, routePattern } from './analytics';
