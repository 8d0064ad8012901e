import type { DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../platform/config/config';

/**
 * The devkit's module for a process outside production (its stand-ins behind the product's ports);
 * none in production, where the devkit's code is never even loaded: it is required here, on demand,
 * rather than imported (a production start loading no devkit file is tested: apps/devkit.int.spec.ts).
 */
export function devkitModules(config: AppConfig): DynamicModule[] {
  if (config.NODE_ENV === 'production') return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, see above
  const { DevkitModule } = require('../devkit') as typeof import('../devkit');
  return [DevkitModule.forRoot(config)];
}

/**
 * The devkit's demo data for the tooling process (the seeding `npm start` runs on a new database):
 * the demo catalogue and offers outside production; none in production, where only the product's own
 * seeders (the platform's plans on sale) run. Required on demand, like devkitModules.
 */
export function devkitDemoData(config: AppConfig): DynamicModule[] {
  if (config.NODE_ENV === 'production') return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, see devkitModules
  const { DemoDataModule } = require('../devkit') as typeof import('../devkit');
  return [{ module: DemoDataModule }];
}
