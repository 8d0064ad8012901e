import { Migration } from '@mikro-orm/migrations';

/**
 * An analytics event's own id (insert_id, as the client gives it): an event sent again, in another
 * upload after the answer to the first was lost, is stored and counted once. One id per device (or per
 * user, for an event without a device), as analytics collectors dedupe: an id is random, so only the
 * same event sent again shares it.
 */
export class Migration20261206000100_analytics_insert_id extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table analytics_event add column insert_id text;`);
    this.addSql(
      `create unique index analytics_event_insert_idx on analytics_event ((coalesce(device_id, user_id, '')), insert_id)
         where insert_id is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists analytics_event_insert_idx;`);
    this.addSql(`alter table analytics_event drop column if exists insert_id;`);
  }
}
