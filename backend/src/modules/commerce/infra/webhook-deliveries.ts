import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { rows, run } from '../../../platform/database/sql';
import { GroupCommit } from './group-commit';

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

/** Text as PostgreSQL keeps it (no NUL characters). */
// eslint-disable-next-line no-control-regex -- NUL is what it removes
const storable = (text: string | null) => (text === null ? null : text.replace(/\u0000/g, ''));

/**
 * Every delivery of the payment provider's webhook as it arrived and how it was answered: telemetry
 * for the operations console (the event's effects are in the event log). Written after answering,
 * the deliveries answered together in one statement, in the order they were answered; a failure to
 * log never changes the answer.
 */
@Injectable()
export class WebhookDeliveries implements BeforeApplicationShutdown {
  private readonly logger = new Logger('StripeWebhook');
  private readonly written = new GroupCommit<WebhookDeliveryRecord, void>((batch) => this.write(batch));

  constructor(private readonly orm: Database) {}

  /** Answers once the delivery is logged (or could not be: then a warning says so). */
  record(d: WebhookDeliveryRecord): Promise<void> {
    return this.written.submit(d);
  }

  async beforeApplicationShutdown() {
    await this.written.flushed();
  }

  private async write(batch: WebhookDeliveryRecord[]): Promise<void[]> {
    try {
      // an accepted event may have been applied before its line is written: it then says how
      await run(
        this.orm.em.fork(),
        `insert into commerce_webhook_delivery (event_id, type, outcome, duplicate, http_status, duration_ms, error)
         select d.event_id, d.type, case when d.outcome = 'accepted' then coalesce(i.outcome, 'accepted') else d.outcome end,
                d.duplicate, d.http_status, d.duration_ms, d.error
           from rows from (jsonb_to_recordset(?::jsonb) as (event_id text, type text, outcome text, duplicate boolean,
                  http_status integer, duration_ms integer, error text)) with ordinality
                as d(event_id, type, outcome, duplicate, http_status, duration_ms, error, n)
           left join commerce_webhook_inbox i on i.event_id = d.event_id
          order by d.n`,
        [
          JSON.stringify(
            batch.map((d) => ({
              event_id: storable(d.eventId),
              type: storable(d.type),
              outcome: d.outcome,
              duplicate: d.duplicate,
              http_status: d.httpStatus,
              duration_ms: Math.round(d.durationMs),
              error: storable(d.error)?.slice(0, 500) ?? null,
            })),
          ),
        ],
      );
    } catch (err) {
      this.logger.warn({ err }, `could not log ${batch.length} webhook deliveries`);
    }
    return batch.map(() => undefined);
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
