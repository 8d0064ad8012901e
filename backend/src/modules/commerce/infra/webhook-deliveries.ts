import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { rows, run } from '../../../platform/database/sql';

export interface WebhookDeliveryRecord {
  eventId: string | null;
  type: string | null;
  outcome:
    'accepted' | 'processed' | 'ignored' | 'duplicate' | 'retry-later' | 'retrying' | 'failed' | 'bad-signature' | 'bad-request';
  duplicate: boolean;
  httpStatus: number;
  durationMs: number;
  error: string | null;
}

export interface WebhookDeliveryRow extends WebhookDeliveryRecord {
  id: string;
  receivedAt: string;
}

/**
 * Every delivery of the payment provider's webhook as it arrived and how it was answered: telemetry
 * for the operations console (the event's effects are in the event log). Written after answering;
 * a failure to log never changes the answer.
 */
@Injectable()
export class WebhookDeliveries {
  private readonly logger = new Logger('StripeWebhook');

  constructor(private readonly orm: Database) {}

  async record(d: WebhookDeliveryRecord): Promise<void> {
    try {
      // an accepted event may have been applied before this line is written: it then says how
      await run(
        this.orm.em.fork(),
        `insert into commerce_webhook_delivery (event_id, type, outcome, duplicate, http_status, duration_ms, error)
         values (?, ?, case when ? = 'accepted'
           then coalesce((select outcome from commerce_webhook_inbox where event_id = ?), 'accepted') else ? end, ?, ?, ?, ?)`,
        [
          d.eventId,
          d.type,
          d.outcome,
          d.eventId,
          d.outcome,
          d.duplicate,
          d.httpStatus,
          Math.round(d.durationMs),
          d.error?.slice(0, 500) ?? null,
        ],
      );
    } catch (err) {
      this.logger.warn({ err }, 'could not log a webhook delivery');
    }
  }

  /**
   * What applying an accepted event came to (processed, ignored, retry-later, retrying, failed), on the
   * delivery that brought it (the repeats keep 'duplicate').
   */
  async settle(eventId: string, outcome: string, error: string | null): Promise<void> {
    try {
      await run(
        this.orm.em.fork(),
        `update commerce_webhook_delivery set outcome = ?, error = ?
         where event_id = ? and not duplicate and outcome in ('accepted', 'retry-later', 'retrying')`,
        [outcome, error?.slice(0, 500) ?? null, eventId],
      );
    } catch (err) {
      this.logger.warn({ err }, 'could not log how a webhook event was applied');
    }
  }

  async list(q: { outcome?: string; eventId?: string; before?: string; limit: number }): Promise<WebhookDeliveryRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.outcome) (where.push('outcome = ?'), params.push(q.outcome));
    if (q.eventId) (where.push('event_id = ?'), params.push(q.eventId));
    if (q.before) (where.push('id < ?::bigint'), params.push(q.before));
    const found = await rows<{
      id: string;
      event_id: string | null;
      type: string | null;
      received_at: Date;
      outcome: WebhookDeliveryRecord['outcome'];
      duplicate: boolean;
      http_status: number;
      duration_ms: number;
      error: string | null;
    }>(
      this.orm.em.fork(),
      `select id::text, event_id, type, received_at, outcome, duplicate, http_status, duration_ms, error
         from commerce_webhook_delivery ${where.length ? `where ${where.join(' and ')}` : ''} order by id desc limit ?`,
      [...params, q.limit],
    );
    return found.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      type: r.type,
      receivedAt: new Date(r.received_at).toISOString(),
      outcome: r.outcome,
      duplicate: r.duplicate,
      httpStatus: r.http_status,
      durationMs: r.duration_ms,
      error: r.error,
    }));
  }
}
