import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import type { WebhookDeliveryRecord } from '../infra/webhook-deliveries';

export interface WebhookDeliveryRow extends WebhookDeliveryRecord {
  id: string;
  receivedAt: string;
}

/** For the operations console: the log of the payment provider's webhook deliveries, newest first. */
@Injectable()
export class WebhookDeliveries {
  constructor(private readonly orm: Database) {}

  async list(q: { outcome?: string; eventId?: string; before?: string; limit: number }): Promise<WebhookDeliveryRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const filter = (condition: string, value: unknown) => {
      where.push(condition);
      params.push(value);
    };
    if (q.outcome) filter('outcome = ?', q.outcome);
    if (q.eventId) filter('event_id = ?', q.eventId);
    if (q.before) filter('id < ?::bigint', q.before);
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
