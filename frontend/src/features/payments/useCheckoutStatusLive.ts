import type { CheckoutUpdatedMessage } from '@sparkhouse/contracts';
import { SERVER_EVENTS } from '@sparkhouse/contracts/realtime-names';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogueKeys } from '../catalogue';
import { getSocket } from '../realtime';
import { userKeys } from '../../api/user.queries';
import { checkoutStatusQuery, paymentKeys, type CheckoutStatusAnswer } from './payments.queries';

/** While the webhook has not landed, the status is also re-read now and then (a push can be missed while offline). */
export const CHECKOUT_POLL_MS = 4000;

/** After a checkout lands: what the buyer owns, their subscriptions, credit and cart changed. */
export function invalidateAfterCheckout(queryClient: ReturnType<typeof useQueryClient>): void {
  void queryClient.invalidateQueries({ queryKey: catalogueKeys.mine() });
  void queryClient.invalidateQueries({ queryKey: paymentKeys.mine() });
  void queryClient.invalidateQueries({ queryKey: userKeys.all });
}

/**
 * A checkout session's real state (GET /payments/checkout-sessions/:id), kept current by the
 * `commerce:checkout-updated` push the server sends when the webhook has been recorded.
 */
export function useCheckoutStatusLive(sessionId: string | null, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...checkoutStatusQuery(sessionId ?? ''),
    enabled: Boolean(sessionId) && enabled,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? CHECKOUT_POLL_MS : false),
  });

  useEffect(() => {
    if (!sessionId || !enabled) return;
    const socket = getSocket();
    const key = paymentKeys.checkout(sessionId);
    const onUpdate = (message: CheckoutUpdatedMessage) => {
      if (message.sessionId !== sessionId) return;
      queryClient.setQueryData<CheckoutStatusAnswer>(key, (current) =>
        current ? { ...current, status: message.status, productIds: message.productIds } : current,
      );
      // The push says what changed; the status call has the rest (subscription, amounts).
      void queryClient.invalidateQueries({ queryKey: key });
      if (message.status === 'completed') invalidateAfterCheckout(queryClient);
    };
    // A (re)connect may have missed the push: read the state again.
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: key });
    socket.on(SERVER_EVENTS.checkoutUpdated, onUpdate);
    socket.on('connect', onConnect);
    return () => {
      socket.off(SERVER_EVENTS.checkoutUpdated, onUpdate);
      socket.off('connect', onConnect);
    };
  }, [sessionId, enabled, queryClient]);

  return query;
}
