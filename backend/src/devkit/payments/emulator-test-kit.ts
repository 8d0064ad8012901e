import Stripe from 'stripe';
import { createStripeEmulator, type StripeEmulator, type StripeEmulatorOptions } from './stripe-emulator';

export const TEST_KEY = 'sk_test_emulator';

/** A listening emulator and an SDK client pointed at it. */
export async function startEmulator(
  options: Partial<StripeEmulatorOptions> = {},
): Promise<{ emulator: StripeEmulator; stripe: Stripe; baseUrl: string }> {
  const emulator = createStripeEmulator({ webhookSecret: 'whsec_test', ...options });
  const { port, baseUrl } = await emulator.listen(0);
  const stripe = new Stripe(TEST_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  return { emulator, stripe, baseUrl };
}

export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', invalid: '1234 5678 9012 3456' };

/** Submits the hosted checkout form like a browser would, without following the redirect. */
export async function payCheckout(sessionUrl: string, card: string, name = 'Ada Lovelace'): Promise<Response> {
  const form = new URLSearchParams({ card_number: card, exp: '12/34', cvc: '123', name });
  return fetch(`${sessionUrl}/pay`, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}
