import type { CallBody, CallResponse } from '@sparkhouse/contracts';
import { commerce } from '../../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, isApiError } from '../../api/api-error';
import { callApi } from '../../api/call-api';
import { loadMonthlyCreditCents, orderPaymentOptions } from './payment-options';
import { paymentKeys, SUBSCRIPTION_STATUS_MESSAGE } from '../../api/subscriptions.queries';

export { paymentKeys, subscriptionsQuery } from '../../api/subscriptions.queries';

/** The spec's payment messages (error catalogue, "Payments"). */
export const PAYMENT_MESSAGES = {
  paymentOptions: 'Failed to fetch payment options',
  checkoutSession: 'Failed to create checkout session',
  subscriptionStatus: SUBSCRIPTION_STATUS_MESSAGE,
  invalidResponse: 'Invalid response format',
} as const;

/** Keep a 4xx message the server wrote for this input; anything else reads as the spec's message. */
export function paymentError(error: unknown, message: string): ApiError {
  if (isApiError(error) && error.isClientError && error.status !== 401 && error.message) return error;
  return new ApiError({
    status: isApiError(error) ? error.status : 0,
    code: isApiError(error) ? error.code : 'PAYMENT_ERROR',
    message,
  });
}

export type PaymentOptionsAnswer = CallResponse<typeof commerce.getPaymentOptions>;
export type CheckoutStatusAnswer = CallResponse<typeof commerce.getCheckoutStatus>;
export type PurchaseAnswer = CallResponse<typeof commerce.purchaseItems>;
export type QuoteAnswer = CallResponse<typeof commerce.quotePurchase>;

/** Payment options with the yearly (or 12-month) plan first and preselected (spec section 9). */
export const paymentOptionsQuery = (storefrontSlug: string, appSlug: string) =>
  queryOptions({
    queryKey: paymentKeys.options(storefrontSlug, appSlug),
    queryFn: async ({ signal }) => {
      try {
        const answer = await callApi(commerce.getPaymentOptions, { params: { storefrontSlug, appSlug }, signal });
        const ordered = orderPaymentOptions(answer.payment_options, answer.defaultSelectedId);
        return { ...answer, payment_options: ordered.options, defaultSelectedId: ordered.defaultSelectedId };
      } catch (error) {
        if (signal?.aborted) throw error;
        throw paymentError(error, PAYMENT_MESSAGES.paymentOptions);
      }
    },
    staleTime: 60_000,
  });

/** Monthly credit in cents; a failed fetch is logged and counts as zero (spec section 8). */
export const monthlyCreditQuery = () =>
  queryOptions({
    queryKey: paymentKeys.credit(),
    queryFn: ({ signal }) =>
      loadMonthlyCreditCents(
        () => callApi(commerce.getMonthlyCreditForUser, { signal }),
        (message, error) => console.warn(message, error),
      ),
  });

export const quoteQuery = (body: CallBody<typeof commerce.quotePurchase>, p: string | null) =>
  queryOptions({
    queryKey: paymentKeys.quote(body.product_ids, p),
    queryFn: ({ signal }) => callApi(commerce.quotePurchase, { body, signal }),
    staleTime: 0,
  });

export const checkoutStatusQuery = (sessionId: string) =>
  queryOptions({
    queryKey: paymentKeys.checkout(sessionId),
    queryFn: ({ signal }) => callApi(commerce.getCheckoutStatus, { params: { sessionId }, signal }),
  });

export async function purchaseItems(body: CallBody<typeof commerce.purchaseItems>): Promise<PurchaseAnswer> {
  try {
    return await callApi(commerce.purchaseItems, { body });
  } catch (error) {
    throw paymentError(error, PAYMENT_MESSAGES.checkoutSession);
  }
}

export async function createCheckoutSession(body: CallBody<typeof commerce.createCheckoutSession>) {
  try {
    const answer = await callApi(commerce.createCheckoutSession, { body });
    if (!answer?.url) throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: PAYMENT_MESSAGES.invalidResponse });
    return answer;
  } catch (error) {
    throw paymentError(error, PAYMENT_MESSAGES.checkoutSession);
  }
}
