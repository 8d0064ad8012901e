import { ARRIVAL_EVENTS_ELEMENT_ID, type ArrivalEvent, type ArrivalEvents } from '@sparkhouse/contracts/server-render';
import { API_PREFIX } from '../../api/call-api';
import { operations } from '../../api/routes';
import { ANALYTICS_API_KEY } from './analytics-client';

/** The event the app records on every route change (the operations console's page views). */
export const PAGE_VIEWED = 'Page Viewed';

/** Query params that must never leave the browser in an analytics event. */
export const SENSITIVE_PARAMS = ['code', 'state', 'token', 'access_token', 'id_token'] as const;

/**
 * What a page the API rendered carries for a visitor who leaves before the app started (theme-init.js
 * sends it then): the page view the app would record, by its route pattern, and the page's own screen
 * event, computed by the very function its component records it with.
 */
export function arrivalEvents(route: string, screen: ArrivalEvent | null): ArrivalEvents {
  return {
    url: API_PREFIX + operations.recordAnalytics.path,
    api_key: ANALYTICS_API_KEY,
    redact: SENSITIVE_PARAMS,
    events: [{ event_type: PAGE_VIEWED, event_properties: { route } }, ...(screen ? [screen] : [])],
  };
}

const indexes = (block: Element, name: string) => (block.getAttribute(name) ?? '').split(' ').filter(Boolean).map(Number);

const sameEvent = (arrival: ArrivalEvent, eventType: string, properties: Record<string, unknown>) =>
  arrival.event_type === eventType &&
  (eventType === PAGE_VIEWED
    ? arrival.event_properties.route === properties.route
    : JSON.stringify(arrival.event_properties) === JSON.stringify(properties));

/**
 * Before the app records an event: whether the page it arrived on sent it already (theme-init.js, when
 * the page was hidden before the app recorded it: the app then records it not again). The first event
 * of the app's that is one of the page's arrival events is marked the app's own (`data-taken`), so the
 * page never sends it; the app's later events (another visit of the same route) are never matched.
 */
export function sentOnArrival(eventType: string, properties: Record<string, unknown>, doc: Document = document): boolean {
  const block = doc.getElementById(ARRIVAL_EVENTS_ELEMENT_ID);
  if (!block?.textContent) return false;
  let arrival: ArrivalEvents;
  try {
    arrival = JSON.parse(block.textContent) as ArrivalEvents;
  } catch {
    return false;
  }
  const taken = indexes(block, 'data-taken');
  const i = arrival.events.findIndex((e, index) => !taken.includes(index) && sameEvent(e, eventType, properties));
  if (i < 0) return false;
  block.setAttribute('data-taken', [...taken, i].join(' '));
  return indexes(block, 'data-sent').includes(i);
}

/** The session the page's arrival events went out in (theme-init.js), for the app to go on with; null: none sent. */
export function arrivalSession(doc: Document = document): number | null {
  const started = Number(doc.getElementById(ARRIVAL_EVENTS_ELEMENT_ID)?.getAttribute('data-session'));
  return Number.isSafeInteger(started) && started > 0 ? started : null;
}
