import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database, type Db } from '../../../../platform/database/database';
import { AnonymousIdLinked, isEventOf, type EventPayload } from '@sparkhouse/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { EventStore } from '../../../../platform/events/event-store';
import { anonymousStreamId } from '../infra/user-streams';
import { signedIn } from '../domain/caller';

/** Spec 5: success only when `success` is true; data linked only when `dataLinked` is true. */
export interface LinkResult {
  success: boolean;
  dataLinked: boolean;
  error?: string;
}

export const LINKED_ELSEWHERE = 'This anonymous id is already linked to another account.';

type AnonymousLink = EventPayload<typeof AnonymousIdLinked>;

/**
 * Links an anonymous visitor id to a user, once and for good, inside the caller's transaction. The link
 * is the first AnonymousIdLinked of the id's stream; the stream's append check makes "first" hold under
 * concurrent links. Again to the same user: success, nothing linked; to another user: refused.
 */
export async function appendAnonymousLink(events: EventStore, tem: Db, link: AnonymousLink): Promise<LinkResult> {
  let linkedTo = null as string | null;
  const appended = await events.appendIf(tem, anonymousStreamId(link.anonymousId), (stream) => {
    const earlier = stream.find((e) => isEventOf(e, AnonymousIdLinked.type));
    if (earlier && isEventOf(earlier, AnonymousIdLinked.type)) {
      linkedTo = earlier.payload.userId;
      return null;
    }
    return [{ type: AnonymousIdLinked.type, payload: link }];
  });
  if (appended) return { success: true, dataLinked: true };
  if (linkedTo === link.userId) return { success: true, dataLinked: false };
  return { success: false, dataLinked: false, error: LINKED_ELSEWHERE };
}

/**
 * After a sign-in: link the browser's anonymous id to the signed-in user. (An emailed plan link links
 * through RedeemOnboardingLink, once its owner follows it.)
 */
export class LinkAnonymousId {
  constructor(
    readonly principal: Principal | null,
    readonly anonymousId: string,
  ) {}
}

@CommandHandler(LinkAnonymousId)
export class LinkAnonymousIdHandler implements ICommandHandler<LinkAnonymousId, LinkResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, anonymousId }: LinkAnonymousId): Promise<LinkResult> {
    const userId = signedIn(principal).id;
    return this.orm.em
      .fork()
      .transactional((tem) =>
        appendAnonymousLink(this.events, tem, { anonymousId, userId, via: 'sign-in', storefrontSlug: null, appSlug: null }),
      );
  }
}
