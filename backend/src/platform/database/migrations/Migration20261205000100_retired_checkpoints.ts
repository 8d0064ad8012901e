import { Migration } from '@mikro-orm/migrations';

/**
 * The checkpoint of a subscriber that no longer runs: commerce's one projection became six
 * (commerce.carts, .plans, .checkouts, .subscriptions, .credit and .buyers, each with its own
 * checkpoint), and a database made before that kept the old row. Nothing reads it; it is removed so
 * that every checkpoint stored is one the relay keeps. Nothing to restore on the way down: the old
 * projection is gone, and a checkpoint without it would mean nothing.
 */
export class Migration20261205000100_retired_checkpoints extends Migration {
  override async up(): Promise<void> {
    this.addSql(`delete from event_checkpoint where subscriber = 'commerce.read-models';`);
  }

  override async down(): Promise<void> {
    // nothing to restore (see above)
  }
}
