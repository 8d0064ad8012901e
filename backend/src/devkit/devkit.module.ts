import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { PAYMENTS_STAND_IN } from '../modules/commerce';
import { SOCIAL_SIGN_IN } from '../modules/identity';
import { developmentTools, type AppConfig } from '../platform/config/config';
import { StandInProviderController } from './sign-in/stand-in-provider.controller';
import { StandInProvider } from './sign-in/stand-in-provider';
import { StripeEmulatorStandIn } from './payments/stripe-emulator.stand-in';

/**
 * The development stand-ins, wired in behind the product's ports: the Stripe emulator (commerce's
 * PaymentsStandIn, its checkout page under /api/stripe-emulator) and the stand-in Google/Apple provider
 * (SocialSignIn, its pages under /api/identity/stand-in/...). Each one only where
 * `developmentTools(config)` wants it; the composition roots never load this module in production
 * (apps/devkit.ts). Global, so a module's port finds its stand-in without importing the devkit.
 */
@Module({})
export class DevkitModule {
  static forRoot(config: AppConfig): DynamicModule {
    const tools = developmentTools(config);
    const providers: Provider[] = [];
    const controllers = [];
    if (tools.stripeEmulator)
      providers.push(StripeEmulatorStandIn, { provide: PAYMENTS_STAND_IN, useExisting: StripeEmulatorStandIn });
    if (tools.signInStandIn) {
      providers.push(StandInProvider, { provide: SOCIAL_SIGN_IN, useExisting: StandInProvider });
      controllers.push(StandInProviderController);
    }
    return {
      module: DevkitModule,
      global: true,
      providers,
      controllers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
