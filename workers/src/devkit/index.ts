import type { AppConfig } from '@sparkhouse/backend';
import type { AiProvider } from '../ai/ai-provider';
import { LocalProvider } from './ai/local-provider';
import { PacedProvider } from './ai/paced-provider';

/**
 * The worker's devkit: the stand-ins a development machine runs instead of outside services, behind
 * the worker's ports. The worker's root requires it on demand outside production only (worker-ai.ts);
 * processors, media tools and the product's AI providers never import it, and a production worker
 * never loads it (test/devkit-production.int.spec.ts).
 */
export { LocalProvider, PacedProvider };

/**
 * The local generator standing in for an AI model (AiProvider): deterministic, no network; each
 * answer after AI_LOCAL_DELAY_MS when set (demos, browser tests that watch a run's progress).
 */
export function localAiProvider(config: Pick<AppConfig, 'AI_LOCAL_DELAY_MS'>): AiProvider {
  const local = new LocalProvider();
  return config.AI_LOCAL_DELAY_MS > 0 ? new PacedProvider(local, config.AI_LOCAL_DELAY_MS) : local;
}
