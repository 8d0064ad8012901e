import type { AppConfig } from '@sparkhouse/backend';
import type { AiProvider } from './ai/ai-provider';
import { createAiProvider } from './ai/provider-factory';

/**
 * The worker's AI for this configuration (provider-factory.ts) with, outside production and with no
 * model configured, the devkit's local generator standing in. The devkit is required here, on demand,
 * never imported: a production worker loads none of its files (test/devkit-production.int.spec.ts).
 */
export function workerAiProvider(config: AppConfig): AiProvider {
  return createAiProvider(config, () => {
    if (config.NODE_ENV === 'production') throw new Error('The devkit is never loaded in production.');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, see above
    const { localAiProvider } = require('./devkit') as typeof import('./devkit');
    return localAiProvider(config);
  });
}
