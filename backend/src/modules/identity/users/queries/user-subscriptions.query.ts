import { Injectable } from '@nestjs/common';
import { SubscriptionStarted } from '@sparkhouse/contracts';
import { Database } from '../../../../platform/database/database';
import { rows } from '../../../../platform/database/sql';
import { EventStore } from '../../../../platform/events/event-store';
import { foldSubscriptionFacts, type SubscriptionFacts } from '../domain/membership';

/**
 * A user's subscriptions as commerce's facts tell them, read from the event log (no read model, nothing
 * that may trail): the streams of the user's SubscriptionStarted facts, each folded to its current status.
 */
@Injectable()
export class UserSubscriptionsQueries {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async of(userId: string): Promise<SubscriptionFacts[]> {
    const em = this.orm.em.fork();
    const started = await rows<{ stream_id: string }>(
      em,
      `select stream_id from domain_event where type = ? and payload->>'userId' = ? order by position`,
      [SubscriptionStarted.type, userId],
    );
    const out: SubscriptionFacts[] = [];
    for (const { stream_id } of started) {
      const facts = foldSubscriptionFacts(await this.events.readStream(em, stream_id));
      if (facts) out.push(facts);
    }
    return out;
  }
}
