import { Module } from '@nestjs/common';
import { FEDERATED_ACCOUNTS } from './federation/federated-accounts';
import { FederationModule } from './federation/federation.module';
import { FederatedSignIn } from './provider/commands/federated-sign-in';
import { IdentityProviderModule } from './provider/identity-provider.module';
import { UsersModule } from './users/users.module';

/**
 * Identity: the built-in identity provider (accounts, credentials, codes, tokens; the hosted
 * user-pool JSON protocol at /api/identity), hosted login with Google/Apple (federation), and the
 * users area (profiles, roles, VIP, the /users calls).
 */
@Module({
  imports: [
    IdentityProviderModule,
    FederationModule.with({ provide: FEDERATED_ACCOUNTS, useExisting: FederatedSignIn }, [IdentityProviderModule]),
    UsersModule,
  ],
  exports: [IdentityProviderModule, UsersModule],
})
export class IdentityModule {}
