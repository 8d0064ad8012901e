import { Module, type DynamicModule } from '@nestjs/common';
import { developmentTools, type AppConfig } from '../../platform/config/config';
import { DevOutboxController } from './provider/http/dev-outbox.controller';
import { FEDERATED_ACCOUNTS } from './federation/infra/federated-accounts';
import { FederationModule } from './federation/federation.module';
import { FederatedSignIn } from './provider/federated-sign-in';
import { IdentityProviderModule } from './provider/identity-provider.module';
import { UsersModule } from './users/users.module';

const federation = FederationModule.with({ provide: FEDERATED_ACCOUNTS, useExisting: FederatedSignIn }, [IdentityProviderModule]);

/**
 * Identity: the built-in identity provider (accounts, credentials, codes, tokens; the hosted
 * user-pool JSON protocol at /api/identity), hosted login with Google/Apple (federation), and the
 * users area (profiles, roles, VIP, the /users calls).
 */
@Module({
  imports: [IdentityProviderModule, federation, UsersModule],
  exports: [IdentityProviderModule, UsersModule, federation],
})
export class IdentityModule {}

/**
 * The identity module's development tool served over HTTP: the mail outbox reader (/api/dev/outbox).
 * The API process mounts it only where `developmentTools(config)` allows: never in production. (The
 * stand-in Google/Apple provider is the devkit's: backend/src/devkit/sign-in.)
 */
@Module({})
export class IdentityDevToolsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const tools = developmentTools(config);
    return {
      module: IdentityDevToolsModule,
      imports: [IdentityModule],
      controllers: tools.mailOutbox ? [DevOutboxController] : [],
    };
  }
}
