/** Errors in Stripe's wire shape: `{ error: { type, code, message, param } }`. */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.declineCode) error.decline_code = this.declineCode;
    return { error };
  }
}

const NOUNS: Record<string, string> = {
  cus: 'customer',
  prod: 'product',
  price: 'price',
  cs: 'checkout.session',
  pi: 'payment_intent',
  sub: 'subscription',
  re: 'refund',
  pm: 'payment_method',
  evt: 'event',
  ch: 'charge',
  in: 'invoice',
};

/** 404 `resource_missing`, worded like Stripe: "No such customer: 'cus_x'". */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such ${NOUNS[kind] ?? kind}: '${id}'`, 'resource_missing', param);
}

/** 400 with a parameter to blame. */
export function invalid(message: string, param?: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, code, param);
}

export function missing(param: string): StripeApiError {
  return invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** 402 card error, as a declined charge answers. */
export function cardDeclined(): StripeApiError {
  return new StripeApiError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, 'generic_decline');
}
