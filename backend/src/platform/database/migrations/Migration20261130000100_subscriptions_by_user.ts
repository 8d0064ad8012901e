import { Migration } from '@mikro-orm/migrations';

/**
 * A user's subscriptions read from the log (membership info, the membership reactor, the subscription
 * checkout's trial decision): the SubscriptionStarted facts by the user they belong to.
 */
export class Migration20261130000100_subscriptions_by_user extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index domain_event_subscription_started_user_idx on domain_event ((payload->>'userId'), position)
        where type = 'SubscriptionStarted';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists domain_event_subscription_started_user_idx;');
  }
}
