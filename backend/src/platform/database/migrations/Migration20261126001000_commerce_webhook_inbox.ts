import { Migration } from '@mikro-orm/migrations';

/**
 * The Stripe webhook's inbox (commerce/infra/webhook-inbox.ts): a verified event is stored here and
 * acknowledged at once, then applied in the background in the order received (received_seq), retried
 * with backoff (next_attempt_at) under a lease (claimed_until) until settled (settled_at, outcome).
 */
export class Migration20261126001000_commerce_webhook_inbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table commerce_webhook_inbox (
        event_id text primary key,
        received_seq bigserial not null,
        type text not null,
        payload jsonb not null,
        received_at timestamptz not null default now(),
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        claimed_until timestamptz,
        settled_at timestamptz,
        outcome text,
        last_error text
      );`);
    this.addSql(`create index commerce_webhook_inbox_due_idx on commerce_webhook_inbox (received_seq) where settled_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists commerce_webhook_inbox;');
  }
}
