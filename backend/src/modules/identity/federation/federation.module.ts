import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { HostedLoginController } from './hosted-login.controller';
import { HostedLogin } from './hosted-login.service';
import { StandInProvider } from './stand-in/stand-in-provider';
import { Upstreams } from './upstreams';
import { FEDERATED_ACCOUNTS } from './infra/federated-accounts';

/** Hosted login (OAuth code flow with PKCE) and Google/Apple sign-in, with a local stand-in for both. */
@Module({})
export class FederationModule {
  /** `accounts` is the account store's implementation of FederatedAccounts. */
  static with(accounts: Provider & { provide?: unknown }, imports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: FederationModule,
      imports,
      // the stand-in provider's pages (StandInProviderController) are mounted by IdentityDevToolsModule
      controllers: [HostedLoginController],
      providers: [StandInProvider, Upstreams, HostedLogin, accounts],
      exports: [StandInProvider],
    };
  }
}

export { FEDERATED_ACCOUNTS };
