import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { OfferSeenRecorded } from '@sparkhouse/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { EventStore } from '../../../../platform/events/event-store';
import { notFound } from '../../../../platform/http/errors';
import { foldUserStream, lastOfferSeenAt, offerSeenSaveDue } from '../domain/user-profile';
import { Clock } from '../infra/clock';
import { userStreamId } from '../infra/user-streams';
import { signedIn } from './caller';

export interface OfferSeen {
  offerKey: string;
  expirationDateSeen: string | number;
  lastSeenCurrentOffer: string | number;
}

/** Save the offer dates the user saw into offersSeenInfo; at most once per 5 minutes per offer. */
export class RecordOfferSeen {
  constructor(
    readonly principal: Principal | null,
    readonly seen: OfferSeen,
  ) {}
}

@CommandHandler(RecordOfferSeen)
export class RecordOfferSeenHandler implements ICommandHandler<RecordOfferSeen, { saved: boolean }> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, seen }: RecordOfferSeen) {
    const userId = signedIn(principal).id;
    const now = this.clock.now();
    const appended = await this.orm.em.fork().transactional((tem) =>
      this.events.appendIf(tem, userStreamId(userId), (stream) => {
        if (!foldUserStream(stream)) throw notFound('Create your user profile first.');
        if (!offerSeenSaveDue(lastOfferSeenAt(stream, seen.offerKey), now.getTime())) return null;
        return [{ type: OfferSeenRecorded.type, payload: { userId, ...seen, recordedAt: now.toISOString() } }];
      }),
    );
    return { saved: appended !== null };
  }
}
