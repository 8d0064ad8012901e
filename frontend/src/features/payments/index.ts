export * from './payments.queries';
export * from './pending-checkout';
export { useCheckoutStatusLive, invalidateAfterCheckout, CHECKOUT_POLL_MS } from './useCheckoutStatusLive';
export {
  buildPricingUpdate,
  formatPriceCents,
  formatOptionPrice,
  isYearlyOption,
  orderPaymentOptions,
  type PaymentOption,
  type PricingUpdateBody,
} from './payment-options';
export { PlanOptions, type PlanView } from './PlanOptions';
