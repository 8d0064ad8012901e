import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { run } from '../../../platform/database/sql';
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
export class WebhookDeliveryLog implements BeforeApplicationShutdown {
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
}
