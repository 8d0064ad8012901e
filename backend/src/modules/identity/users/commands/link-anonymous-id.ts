import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database';
import { AnonymousIdLinked, type EventPayload } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../../platform/auth/principal';
import { EventStore } from '../../../../platform/events/event-store';
import { forbidden } from '../../../../platform/http/errors';
import { anonymousStreamId } from '../infra/user-streams';

export type LinkTarget =
  { via: 'sign-in'; userId: string } | { via: 'onboarding-email'; email: string; storefrontSlug: string; appSlug: string };

/** Spec 5: success only when `success` is true; data linked only when `dataLinked` is true. */
export interface LinkResult {
  success: boolean;
  dataLinked: boolean;
  error?: string;
}

export const LINKED_ELSEWHERE = 'This anonymous id is already linked to another account.';
export const NO_USER_WITH_EMAIL = 'Could not find a user with that email.';

/**
 * Link an anonymous visitor id to a user, once and for good. The link is the first AnonymousIdLinked
 * of the id's stream; the append lock makes "first" hold under concurrent links.
 */
export class LinkAnonymousId {
  constructor(
    readonly principal: Principal | null,
    readonly anonymousId: string,
    readonly target: LinkTarget,
  ) {}
}

@CommandHandler(LinkAnonymousId)
export class LinkAnonymousIdHandler implements ICommandHandler<LinkAnonymousId, LinkResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
  ) {}

  async execute({ principal, anonymousId, target }: LinkAnonymousId): Promise<LinkResult> {
    return this.orm.em.fork().transactional(async (tem) => {
      let userId: string;
      if (target.via === 'sign-in') {
        if (principal?.kind !== 'user' || principal.id !== target.userId) throw forbidden();
        userId = target.userId;
      } else {
        const [owner] = await tem
          .getConnection()
          .execute<{ user_id: string }[]>(
            'select user_id from user_email_claim where email = ?',
            [target.email],
            'all',
            tem.getTransactionContext(),
          );
        if (!owner) return { success: false, dataLinked: false, error: NO_USER_WITH_EMAIL };
        userId = owner.user_id;
        // whoever links must hold the anonymous id (its header), be that user, or be an admin
        const holdsId = principal?.kind === 'anonymous' && principal.id === anonymousId;
        const isThatUser = principal?.kind === 'user' && principal.id === userId;
        if (!holdsId && !isThatUser && !isAdmin(principal)) throw forbidden('You may only link your own anonymous id.');
      }
      let linkedTo = null as string | null;
      const appended = await this.events.appendIf(tem, anonymousStreamId(anonymousId), (stream) => {
        const earlier = stream.find((e) => e.type === AnonymousIdLinked.type);
        if (earlier) {
          linkedTo = (earlier.payload as EventPayload<typeof AnonymousIdLinked>).userId;
          return null;
        }
        const payload: EventPayload<typeof AnonymousIdLinked> = {
          anonymousId,
          userId,
          via: target.via,
          storefrontSlug: target.via === 'onboarding-email' ? target.storefrontSlug : null,
          appSlug: target.via === 'onboarding-email' ? target.appSlug : null,
        };
        return [{ type: AnonymousIdLinked.type, payload }];
      });
      if (appended) return { success: true, dataLinked: true };
      if (linkedTo === userId) return { success: true, dataLinked: false };
      return { success: false, dataLinked: false, error: LINKED_ELSEWHERE };
    });
  }
}
