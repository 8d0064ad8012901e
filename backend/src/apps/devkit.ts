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
