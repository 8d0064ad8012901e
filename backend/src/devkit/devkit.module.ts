import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { SOCIAL_SIGN_IN } from '../modules/identity';
import { developmentTools, type AppConfig } from '../platform/config/config';
import { DemoCatalogueSeeder } from './demo-data/demo-catalogue.seeder';
import { DemoOffersSeeder } from './demo-data/demo-offers.seeder';
import { StandInProviderController } from './sign-in/stand-in-provider.controller';
import { StandInProvider } from './sign-in/stand-in-provider';

/**
 * The development stand-ins, wired in behind the product's ports: the stand-in Google/Apple provider
 * (SocialSignIn, its pages under /api/identity/stand-in/...), where `developmentTools(config)` wants
 * it, and the demo data a new database gets (seeders, run by `npm start` through apps/tooling.ts: the
 * demo catalogue, then its offers). The composition roots never load this module in production
 * (apps/devkit.ts). Global, so a module's port finds its stand-in without importing the devkit.
 */
@Module({})
export class DevkitModule {
  static forRoot(config: AppConfig): DynamicModule {
    const tools = developmentTools(config);
    // the catalogue's demo first: the demo offers read its published classes
    const seeders = [DemoCatalogueSeeder, DemoOffersSeeder];
    const providers: Provider[] = [];
    const controllers = [];
    if (tools.signInStandIn) {
      providers.push(StandInProvider, { provide: SOCIAL_SIGN_IN, useExisting: StandInProvider });
      controllers.push(StandInProviderController);
    }
    return {
      module: DevkitModule,
      global: true,
      providers: [...providers, ...seeders],
      controllers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
