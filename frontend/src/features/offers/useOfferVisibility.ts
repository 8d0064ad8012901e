import { users } from '../../api/routes';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useInRouterContext, useLocation } from 'react-router';
import { callApi } from '../../api/call-api';
import { getAccessToken } from '../../api/token-store';
import { readAttribution, readNoPriceOffer, writeNoPriceOffer } from '../attribution';
import { useUser } from '../user';
import { productOfferQuery, type ProductOffer } from './offer-loader';
import { createLastSeenThrottle, lastSeenPayload, pickSeen, readSeenFromCookies, seenCookieStrings } from './offer-seen';
import { decideOfferVisibility, nextNoPriceOffer, type OfferVisibility } from './offer-visibility';

/** One throttle per page: the last-seen save goes out at most once per 5 minutes per offer. */
const lastSeenThrottle = createLastSeenThrottle();

/** The current `p` query param, whether or not a router is mounted (unit tests of single views). */
function useQueryP(): string | null {
  const inRouter = useInRouterContext();
  // The branch is fixed for a component's lifetime, so hooks keep their order.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const search = inRouter ? useLocation().search : typeof window === 'undefined' ? '' : window.location.search;
  // The landing's stored `p` counts too: payment_info sends it, so the server prices with it.
  return new URLSearchParams(search).get('p') ?? readAttribution(Date.now())?.p ?? null;
}

/** Save what the decision asks to keep: the seen cookies, the user record (throttled), the noPriceOffer flag. */
export function recordOfferDecision(offer: ProductOffer, decision: OfferVisibility, now: number): void {
  if (decision.record) {
    for (const cookie of seenCookieStrings(offer.offerKey, decision.record)) document.cookie = cookie;
    if (getAccessToken() && lastSeenThrottle.tryAcquire(offer.offerKey, now)) {
      callApi(users.saveLastSeenOfferInfo, { body: lastSeenPayload(offer.offerKey, decision.record) }).catch(() => {
        // Not saved on the account: the cookies still hold it for this browser.
        lastSeenThrottle.reset(offer.offerKey);
      });
    }
  }
  writeNoPriceOffer(nextNoPriceOffer(readNoPriceOffer(), decision));
}

export interface OfferState {
  /** The offer price applies (and the full price is shown crossed out). */
  visible: boolean;
  /** The product's offer is still loading (the full price shows meanwhile). */
  loading: boolean;
  offer: ProductOffer | null;
}

const NO_OFFER: OfferState = { visible: false, loading: false, offer: null };

/**
 * The offer rules of spec section 4 for several products (a cart), as the price displays read them.
 * Each view is recorded once per decision: seen cookies, the account's offersSeenInfo, noPriceOffer.
 */
export function useOfferStates(productIds: readonly (string | null | undefined)[]): OfferState[] {
  const queries = useQueries({
    queries: productIds.map((id) => ({ ...productOfferQuery(id ?? ''), enabled: Boolean(id) })),
  });
  const { user } = useUser();
  // A VIP user reaches VIP-only offers without p=vip, as the server prices them.
  const queryP = useQueryP();
  const p = user?.isVip ? 'vip' : queryP;
  const offers = queries.map((q) => q.data ?? null);
  const seenInfo = user?.offersSeenInfo;
  // Recompute only when an offer, p or the account's seen info changed (not on every render).
  const offersKey = JSON.stringify(offers);

  const decided = useMemo(() => {
    const now = Date.now();
    const cookies = typeof document === 'undefined' ? '' : document.cookie;
    return offers.map((offer) => {
      if (!offer) return null;
      const seen = pickSeen(readSeenFromCookies(cookies, offer.offerKey), seenInfo?.[offer.offerKey]);
      return { offer, now, decision: decideOfferVisibility({ offer, now, queryP: p, seen }) };
    });
    // offersKey stands for offers: a new array each render, the same content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offersKey, p, seenInfo]);

  useEffect(() => {
    for (const d of decided) if (d) recordOfferDecision(d.offer, d.decision, d.now);
  }, [decided]);

  return productIds.map((id, i) => {
    if (!id) return NO_OFFER;
    const d = decided[i];
    return { visible: d?.decision.visible ?? false, loading: queries[i]?.isPending ?? false, offer: d?.offer ?? null };
  });
}

/** The offer rules for one product. */
export function useOfferVisibility(productId: string | null | undefined): OfferState {
  return useOfferStates([productId])[0];
}
