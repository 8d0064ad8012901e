import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type Stripe from 'stripe';
import { RawRoutes } from '../../../platform/http/raw-routes';
import { ProcessStripeEvent, RetryLater, type ProcessOutcome } from '../commands/process-stripe-event.command';
import { StripeGateway, WEBHOOK_PATH } from '../infra/stripe-gateway';

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

const answer = (res: Response, status: number, code: string, message: string) =>
  res.status(status).json({ statusCode: status, code, message });

/**
 * POST /api/payments/webhook: Stripe's events. The signature is checked on the raw body
 * (stripe.webhooks.constructEvent) before anything is read or stored: a bad or missing one is a 400.
 * A verified event is processed once (see ProcessStripeEvent); a repeat answers 200 with duplicate true.
 */
@Injectable()
export class StripeWebhookEndpoint {
  private readonly log = new Logger('StripeWebhook');

  constructor(
    rawRoutes: RawRoutes,
    private readonly gateway: StripeGateway,
    private readonly commands: CommandBus,
  ) {
    rawRoutes.register(WEBHOOK_PATH, (req, res, next) => {
      if (req.url !== '/' && req.url !== '') return next();
      this.handle(req, res).catch(next);
    });
  }

  private async handle(req: Request, res: Response): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      answer(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST.');
      return;
    }
    let raw: Buffer;
    try {
      raw = await readRaw(req);
    } catch (err) {
      answer(res, (err as { status?: number }).status ?? 400, 'BAD_REQUEST', 'The request could not be read.');
      return;
    }
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') {
      answer(res, 400, 'BAD_SIGNATURE', 'Missing Stripe-Signature header.');
      return;
    }
    let event: Stripe.Event;
    try {
      const stripe = await this.gateway.stripe();
      event = stripe.webhooks.constructEvent(raw, signature, this.gateway.webhookSecret);
    } catch {
      answer(res, 400, 'BAD_SIGNATURE', 'Webhook signature verification failed.');
      return;
    }
    try {
      const outcome: ProcessOutcome = await this.commands.execute(new ProcessStripeEvent(event));
      res.status(200).json({ received: true, duplicate: outcome === 'duplicate' });
    } catch (err) {
      if (err instanceof RetryLater) {
        answer(res, 503, 'RETRY_LATER', err.message);
        return;
      }
      // a unique-key race with a concurrent delivery of the same event: it was recorded by the other
      if ((err as { code?: string }).code === '23505') {
        res.status(200).json({ received: true, duplicate: true });
        return;
      }
      this.log.error(`webhook ${event.id} (${event.type}) failed: ${(err as Error).stack ?? err}`);
      answer(res, 500, 'INTERNAL', 'The event could not be processed; it will be retried.');
    }
  }
}
