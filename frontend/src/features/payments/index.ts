export * from './payments.queries';
export * from './pending-checkout';
export { useCheckoutStatusLive, invalidateAfterCheckout, CHECKOUT_POLL_MS } from './useCheckoutStatusLive';
export { formatPriceCents, formatOptionPrice, isYearlyOption, orderPaymentOptions, type PaymentOption } from './payment-options';
