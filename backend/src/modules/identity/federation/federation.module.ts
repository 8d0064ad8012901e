import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { HostedLoginController } from './hosted-login.controller';
import { HostedLogin } from './hosted-login.service';
import { Upstreams } from './upstreams';
import { FEDERATED_ACCOUNTS } from './infra/federated-accounts';

/**
 * Hosted login (OAuth code flow with PKCE) and Google/Apple sign-in; outside production a stand-in for
 * both comes in through the SocialSignIn port (the devkit's).
 */
@Module({})
export class FederationModule {
  /** `accounts` is the account store's implementation of FederatedAccounts. */
  static with(accounts: Provider & { provide?: unknown }, imports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: FederationModule,
      imports,
      controllers: [HostedLoginController],
      providers: [Upstreams, HostedLogin, accounts],
    };
  }
}

export { FEDERATED_ACCOUNTS };
