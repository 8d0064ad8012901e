import { operations } from '../../api/routes';
import { getAnonymousId } from '../../api/anonymous-id';
import { callApi } from '../../api/call-api';
import { AnalyticsClient, type AnalyticsUpload } from './analytics-client';
import { arrivalSession, PAGE_VIEWED, SENSITIVE_PARAMS, sentOnArrival } from './arrival';

/** The upload's checksum, as the collector checks it: SHA-256 (hex) of version, key, events JSON and upload time. */
export async function uploadChecksum(u: AnalyticsUpload): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined; // not a secure context: the collector accepts an upload without one
  const bytes = new TextEncoder().encode(`${u.v}${u.api_key}${JSON.stringify(u.events)}${u.upload_time}`);
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

let client: AnalyticsClient | null = null;

/** The page's analytics client, uploading through the recordAnalytics call. */
export function getAnalytics(): AnalyticsClient {
  if (client) return client;
  const created = new AnalyticsClient({
    send: async (upload, { keepalive }) =>
      callApi(operations.recordAnalytics, { body: { ...upload, checksum: await uploadChecksum(upload) }, keepalive }),
    deviceId: getAnonymousId,
    session: arrivalSession,
  });
  // pagehide (not unload) fires reliably on mobile and with the back-forward cache.
  window.addEventListener('pagehide', () => void created.flush({ keepalive: true }));
  client = created;
  return created;
}

export function safeSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SENSITIVE_PARAMS) if (params.has(name)) params.set(name, 'redacted');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The route a path matched, its parameters put back as names: /classes/a/b -> /classes/:storefrontSlug/:classSlug. */
export function routePattern(pathname: string, params: Record<string, string | undefined>): string {
  const names = new Map(Object.entries(params).flatMap(([k, v]) => (v && k !== '*' ? [[v, k] as const] : [])));
  if (params['*'] !== undefined && params['*'] !== '') return '*';
  return pathname
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment);
      return names.has(decoded) ? `:${names.get(decoded)}` : segment;
    })
    .join('/');
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function trackPageView(location: { pathname: string; search: string }, route?: string, title = document.title): void {
  const properties = {
    path: location.pathname,
    route: route ?? location.pathname,
    search: safeSearch(location.search),
    title,
    referrer: document.referrer || undefined,
  };
  // a rendered page's own view, sent already by the page if it was hidden before the app started
  if (sentOnArrival(PAGE_VIEWED, properties)) return;
  getAnalytics().track(PAGE_VIEWED, properties);
}

/** Records one of the spec's screen events (ANALYTICS_EVENTS) with its properties. */
export function trackEvent(eventType: string, properties: Record<string, unknown>): void {
  if (sentOnArrival(eventType, properties)) return;
  getAnalytics().track(eventType, properties);
}
