import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { StripeObject } from './emulator-store';
import { toJson } from './stripe-objects';

export interface Delivery {
  eventId: string;
  type: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  /** HTTP status of the last attempt, or null when it never got an answer. */
  lastStatusCode: number | null;
  lastError: string | null;
}

export interface WebhookDispatcherOptions {
  url: string;
  secret: string;
  maxAttempts?: number;
  /** Delay before retry n (1-based): base × 2^(n-1) — 0.5 s, 1 s, 2 s, 4 s … by default. */
  retryBaseMs?: number;
  timeoutMs?: number;
}

/** `Stripe-Signature` exactly as Stripe computes it: `t=<unix>,v1=<hex HMAC-SHA256(secret, "t.payload")>`. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      { method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** POSTs a Stripe-format event body signed with `secret`; answers the HTTP status. */
export function postSigned(url: string, payload: string, secret: string, timeoutMs: number): Promise<number> {
  return post(
    url,
    payload,
    {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signPayload(payload, secret),
    },
    timeoutMs,
  );
}

/**
 * Delivers events one at a time, in the order they happened: an event waits until the one before
 * it was delivered or gave up. Failed attempts (network error, non-2xx) are retried with backoff.
 */
export class WebhookDispatcher {
  private readonly queue: Array<{ event: StripeObject; delivery: Delivery }> = [];
  private readonly all: Delivery[] = [];
  private busy = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  enqueue(event: StripeObject): void {
    if (this.closed) return;
    const delivery: Delivery = {
      eventId: event.id,
      type: event.type,
      attempts: 0,
      status: 'pending',
      lastStatusCode: null,
      lastError: null,
    };
    this.all.push(delivery);
    this.queue.push({ event: structuredClone(event), delivery });
    this.pump();
  }

  deliveries(): Delivery[] {
    return this.all.map((d) => ({ ...d }));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private pump(): void {
    if (this.busy || this.closed || this.timer || this.queue.length === 0) return;
    this.busy = true;
    void this.attempt(this.queue[0]).finally(() => {
      this.busy = false;
      this.pump();
    });
  }

  private async attempt(item: { event: StripeObject; delivery: Delivery }): Promise<void> {
    const { delivery } = item;
    const payload = toJson(item.event, true);
    delivery.attempts += 1;
    try {
      const headers = {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signPayload(payload, this.options.secret),
      };
      delivery.lastStatusCode = await post(this.options.url, payload, headers, this.timeoutMs);
      delivery.lastError =
        delivery.lastStatusCode >= 200 && delivery.lastStatusCode < 300 ? null : `HTTP ${delivery.lastStatusCode}`;
    } catch (err) {
      delivery.lastStatusCode = null;
      delivery.lastError = (err as Error).message;
    }
    if (delivery.lastError === null) {
      delivery.status = 'delivered';
      this.queue.shift();
    } else if (delivery.attempts >= this.maxAttempts) {
      delivery.status = 'failed';
      this.queue.shift();
    } else if (!this.closed) {
      const delay = this.retryBaseMs * 2 ** (delivery.attempts - 1);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, delay);
      this.timer.unref();
    }
  }
}
