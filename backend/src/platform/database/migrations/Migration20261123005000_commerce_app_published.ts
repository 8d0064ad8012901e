import { Migration } from '@mikro-orm/migrations';

/**
 * When an app was first published, in commerce's copy of the app: its plans are on sale (and their
 * payment options shown) only once the app is public; before that only its owner and admins see them.
 * Filled by the commerce projection from AppPublished (its version 2 replays the log).
 */
export class Migration20261123005000_commerce_app_published extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table commerce_app add column published_at timestamptz;`);
  }
}
