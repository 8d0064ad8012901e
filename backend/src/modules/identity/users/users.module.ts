import { Module } from '@nestjs/common';
import { ChangeVipStatusHandler } from './commands/change-vip-status.command';
import { CreateUserProfileHandler } from './commands/create-user-profile.command';
import { LinkAnonymousIdHandler } from './commands/link-anonymous-id.command';
import { RedeemOnboardingLinkHandler } from './commands/redeem-onboarding-link.command';
import { RequestOnboardingLinkHandler } from './commands/request-onboarding-link.command';
import { CollectEmailHandler } from './commands/collect-email.command';
import { RequestEmailConfirmationHandler } from './commands/request-email-confirmation.command';
import { RecordOfferSeenHandler } from './commands/record-offer-seen.command';
import { SaveProgramInfoHandler } from './commands/save-program-info.command';
import { SetCreatorAccessHandler } from './commands/set-creator-access.command';
import { LegacyUsersController } from './http/legacy-users.controller';
import { UsersController } from './http/users.controller';
import { VipStatusController } from './http/vip-status.controller';
import { UserChecksLimiter } from './http/user-checks-limiter';
import { OnboardingLinkLimiter } from './infra/onboarding-link-limiter';
import { IdentityProviderModule } from '../provider/identity-provider.module';
import { AppTokens } from './http/app-tokens';
import { Clock } from './infra/clock';
import { subscriberProviders } from '../../../platform/events/define-projection';
import { usersProjection } from './projections/users.projection';
import { UserProfileQueries } from './queries/user-profiles.query';
import { UserSubscriptionsQueries } from './queries/user-subscriptions.query';
import { MembershipReactor } from './reactors/membership.reactor';

/** Users: profiles, roles, VIP, offers seen, program info, anonymous linking (and emailed plan links), the /users calls. */
@Module({
  // the email outbox: emailed plan links
  imports: [IdentityProviderModule],
  // VipStatusController last: its `/users/:updateVipStatusPath` would otherwise catch the other POST /users/<name> calls
  controllers: [UsersController, LegacyUsersController, VipStatusController],
  providers: [
    Clock,
    AppTokens,
    UserChecksLimiter,
    OnboardingLinkLimiter,
    UserProfileQueries,
    UserSubscriptionsQueries,
    ...subscriberProviders(usersProjection),
    MembershipReactor,
    CreateUserProfileHandler,
    ChangeVipStatusHandler,
    SetCreatorAccessHandler,
    RecordOfferSeenHandler,
    SaveProgramInfoHandler,
    LinkAnonymousIdHandler,
    RequestOnboardingLinkHandler,
    RedeemOnboardingLinkHandler,
    RequestEmailConfirmationHandler,
    CollectEmailHandler,
  ],
})
export class UsersModule {}
