import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  errorCodes,
  LINK_REFUSALS,
  LINKED_TO_ANOTHER_ACCOUNT,
  OnboardingLinkRedeemed,
  type EventPayload,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { Database } from '../../../../platform/database/database';
import { EventStore } from '../../../../platform/events/event-store';
import { ApiError, forbidden } from '../../../../platform/http/errors';
import { linkRefusal, type LinkRefusal } from '../domain/onboarding-link';
import { Clock } from '../infra/clock';
import { hashLinkToken, onboardingLinks } from '../infra/onboarding-links';
import { onboardingLinkStreamId } from '../infra/user-streams';
import { signedIn } from '../domain/caller';
import { appendAnonymousLink, type LinkResult } from './link-anonymous-id.command';

/** The owner of an emailed plan link follows it, signed in: the visitor's answers and plan become theirs. */
export class RedeemOnboardingLink {
  constructor(
    readonly principal: Principal | null,
    readonly token: string,
  ) {}
}

export type RedeemResult = LinkResult & { storefrontSlug: string; appSlug: string };

function refused(refusal: LinkRefusal): ApiError {
  const message = LINK_REFUSALS[refusal];
  switch (refusal) {
    case 'invalid':
      return new ApiError(400, errorCodes.linkInvalid, message);
    case 'otherAccount':
      return forbidden(message);
    case 'used':
      return new ApiError(410, errorCodes.linkUsed, message);
    case 'expired':
      return new ApiError(410, errorCodes.linkExpired, message);
  }
}

/**
 * In one transaction: the link's row is locked, checked, marked used, and the anonymous id linked. Two
 * clicks at once are served one after the other on the row's lock: the second finds the link used. A
 * refusal throws before anything is written, so it links and spends nothing.
 */
@CommandHandler(RedeemOnboardingLink)
export class RedeemOnboardingLinkHandler implements ICommandHandler<RedeemOnboardingLink, RedeemResult> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, token }: RedeemOnboardingLink): Promise<RedeemResult> {
    const callerId = signedIn(principal).id;
    return this.orm.em.fork().transactional(async (tem) => {
      const link = await onboardingLinks.lock(tem, hashLinkToken(token));
      const now = this.clock.now();
      const refusal = linkRefusal(link, callerId, now);
      if (refusal || !link) throw refused(refusal ?? 'invalid');
      await onboardingLinks.markUsed(tem, link.linkId, now);
      const { anonymousId, storefrontSlug, appSlug } = link;
      const result = await appendAnonymousLink(this.events, tem, {
        anonymousId,
        userId: callerId,
        via: 'onboarding-email',
        storefrontSlug,
        appSlug,
      });
      const payload: EventPayload<typeof OnboardingLinkRedeemed> = {
        linkId: link.linkId,
        anonymousId,
        userId: callerId,
        dataLinked: result.dataLinked,
        linkedElsewhere: !result.success,
      };
      await this.events.append(tem, onboardingLinkStreamId(link.linkId), [{ type: OnboardingLinkRedeemed.type, payload }]);
      const error = result.success ? {} : { error: LINKED_TO_ANOTHER_ACCOUNT };
      return { ...result, ...error, storefrontSlug, appSlug };
    });
  }
}
