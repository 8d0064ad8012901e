import { Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type Stripe from 'stripe';
import { RawRoutes } from '../../../platform/http/raw-routes';
import { WEBHOOK_PATH } from '../domain/payments-stand-in.port';
import { StripeGateway } from '../infra/stripe-gateway';
import { WebhookDeliveryLog, type WebhookDeliveryRecord } from '../infra/webhook-deliveries';
import { WebhookInbox } from './webhook-inbox';
import { WebhookTraffic } from '../infra/webhook-traffic';

const MAX_BODY = 512 * 1024;

function readRaw(req: Request): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(Object.assign(new Error('too large'), { status: 413 }));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The answers a webhook gets, written as they are (no serialising, no ETag: Stripe reads only the status). */
function answer(res: Response, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
const problem = (status: number, code: string, message: string) => JSON.stringify({ statusCode: status, code, message });
const RECEIVED = JSON.stringify({ received: true, duplicate: false });
const RECEIVED_BEFORE = JSON.stringify({ received: true, duplicate: true });

/**
 * POST /api/payments/webhook: Stripe's events. The signature is checked on the raw body
 * (stripe.webhooks.constructEvent) before anything is read or stored: a bad or missing one is a 400.
 * A verified event is stored in the inbox and answered 200 once its row is committed (deliveries
 * arriving together share one commit); it is applied in the background (WebhookInbox,
 * ProcessStripeEvent), after the answers in flight. A repeat of an event received before answers
 * duplicate true.
 */
@Injectable()
export class StripeWebhookEndpoint {
  private readonly log = new Logger('StripeWebhook');

  constructor(
    rawRoutes: RawRoutes,
    private readonly gateway: StripeGateway,
    private readonly inbox: WebhookInbox,
    private readonly deliveries: WebhookDeliveryLog,
    private readonly traffic: WebhookTraffic,
  ) {
    rawRoutes.register(
      WEBHOOK_PATH,
      (req, res, next) => {
        if (req.url !== '/' && req.url !== '') return next();
        const started = Date.now();
        const logged: Partial<WebhookDeliveryRecord> = {};
        res.once('close', this.traffic.arrived());
        // every answered delivery is logged for the operations console (GET /api/operations/webhooks)
        res.once('finish', () => {
          if (req.method !== 'POST') return;
          void this.deliveries.record({
            eventId: logged.eventId ?? null,
            type: logged.type ?? null,
            outcome: logged.outcome ?? (res.statusCode === 400 ? 'bad-request' : 'failed'),
            duplicate: logged.duplicate ?? false,
            httpStatus: res.statusCode,
            durationMs: Date.now() - started,
            error: logged.error ?? null,
          });
        });
        this.handle(req, res, logged).catch(next);
      },
      { ahead: true },
    );
  }

  private async handle(req: Request, res: Response, logged: Partial<WebhookDeliveryRecord>): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      answer(res, 405, problem(405, 'METHOD_NOT_ALLOWED', 'Use POST.'));
      return;
    }
    let raw: Buffer;
    try {
      raw = await readRaw(req);
    } catch (err) {
      const status = (err as { status?: number }).status ?? 400;
      answer(res, status, problem(status, 'BAD_REQUEST', 'The request could not be read.'));
      return;
    }
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') {
      answer(res, 400, problem(400, 'BAD_SIGNATURE', 'Missing Stripe-Signature header.'));
      return;
    }
    let event: Stripe.Event;
    const body = raw.toString('utf8');
    try {
      const stripe = await this.gateway.stripe();
      event = stripe.webhooks.constructEvent(body, signature, this.gateway.webhookSecret);
    } catch {
      logged.outcome = 'bad-signature';
      answer(res, 400, problem(400, 'BAD_SIGNATURE', 'Webhook signature verification failed.'));
      return;
    }
    Object.assign(logged, { eventId: event.id, type: event.type });
    try {
      const received = await this.inbox.accept(event, body);
      const duplicate = received === 'duplicate';
      Object.assign(logged, { outcome: received, duplicate });
      answer(res, 200, duplicate ? RECEIVED_BEFORE : RECEIVED);
    } catch (err) {
      Object.assign(logged, { outcome: 'failed', error: err instanceof Error ? err.message : String(err) });
      this.log.error(`webhook ${event.id} (${event.type}) could not be stored: ${(err as Error).stack ?? err}`);
      answer(res, 500, problem(500, 'INTERNAL', 'The event could not be stored; send it again.'));
    }
  }
}
