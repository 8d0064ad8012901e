import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { HostedLoginController } from './hosted-login.controller';
import { HostedLogin } from './hosted-login.service';
import { StandInProviderController } from './stand-in/stand-in-provider.controller';
import { StandInProvider } from './stand-in/stand-in-provider';
import { Upstreams } from './upstreams';
import { FEDERATED_ACCOUNTS } from './federated-accounts';

/** Hosted login (OAuth code flow with PKCE) and Google/Apple sign-in, with a local stand-in for both. */
@Module({})
export class FederationModule {
  /** `accounts` is the account store's implementation of FederatedAccounts. */
  static with(accounts: Provider & { provide?: unknown }, imports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: FederationModule,
      imports,
      controllers: [HostedLoginController, StandInProviderController],
      providers: [StandInProvider, Upstreams, HostedLogin, accounts],
    };
  }
}

export { FEDERATED_ACCOUNTS };
