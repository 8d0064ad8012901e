import { randomBytes } from 'node:crypto';
import type { StripeObject } from './emulator-store';

/** The API version stamped on events (the one the pinned `stripe` SDK speaks). */
export const API_VERSION = '2026-10-28.endive';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id: prefix, underscore, 24 random alphanumerics (`cus_…`, `cs_test_…`). */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${s}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Fields every object carries. */
export function base(prefix: string, object: string, extra: Record<string, unknown> = {}): StripeObject {
  return { id: newId(prefix), object, created: nowSeconds(), livemode: false, metadata: {}, ...extra };
}

/** Stripe's list envelope, newest first, honouring `limit` (1–100, default 10) and `starting_after`. */
export function listOf(url: string, oldestFirst: StripeObject[], query: Record<string, unknown>): StripeObject {
  let items = [...oldestFirst].reverse();
  const after = typeof query.starting_after === 'string' ? query.starting_after : undefined;
  if (after) {
    const i = items.findIndex((o) => o.id === after);
    items = i >= 0 ? items.slice(i + 1) : [];
  }
  const limit = Math.min(100, Math.max(1, Number(query.limit ?? 10) || 10));
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url } as unknown as StripeObject;
}

export type Interval = 'day' | 'week' | 'month' | 'year';

/** The end of a billing period that starts at `start` (unix seconds). */
export function periodEnd(start: number, interval: Interval, count: number): number {
  const d = new Date(start * 1000);
  if (interval === 'day') d.setUTCDate(d.getUTCDate() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

/** Metadata from a form: string values only; an empty string removes the key (Stripe's rule). */
export function mergeMetadata(current: Record<string, string>, update: unknown, param = 'metadata'): Record<string, string> {
  if (update === undefined) return current;
  if (update === '') return {};
  if (typeof update !== 'object' || update === null || Array.isArray(update)) {
    throw new TypeError(`${param} must be a hash of strings`);
  }
  const out = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (typeof v !== 'string') throw new TypeError(`${param}[${k}] must be a string`);
    if (v === '') delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Test card numbers the hosted page understands. */
export type CardOutcome =
  { ok: true; brand: string; last4: string; chargesFail: boolean } | { ok: false; reason: 'declined' | 'invalid_number' };

export function cardOutcome(rawNumber: string): CardOutcome {
  const digits = rawNumber.replace(/[\s-]/g, '');
  if (digits === '4242424242424242') return { ok: true, brand: 'visa', last4: '4242', chargesFail: false };
  // Stripe's "attaches, then every charge fails": a trial starts, its first (and any later) payment fails
  if (digits === '4000000000000341') return { ok: true, brand: 'visa', last4: '0341', chargesFail: true };
  if (digits === '4000000000000002') return { ok: false, reason: 'declined' };
  return { ok: false, reason: 'invalid_number' };
}

/** An event envelope around a snapshot of the object as it is now. */
export function eventOf(type: string, obj: StripeObject, previous?: Record<string, unknown>): StripeObject {
  return base('evt', 'event', {
    api_version: API_VERSION,
    type,
    data: previous ? { object: structuredClone(obj), previous_attributes: previous } : { object: structuredClone(obj) },
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    metadata: undefined,
  });
}

/** JSON for the wire: fields starting with `_` are the emulator's own and never leave it. */
export function toJson(value: unknown, pretty = false): string {
  return JSON.stringify(value, (k, v) => (k.startsWith('_') ? undefined : v), pretty ? 2 : undefined);
}
