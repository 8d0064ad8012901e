import type { ArrivalEvent } from '@sparkhouse/contracts/server-render';
import { ANALYTICS_EVENTS } from '@sparkhouse/contracts/constants';
import type { AppLanding, CreatorSummary, Storefront } from './storefronts.queries';

/**
 * The spec's screen events of the pages of creators' work, as their components record them on arrival
 * and as the API's render of the page carries them (entry-server.tsx: sent by the page for a visitor
 * who leaves before the app started). One function each, so the two cannot differ.
 */

/** An app's live landing page, at its current address (a draft shown to its owner is no view). */
export function productLandingEvent(landing: AppLanding | undefined): ArrivalEvent | null {
  if (!landing?.isLive) return null;
  return {
    event_type: ANALYTICS_EVENTS.productLanding,
    event_properties: { storefrontSlug: landing.storefrontSlug, appSlug: landing.appSlug, appId: landing.appId },
  };
}

export function creatorStorefrontEvent(storefront: Storefront | undefined): ArrivalEvent | null {
  if (!storefront) return null;
  return { event_type: ANALYTICS_EVENTS.creatorStorefront, event_properties: { storefrontSlug: storefront.storefrontSlug } };
}

export function creatorsPageEvent(creators: readonly CreatorSummary[] | undefined): ArrivalEvent | null {
  if (!creators) return null;
  return { event_type: ANALYTICS_EVENTS.creatorsPage, event_properties: { creatorCount: creators.length } };
}
