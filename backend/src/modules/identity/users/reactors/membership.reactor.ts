import { Injectable } from '@nestjs/common';
import { MembershipStatusChanged, StripeCustomerRecorded, type DomainEvent, type PayloadOf } from '@sparkhouse/contracts';
import { Database } from '../../../../platform/database/database';
import { EventStore } from '../../../../platform/events/event-store';
import { Subscribes, type Reactor } from '../../../../platform/events/subscribers';
import { membershipStatusOf } from '../domain/membership';
import { foldUserStream } from '../domain/user-profile';
import { userStreamId } from '../infra/user-streams';
import { UserSubscriptionsQueries } from '../queries/user-subscriptions.query';

type Followed =
  | 'SubscriptionStarted'
  | 'SubscriptionTrialEnded'
  | 'SubscriptionStatusChanged'
  | 'SubscriptionCanceled'
  | 'StripeCustomerCreated';

/**
 * The user's membership status and payment-provider customer follow commerce's facts: on every change of a
 * subscription, the status is worked out again from all of the user's membership subscriptions (their
 * streams, not a read model) and, when it moved, MembershipStatusChanged is appended to the user's stream;
 * commerce's StripeCustomerCreated becomes StripeCustomerRecorded there. Both are appended only when they
 * change something, so a redelivered event adds nothing.
 */
@Subscribes()
@Injectable()
export class MembershipReactor implements Reactor<Followed> {
  readonly kind = 'reactor';
  readonly name = 'users.membership';
  readonly handles: readonly Followed[] = [
    'SubscriptionStarted',
    'SubscriptionTrialEnded',
    'SubscriptionStatusChanged',
    'SubscriptionCanceled',
    'StripeCustomerCreated',
  ];

  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly subscriptions: UserSubscriptionsQueries,
  ) {}

  async handle(events: DomainEvent<Followed>[]) {
    for (const e of events) {
      if (e.type === 'StripeCustomerCreated') await this.customer(e.payload);
      else await this.membership(e.payload);
    }
  }

  private async customer({ userId, customerId }: PayloadOf<'StripeCustomerCreated'>) {
    await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, userStreamId(userId), (stream) => {
        const profile = foldUserStream(stream);
        if (!profile || profile.stripeCustomerId === customerId) return null;
        return [{ type: StripeCustomerRecorded.type, payload: { userId, stripeCustomerId: customerId } }];
      }),
    );
  }

  private async membership({ userId, subscriptionId }: { userId: string; subscriptionId: string }) {
    const subscriptions = await this.subscriptions.of(userId);
    const status = membershipStatusOf(subscriptions);
    const cause = subscriptions.find((s) => s.subscriptionId === subscriptionId);
    await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, userStreamId(userId), (stream) => {
        const profile = foldUserStream(stream);
        if (!profile || profile.membershipStatus === status) return null;
        return [
          {
            type: MembershipStatusChanged.type,
            payload: {
              userId,
              status,
              previousStatus: profile.membershipStatus,
              subscriptionId,
              subscriptionStatus: cause?.status ?? 'unknown',
            },
          },
        ];
      }),
    );
  }
}
