import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import {
  CheckoutSessionCompleted,
  CheckoutSessionExpired,
  SERVER_EVENTS,
  type EventPayload,
  type StoredEvent,
} from '@sparkhouse/contracts';
import { Subscribes, type Reactor } from '../../../platform/events/subscribers';
import { subscribersReached } from '../../../platform/events/read-your-writes';
import { RealtimePublisher } from '../../../platform/realtime/realtime-publisher';

/** Read models the buyer's page re-reads after the push: they must have applied the event first. */
const READ_MODELS = ['commerce.read-models', 'catalogue.browse'];
const WAIT_MS = 5000;

/**
 * Tells the buyer's browser (every tab, any node) that a checkout landed or expired:
 * `commerce:checkout-updated` to the user's room, once the read models it will refetch have caught up.
 */
@Subscribes()
@Injectable()
export class CheckoutPushReactor implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'commerce.checkout-push';
  readonly handles = [CheckoutSessionCompleted.type, CheckoutSessionExpired.type];

  constructor(
    private readonly orm: Database,
    private readonly publisher: RealtimePublisher,
  ) {}

  async handle(events: StoredEvent[]) {
    const last = events.at(-1);
    if (last) await subscribersReached(this.orm.em.fork(), READ_MODELS, last.position, WAIT_MS);
    for (const e of events) {
      if (e.type === CheckoutSessionCompleted.type) {
        const p = e.payload as EventPayload<typeof CheckoutSessionCompleted>;
        this.publisher.toOwner(p.userId, SERVER_EVENTS.checkoutUpdated, {
          sessionId: p.sessionId,
          status: 'completed',
          mode: p.mode,
          productIds: p.productIds,
          subscriptionId: p.subscriptionId,
          at: e.metadata.occurredAt,
        });
      } else {
        const p = e.payload as EventPayload<typeof CheckoutSessionExpired>;
        this.publisher.toOwner(p.userId, SERVER_EVENTS.checkoutUpdated, {
          sessionId: p.sessionId,
          status: 'expired',
          mode: 'payment',
          productIds: [],
          subscriptionId: null,
          at: e.metadata.occurredAt,
        });
      }
    }
  }
}
