import { Module } from '@nestjs/common';
import { ChangeVipStatusHandler } from './commands/change-vip-status';
import { CreateUserProfileHandler } from './commands/create-user-profile';
import { LinkAnonymousIdHandler } from './commands/link-anonymous-id';
import { RedeemOnboardingLinkHandler } from './commands/redeem-onboarding-link';
import { RequestOnboardingLinkHandler } from './commands/request-onboarding-link';
import { CollectEmailHandler, RequestEmailConfirmationHandler } from './commands/record-email';
import { RecordOfferSeenHandler } from './commands/record-offer-seen';
import { SaveProgramInfoHandler } from './commands/save-program-info';
import { SetCreatorAccessHandler } from './commands/set-creator-access';
import { LegacyUsersController } from './http/legacy-users.controller';
import { UsersController } from './http/users.controller';
import { VipStatusController } from './http/vip-status.controller';
import { UserChecksLimiter } from './http/user-checks-limiter';
import { OnboardingLinkLimiter } from './infra/onboarding-link-limiter';
import { IdentityProviderModule } from '../provider/identity-provider.module';
import { AppTokens } from './http/app-tokens';
import { Clock } from './infra/clock';
import { UsersProjection } from './projections/users.projection';
import { UserProfileQueries } from './queries/user-profiles.queries';
import { UserSubscriptionsQueries } from './queries/user-subscriptions.queries';
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
    UsersProjection,
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
