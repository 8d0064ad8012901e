import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LINK_SENT, ONBOARDING_LINK_TTL_MS, OnboardingLinkRequested, type EventPayload } from '@sparkhouse/contracts';
import type { Principal } from '../../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config';
import { Database } from '../../../../platform/database/database';
import { EventStore } from '../../../../platform/events/event-store';
import { forbidden } from '../../../../platform/http/errors';
import { answerNoSoonerThan } from '../../provider/infra/call-support';
import { EmailOutbox } from '../../../../platform/mail/email-outbox';
import { onboardingLinkEmail, onboardingLinkUrl } from '../domain/onboarding-link';
import { Clock } from '../infra/clock';
import { ownerOfEmail } from '../infra/email-claims';
import { OnboardingLinkLimiter } from '../infra/onboarding-link-limiter';
import { hashLinkToken, newLinkToken, onboardingLinks } from '../infra/onboarding-links';
import { onboardingLinkStreamId } from '../infra/user-streams';
import type { LinkResult } from './link-anonymous-id.command';

export interface OnboardingLinkRequest {
  anonymousId: string;
  email: string;
  storefrontSlug: string;
  appSlug: string;
}

/** "Email me my plan": email the address's owner a one-time link; nothing is linked until they follow it. */
export class RequestOnboardingLink {
  constructor(
    readonly principal: Principal | null,
    readonly request: OnboardingLinkRequest,
    /** The client's address, for the per-address limit. */
    readonly clientAddress: string,
  ) {}
}

/**
 * Answers a known and an unknown address alike (LINK_SENT, success true, dataLinked false) after the
 * same work — a token made and hashed, one transaction appending one event — and no sooner than
 * IDENTITY_UNIFORM_ANSWER_MS, as the identity provider's ForgotPassword does: the answer and its timing
 * must not tell which emails have accounts. Only a known address gets a link row and an email.
 */
@CommandHandler(RequestOnboardingLink)
export class RequestOnboardingLinkHandler implements ICommandHandler<RequestOnboardingLink, LinkResult & { message: string }> {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly outbox: EmailOutbox,
    private readonly limits: OnboardingLinkLimiter,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(command: RequestOnboardingLink) {
    return answerNoSoonerThan(this.config.IDENTITY_UNIFORM_ANSWER_MS, () => this.request(command));
  }

  private async request({ principal, request, clientAddress }: RequestOnboardingLink) {
    // the data belongs to whoever holds the anonymous id: a stranger must not have it mailed to themselves
    if (principal?.kind !== 'anonymous' || principal.id !== request.anonymousId) {
      throw forbidden('You may only link your own anonymous id.');
    }
    await this.limits.take(request.email, clientAddress);
    const token = newLinkToken();
    const tokenHash = hashLinkToken(token);
    const requestedAt = this.clock.now();
    const expiresAt = new Date(requestedAt.getTime() + ONBOARDING_LINK_TTL_MS);
    const linkId = randomUUID();
    const { storefrontSlug, appSlug, anonymousId } = request;
    const outboxId = await this.orm.em.fork().transactional(async (tem) => {
      const userId = await ownerOfEmail(tem, request.email);
      let mail: string | null = null;
      if (userId) {
        await onboardingLinks.insert(tem, {
          linkId,
          tokenHash,
          anonymousId,
          userId,
          storefrontSlug,
          appSlug,
          requestedAt,
          expiresAt,
        });
        const url = onboardingLinkUrl(this.config.PUBLIC_URL, request, token);
        mail = await this.outbox.write(tem, { to: request.email, ...onboardingLinkEmail(url), code: null });
      }
      const payload: EventPayload<typeof OnboardingLinkRequested> = {
        linkId,
        anonymousId,
        storefrontSlug,
        appSlug,
        userId,
        expiresAt: expiresAt.toISOString(),
      };
      await this.events.append(tem, onboardingLinkStreamId(linkId), [{ type: OnboardingLinkRequested.type, payload }]);
      return mail;
    });
    // not awaited: how long the call takes must not tell whether mail went out
    if (outboxId) void this.outbox.deliver(outboxId);
    return { success: true, dataLinked: false, message: LINK_SENT };
  }
}
