import { Migration } from '@mikro-orm/migrations';

/**
 * Whether a user is a creator (an admin set their creator access): only creators have creatorInfo.
 * Filled by the users projection from CreatorAccessChanged (its version 3 replays the log).
 */
export class Migration20261124005000_user_profile_is_creator extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table user_profile add column is_creator boolean not null default false;`);
  }
}
