import { queryOptions } from '@tanstack/react-query';
import { ApiError, isApiError } from './api-error';
import { callApi } from './call-api';
import { commerce } from './routes';

/** The spec's message when the subscription status cannot be read (error catalogue, "Payments"). */
export const SUBSCRIPTION_STATUS_MESSAGE = 'Failed to fetch subscription status';

/** Query keys of the payments calls: the one place that names them (the user context and the payment screens share them). */
export const paymentKeys = {
  all: ['payments'] as const,
  options: (storefrontSlug: string, appSlug: string) => [...paymentKeys.all, 'options', storefrontSlug, appSlug] as const,
  /** Everything tied to the signed-in user (dropped on sign-out, refreshed after a checkout). */
  mine: () => [...paymentKeys.all, 'mine'] as const,
  subscriptions: (userId: string) => [...paymentKeys.mine(), 'subscriptions', userId] as const,
  credit: () => [...paymentKeys.mine(), 'credit'] as const,
  quote: (productIds: readonly string[], p: string | null) => [...paymentKeys.mine(), 'quote', productIds, p] as const,
  checkout: (sessionId: string) => [...paymentKeys.mine(), 'checkout', sessionId] as const,
};

export const subscriptionsQuery = (userId: string) =>
  queryOptions({
    queryKey: paymentKeys.subscriptions(userId),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(commerce.getUserSubscriptions, { signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        // The user context reports the spec's message whatever went wrong.
        throw new ApiError({
          status: isApiError(error) ? error.status : 0,
          code: isApiError(error) ? error.code : 'PAYMENT_ERROR',
          message: SUBSCRIPTION_STATUS_MESSAGE,
        });
      }
    },
  });
