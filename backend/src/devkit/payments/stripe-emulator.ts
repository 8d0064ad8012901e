import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemoryEmulatorStore, type EmulatorStore, type IdempotentAnswer, type StripeObject } from './emulator-store';
import { BillingEngine } from './billing-engine';
import { WebhookDispatcher, type Delivery } from './webhook-dispatcher';
import { match, type Route } from './api-router';
import { apiRoutes } from './api-routes';
import { checkoutRoutes } from './checkout-routes';
import { handleCheckoutPage } from './checkout-page';
import { parseForm } from './form-encoding';
import { StripeApiError } from './stripe-errors';
import { API_VERSION, newId, toJson } from './stripe-objects';

export interface StripeEmulatorOptions {
  /** Where events are POSTed, signed with `webhookSecret`. No URL, no deliveries (events are still listed). */
  webhookUrl?: string;
  webhookSecret: string;
  /** Base of the hosted checkout URLs handed out in `session.url`; defaults to the listening address. */
  publicUrl?: string;
  /** Defaults to a fresh in-memory store. */
  store?: EmulatorStore;
  /** First retry delay in ms (doubling each time); 500 by default. */
  webhookRetryBaseMs?: number;
  /**
   * Called with each recorded event instead of the in-process dispatcher (e.g. to wake a delivery
   * outbox kept by the store). With it, `webhookUrl` is ignored.
   */
  onEvent?: (event: StripeObject) => void;
}

export interface StripeEmulator {
  server: http.Server;
  /** The request listener, for mounting the API (`/v1/…`) and hosted page (`/checkout/…`) in another server. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  listen(port?: number): Promise<{ port: number; baseUrl: string }>;
  close(): Promise<void>;
  /** Webhook delivery attempts so far, in event order (empty without a `webhookUrl`). */
  deliveries(): Delivery[];
  /** Test helper: end a trial (`trialEnd`) or renew a period (`renew`), billing it and recording events. */
  advanceSubscription(subId: string, opts: { trialEnd?: boolean; renew?: boolean }): Promise<StripeObject>;
}

const MAX_BODY = 1_000_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy(new Error('request body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, answer: IdempotentAnswer, extra: Record<string, string> = {}): void {
  res.writeHead(answer.statusCode, {
    'content-type': 'application/json',
    'request-id': newId('req'),
    'stripe-version': API_VERSION,
    ...extra,
  });
  res.end(answer.body);
}

const errorAnswer = (err: StripeApiError, fingerprint = ''): IdempotentAnswer => ({
  requestFingerprint: fingerprint,
  statusCode: err.statusCode,
  body: toJson(err.body()),
});

/** The API key from `Authorization: Bearer sk_test_…`, or the 401 to answer. */
function apiKey(req: IncomingMessage): string | StripeApiError {
  const header = req.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) {
    return new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (!/^sk_test_\w+$/.test(m[1])) {
    return new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${m[1].slice(0, 8)}${'*'.repeat(Math.max(0, m[1].length - 12))}${m[1].slice(-4)}`,
      'api_key_invalid',
    );
  }
  return m[1];
}

export function createStripeEmulator(options: StripeEmulatorOptions): StripeEmulator {
  const store: EmulatorStore = options.store ?? new InMemoryEmulatorStore();
  const dispatcher = options.onEvent
    ? null
    : options.webhookUrl
      ? new WebhookDispatcher({ url: options.webhookUrl, secret: options.webhookSecret, retryBaseMs: options.webhookRetryBaseMs })
      : null;
  const engine = new BillingEngine(store, (event) => (options.onEvent ? options.onEvent(event) : dispatcher?.enqueue(event)));
  let listeningUrl = options.publicUrl ?? '';
  const publicUrl = () => (options.publicUrl ?? listeningUrl).replace(/\/$/, '');
  const routes: Route[] = [...apiRoutes(store, engine), ...checkoutRoutes(store, engine, publicUrl)];
  const inFlight = new Map<string, Promise<{ answer: IdempotentAnswer; replayed: boolean }>>();

  async function execute(
    req: IncomingMessage,
    path: string,
    query: string,
    raw: string,
    fingerprint: string,
  ): Promise<IdempotentAnswer> {
    const found = match(routes, req.method ?? 'GET', path);
    if (!found) {
      return errorAnswer(
        new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path}).`),
        fingerprint,
      );
    }
    try {
      const body = parseForm(req.method === 'POST' ? raw : query);
      const result = await found.handler({ method: req.method ?? 'GET', params: found.params, body });
      return { requestFingerprint: fingerprint, statusCode: 200, body: toJson(result) };
    } catch (err) {
      if (err instanceof StripeApiError) return errorAnswer(err, fingerprint);
      return errorAnswer(new StripeApiError(500, 'api_error', `Emulator error: ${(err as Error).message}`), fingerprint);
    }
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void> {
    const key = apiKey(req);
    if (typeof key !== 'string') return sendJson(res, errorAnswer(key), { 'www-authenticate': 'Bearer realm="Stripe"' });
    const raw = await readBody(req);
    const fingerprint = `${req.method} ${path}?${query}\n${raw}`;
    const idemHeader = req.headers['idempotency-key'];
    const idem = req.method === 'POST' && typeof idemHeader === 'string' && idemHeader ? `${key}:${idemHeader}` : null;
    if (!idem) return sendJson(res, await execute(req, path, query, raw, fingerprint));

    // one promise per key, taken synchronously: concurrent first uses wait for the same answer
    let running = inFlight.get(idem);
    const first = !running;
    if (!running) {
      running = (async () => {
        // a shared store: another process may be executing this key right now; wait for its answer
        for (let waited = 0; ; waited += 50) {
          const earlier = await store.getIdempotent(idem);
          if (earlier) return { answer: earlier, replayed: true };
          if (!store.claimIdempotent || (await store.claimIdempotent(idem))) break;
          if (waited > 35_000) throw new Error('idempotency key held too long by another process');
          await new Promise((r) => setTimeout(r, 50));
        }
        let answer: IdempotentAnswer;
        try {
          answer = await execute(req, path, query, raw, fingerprint);
        } catch (err) {
          await store.releaseIdempotent?.(idem);
          throw err;
        }
        // like Stripe, server errors are not remembered: the same key may try again
        if (answer.statusCode < 500) await store.putIdempotent(idem, answer);
        else await store.releaseIdempotent?.(idem);
        return { answer, replayed: false };
      })();
      inFlight.set(idem, running);
      void running.finally(() => inFlight.delete(idem)).catch(() => undefined);
    }
    const { answer, replayed } = await running;
    if (replayed || !first) {
      if (answer.requestFingerprint !== fingerprint) {
        const msg = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemHeader}' if you meant to execute a different request.`;
        return sendJson(res, errorAnswer(new StripeApiError(400, 'idempotency_error', msg)));
      }
      return sendJson(res, answer, { 'idempotent-replayed': 'true', 'idempotency-key': String(idemHeader) });
    }
    sendJson(res, answer, { 'idempotency-key': String(idemHeader) });
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const work = path.startsWith('/v1/')
      ? api(req, res, path, url.search.slice(1))
      : handleCheckoutPage(req, res, path, () => readBody(req), { store, engine }).then((handled) => {
          if (!handled) {
            res.writeHead(404, { 'content-type': 'text/plain' });
            res.end('Not found');
          }
        });
    work.catch((err: Error) => {
      if (!res.headersSent) sendJson(res, errorAnswer(new StripeApiError(500, 'api_error', `Emulator error: ${err.message}`)));
      else res.destroy(err);
    });
  };
  const server = http.createServer(handle);

  return {
    server,
    handle,
    listen: (port = 0) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          const actual = (server.address() as AddressInfo).port;
          listeningUrl = `http://127.0.0.1:${actual}`;
          resolve({ port: actual, baseUrl: listeningUrl });
        });
      }),
    close: () =>
      new Promise((resolve) => {
        dispatcher?.close();
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    deliveries: () => dispatcher?.deliveries() ?? [],
    advanceSubscription: (subId, opts) => engine.advanceSubscription(subId, opts),
  };
}
