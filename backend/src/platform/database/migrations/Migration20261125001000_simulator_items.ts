import { Migration } from '@mikro-orm/migrations';

/**
 * Simulator items (issue 10): what the builder's simulator captured or produced (answers, plans),
 * per app. The read model of the creator-apps.simulator projection, rebuilt from the log by replay.
 * testing_step_id: the simulator run it came from (null: captured outside one).
 */
export class Migration20261125001000_simulator_items extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table app_simulator_item (
      item_id uuid primary key,
      app_id uuid not null,
      owner_id text not null,
      item_type text not null,
      testing_step_id text,
      flow text not null,
      title text not null,
      summary text not null,
      data jsonb not null,
      created_at timestamptz not null
    );`);
    this.addSql(`create index app_simulator_item_by_app on app_simulator_item (app_id, created_at desc, item_id desc);`);
    this.addSql(`create index app_simulator_item_by_step on app_simulator_item (testing_step_id, created_at, item_id);`);
  }
}
