import { AppLandingViewed, type NewEvent } from '@sparkhouse/contracts';

/** The spec's analytics event for a view of an app's public landing page (properties: storefrontSlug, appSlug). */
export const PRODUCT_LANDING_EVENT = 'product landing';

const slug = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

export interface CollectedEvent {
  event_type: string;
  occurred_at: string;
  user_id: string | null;
  device_id: string | null;
  properties: Record<string, unknown>;
}

/**
 * The landing views among an upload's analytics events, as AppLandingViewed facts by the stream of the
 * app they are for (`app-landing-<storefrontSlug>-<appSlug>`): the creator's Insights count them from the log.
 * Events without both slugs are telemetry only.
 */
export function landingViews(events: readonly CollectedEvent[]): Map<string, NewEvent[]> {
  const byStream = new Map<string, NewEvent[]>();
  for (const e of events) {
    const { storefrontSlug, appSlug, appId } = e.properties;
    if (e.event_type !== PRODUCT_LANDING_EVENT || !slug(storefrontSlug) || !slug(appSlug)) continue;
    const stream = `app-landing-${storefrontSlug}-${appSlug}`;
    const fact: NewEvent = {
      type: AppLandingViewed.type,
      payload: {
        storefrontSlug,
        appSlug,
        ...(slug(appId) ? { appId } : {}),
        visitorId: e.user_id ?? e.device_id ?? null,
        viewedAt: e.occurred_at,
      },
    };
    byStream.set(stream, [...(byStream.get(stream) ?? []), fact]);
  }
  return byStream;
}
