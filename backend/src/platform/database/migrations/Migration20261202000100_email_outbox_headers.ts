import { Migration } from '@mikro-orm/migrations';

/**
 * Headers of an outbox message beyond To, From and Subject (a reminder's List-Unsubscribe and
 * List-Unsubscribe-Post, RFC 8058), sent with it by the mail transport. Name -> value; most mail has none.
 */
export class Migration20261202000100_email_outbox_headers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table email_outbox add column headers jsonb not null default '{}'::jsonb;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table email_outbox drop column headers;');
  }
}
