import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CommandBus } from '@nestjs/cqrs';
import { users } from '@sparkhouse/contracts';
import { isAdmin } from '../../../../platform/auth/principal';
import { Endpoint, Input, type CallInput } from '../../../../platform/http/endpoint';
import { forbidden, notFound } from '../../../../platform/http/errors';
import { signedIn } from '../domain/caller';
import { CreateUserProfile } from '../commands/create-user-profile.command';
import { LinkAnonymousId, type LinkResult } from '../commands/link-anonymous-id.command';
import { RedeemOnboardingLink, type RedeemResult } from '../commands/redeem-onboarding-link.command';
import { RequestOnboardingLink } from '../commands/request-onboarding-link.command';
import { SetCreatorAccess } from '../commands/set-creator-access.command';
import { checkEmail } from '../domain/email-check';
import { isVip, toUserView, type UserProfileState } from '../domain/user-profile';
import { AppTokens } from './app-tokens';
import { UserChecksLimiter } from './user-checks-limiter';
import { UserProfileQueries } from '../queries/user-profiles.query';
import { UserSubscriptionsQueries } from '../queries/user-subscriptions.query';
import { membershipFacts } from '../domain/membership';
import { principal } from './principal';

const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The newer (envelope) /users calls. */
@Controller()
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly profiles: UserProfileQueries,
    private readonly subscriptions: UserSubscriptionsQueries,
    private readonly appTokens: AppTokens,
    private readonly checks: UserChecksLimiter,
  ) {}

  @Endpoint(users.getBasicUserInfo)
  async basicInfo(@Input() { query }: CallInput<typeof users.getBasicUserInfo>) {
    const caller = signedIn(principal());
    const userId = query.userId ?? caller.id;
    // looking at someone else (on-behalf) is for admins only
    if (userId !== caller.id && !isAdmin(caller)) throw forbidden('Only admins may look up another user.');
    const profile = await this.profiles.profile(userId);
    if (!profile) throw notFound('No such user.');
    return toUserView(profile, await this.profiles.classesEnrolled(userId));
  }

  @Endpoint(users.createUser)
  async create(@Input() { body }: CallInput<typeof users.createUser>) {
    const profile: UserProfileState = await this.commands.execute(
      new CreateUserProfile(principal(), { ...body, socialProvider: body.socialProvider ?? null }),
    );
    return toUserView(profile);
  }

  @Endpoint(users.checkUserExists)
  async exists(@Input() { query }: CallInput<typeof users.checkUserExists>, @Req() req: Request) {
    await this.checks.take(clientAddress(req));
    return { exists: await this.profiles.emailExists(query.email) };
  }

  /** Spec 4's rules over the user's real subscriptions (commerce's facts) and class enrolments. */
  @Endpoint(users.getMembershipInfo)
  async membership() {
    const userId = signedIn(principal()).id;
    const [profile, subscriptions, classes] = await Promise.all([
      this.profiles.profile(userId),
      this.subscriptions.of(userId),
      this.profiles.classesEnrolled(userId),
    ]);
    const facts = membershipFacts(subscriptions, classes, Date.now());
    return {
      membershipStatus: profile?.membershipStatus ?? 'inactive',
      hasActiveSubscription: facts.hasActiveSubscription,
      hasActiveOrTrialSubscription: facts.hasActiveOrTrialSubscription,
      isVip: profile ? isVip(profile) : false,
      hasActiveClass: facts.hasActiveClass,
      hasAnyClass: facts.hasAnyClass,
    };
  }

  @Endpoint(users.checkEmail)
  check(@Input() { query }: CallInput<typeof users.checkEmail>) {
    return checkEmail(query.email);
  }

  @Endpoint(users.setCreatorAccess)
  setCreatorAccess(@Input() { body }: CallInput<typeof users.setCreatorAccess>) {
    return this.commands.execute(new SetCreatorAccess(principal(), body.userId, body.hasNewDashboardAccess));
  }

  @Endpoint(users.linkOnboardingWithEmail)
  linkOnboarding(@Input() { params, body }: CallInput<typeof users.linkOnboardingWithEmail>, @Req() req: Request) {
    const request = { anonymousId: body.nonAuthUserId, email: body.email, ...params };
    return this.commands.execute(new RequestOnboardingLink(principal(), request, clientAddress(req)));
  }

  @Endpoint(users.confirmOnboardingLink)
  confirmOnboardingLink(@Input() { body }: CallInput<typeof users.confirmOnboardingLink>): Promise<RedeemResult> {
    return this.commands.execute(new RedeemOnboardingLink(principal(), body.token));
  }

  @Endpoint(users.linkAuthUserWithAnonymousUserId)
  linkSignedIn(@Input() { body }: CallInput<typeof users.linkAuthUserWithAnonymousUserId>): Promise<LinkResult> {
    return this.commands.execute(new LinkAnonymousId(principal(), body.anonymousUserId));
  }

  @Endpoint(users.generateAppAuthToken)
  appToken() {
    return this.appTokens.issue(signedIn(principal()));
  }
}
