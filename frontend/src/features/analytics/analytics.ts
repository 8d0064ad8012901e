import { operations } from '@sparkhouse/contracts';
import { getAnonymousId } from '../../api/anonymous-id';
import { callApi } from '../../api/call-api';
import { AnalyticsClient } from './analytics-client';

let client: AnalyticsClient | null = null;

/** The page's analytics client, uploading through the recordAnalytics call. */
export function getAnalytics(): AnalyticsClient {
  if (client) return client;
  const created = new AnalyticsClient({
    send: (upload, { keepalive }) => callApi(operations.recordAnalytics, { body: upload, keepalive }),
    deviceId: getAnonymousId,
  });
  // pagehide (not unload) fires reliably on mobile and with the back-forward cache.
  window.addEventListener('pagehide', () => void created.flush({ keepalive: true }));
  client = created;
  return created;
}

/** Query params that must never leave the browser in an analytics event. */
const SENSITIVE_PARAMS = ['code', 'state', 'token', 'access_token', 'id_token'];

export function safeSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SENSITIVE_PARAMS) if (params.has(name)) params.set(name, 'redacted');
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function trackPageView(location: { pathname: string; search: string }): void {
  getAnalytics().track('Page Viewed', {
    path: location.pathname,
    search: safeSearch(location.search),
    title: document.title,
    referrer: document.referrer || undefined,
  });
}
