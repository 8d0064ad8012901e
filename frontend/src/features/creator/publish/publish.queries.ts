import type { CallBody, CallResponse } from '@sparkhouse/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '../../../api/api-error';
import { callApi } from '../../../api/call-api';
import { commerce, creatorApps } from '../../../api/routes';
import { PAYMENT_MESSAGES, paymentError, paymentKeys } from '../../payments';
import { creatorKeys, UNPUBLISHED_SERVER_CACHE_MS } from '../creator.queries';

export type PublishPreview = CallResponse<typeof creatorApps.getPublishPreview>;
export type CreatorPlatformPlans = CallResponse<typeof commerce.getCreatorPlatformPaymentOptions>;

/** The spec's message when saving an app's pricing fails (section 8). */
export const PRICING_FAILED = 'Failed to update pricing';

export const publishKeys = {
  preview: (appId: string) => [...creatorKeys.app(appId), 'publish-preview'] as const,
  creatorPlans: () => [...paymentKeys.all, 'creator-platform'] as const,
};

/** What goes live if the app is published now, and whether its creator may publish. */
export const publishPreviewQuery = (appId: string) =>
  queryOptions({
    queryKey: publishKeys.preview(appId),
    queryFn: ({ signal }) => callApi(creatorApps.getPublishPreview, { params: { appId }, signal }),
  });

/** The creator platform's tiers and their plans (yearly first). */
export const creatorPlatformPlansQuery = () =>
  queryOptions({
    queryKey: publishKeys.creatorPlans(),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(commerce.getCreatorPlatformPaymentOptions, { signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw paymentError(error, PAYMENT_MESSAGES.paymentOptions);
      }
    },
    staleTime: 60_000,
  });

/** Where the tier checkout returns: the builder's publish screen of the app, told the payment went through. */
export const tierReturnPaths = (appId: string, tierSlug: string) => ({
  success_url: `/dashboard/builder?appId=${encodeURIComponent(appId)}&mode=publish&payment_success=true&tier=${encodeURIComponent(tierSlug)}`,
  cancel_url: `/dashboard/builder?appId=${encodeURIComponent(appId)}&mode=publish&payment_canceled=true`,
});

/** Starts the checkout of a creator-platform tier; answers the payment page's address. */
export async function startTierCheckout(appId: string, tierSlug: string, priceOptionId: string) {
  try {
    const answer = await callApi(commerce.createCreatorPlatformCheckoutSession, {
      body: { price_option_id: priceOptionId, tier_slug: tierSlug, ...tierReturnPaths(appId, tierSlug) },
    });
    if (!answer?.url) throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: PAYMENT_MESSAGES.invalidResponse });
    return answer;
  } catch (error) {
    throw paymentError(error, PAYMENT_MESSAGES.checkoutSession);
  }
}

/** After pricing: the builder's views of the app read again. */
function useRefreshPublishing(appId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: publishKeys.preview(appId) }),
      queryClient.invalidateQueries({ queryKey: creatorKeys.unpublished(appId) }),
      queryClient.invalidateQueries({ queryKey: creatorKeys.apps() }),
    ]);
}

/** Saves an app's pricing; a failure reads 'Failed to update pricing' (a refusal keeps the server's reason). */
export function useUpdatePricing(app: { appId: string; storefrontSlug: string; appSlug: string }) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPublishing(app.appId);
  return useMutation({
    mutationFn: async (body: CallBody<typeof commerce.updatePriceOptions>) => {
      try {
        return await callApi(commerce.updatePriceOptions, { body });
      } catch (error) {
        const keep = isApiError(error) && error.isClientError && error.status !== 401;
        throw new ApiError({
          status: isApiError(error) ? error.status : 0,
          code: isApiError(error) ? error.code : 'PRICING_ERROR',
          message: keep ? `${PRICING_FAILED}: ${(error as ApiError).message}` : PRICING_FAILED,
        });
      }
    },
    onSuccess: () => {
      // the unpublished-changes answer is cached on the server for a few seconds: look again after it
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: creatorKeys.unpublished(app.appId) }),
        UNPUBLISHED_SERVER_CACHE_MS + 500,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.options(app.storefrontSlug, app.appSlug) }),
        refresh(),
      ]);
    },
  });
}

export const needsTier = (error: unknown) => isApiError(error) && error.status === 402;
