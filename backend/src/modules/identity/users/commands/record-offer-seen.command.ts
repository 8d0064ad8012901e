import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { isEventOf, OfferSeenRecorded } from '@sparkhouse/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { EventStore, type StreamModel } from '../../../../platform/events/event-store';
import { notFound } from '../../../../platform/http/errors';
import { evolve, offerSeenSaveDue, type UserProfileState } from '../domain/user-profile';
import { Clock } from '../infra/clock';
import { userStreamId } from '../infra/user-streams';
import { signedIn } from '../domain/caller';

export interface OfferSeen {
  offerKey: string;
  expirationDateSeen: string | number;
  lastSeenCurrentOffer: string | number;
}

interface OffersSeenState {
  profile: UserProfileState | null;
  /** offer key -> when it was last recorded (ms since epoch) */
  seenAt: Record<string, number>;
}

/** The user's stream as this command needs it, kept as a snapshot: a stream of years of offer views is one row. */
const offersSeenModel: StreamModel<OffersSeenState> = {
  name: 'users.offers-seen@1',
  fold: (state, events) => {
    let profile = state?.profile ?? null;
    const seenAt = { ...(state?.seenAt ?? {}) };
    for (const e of events) {
      profile = evolve(profile, e);
      if (isEventOf(e, OfferSeenRecorded.type)) seenAt[e.payload.offerKey] = Date.parse(e.payload.recordedAt);
    }
    return { profile, seenAt };
  },
};

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
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, seen }: RecordOfferSeen) {
    const userId = signedIn(principal).id;
    const now = this.clock.now();
    const { appended } = await this.orm.em.fork().transactional((tem) =>
      this.events.decide(tem, userStreamId(userId), offersSeenModel, (user) => {
        if (!user?.profile) throw notFound('Create your user profile first.');
        if (!offerSeenSaveDue(user.seenAt[seen.offerKey] ?? null, now.getTime())) return null;
        return [{ type: OfferSeenRecorded.type, payload: { userId, ...seen, recordedAt: now.toISOString() } }];
      }),
    );
    return { saved: appended.length > 0 };
  }
}
