import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { SERVER_EVENTS, type DomainEvent } from '@sparkhouse/contracts';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { subscribersReached } from '../../../platform/events/read-your-writes';
import { RealtimePublisher } from '../../../platform/realtime/realtime-publisher';
import { COMMERCE_READ_MODELS } from '../domain/read-models';

/** Read models the buyer's page re-reads after the push: they must have applied the event first. */
const READ_MODELS = [...COMMERCE_READ_MODELS, 'catalogue.browse'];
const WAIT_MS = 5000;

type CheckoutEnded = 'CheckoutSessionCompleted' | 'CheckoutSessionExpired';

/**
 * Tells the buyer's browser (every tab, any node) that a checkout landed or expired:
 * `commerce:checkout-updated` to the user's room, once the read models it will refetch have caught up.
 */
@Subscribes()
@Injectable()
export class CheckoutPushReactor implements Reactor<CheckoutEnded> {
  readonly kind = 'reactor';
  readonly name = 'commerce.checkout-push';
  readonly handles = ['CheckoutSessionCompleted' as const, 'CheckoutSessionExpired' as const];

  constructor(
    private readonly orm: Database,
    private readonly publisher: RealtimePublisher,
  ) {}

  async handle(events: DomainEvent<CheckoutEnded>[]) {
    const last = events.at(-1);
    if (last) await subscribersReached(this.orm.em.fork(), READ_MODELS, last.position, WAIT_MS);
    for (const e of events) {
      const at = e.metadata.occurredAt;
      if (e.type === 'CheckoutSessionCompleted') {
        const { userId, sessionId, mode, productIds, subscriptionId } = e.payload;
        this.publisher.toOwner(userId, SERVER_EVENTS.checkoutUpdated, {
          sessionId,
          status: 'completed',
          mode,
          productIds,
          subscriptionId,
          at,
        });
      } else {
        const { userId, sessionId } = e.payload;
        this.publisher.toOwner(userId, SERVER_EVENTS.checkoutUpdated, {
          sessionId,
          status: 'expired',
          mode: 'payment',
          productIds: [],
          subscriptionId: null,
          at,
        });
      }
    }
  }
}
