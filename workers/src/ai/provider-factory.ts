import type { AppConfig } from '@sparkhouse/backend';
import type { AiProvider } from './ai-provider';
import { LocalProvider } from './local-provider';
import { OpenAiProvider } from './openai-provider';

/** Injection token of the AI provider the processors use. */
export const AI_PROVIDER = Symbol('AI_PROVIDER');

type AiSettings = Pick<AppConfig, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>;

/**
 * The configured AI: OpenAI-compatible when AI_BASE_URL or AI_API_KEY is set (a local server may
 * need no key; the SDK wants a non-empty one, so a placeholder is sent), else the local generator.
 */
export function createAiProvider(config: AiSettings): AiProvider {
  if (!config.AI_BASE_URL && !config.AI_API_KEY) return new LocalProvider();
  return new OpenAiProvider({
    apiKey: config.AI_API_KEY || 'not-needed',
    baseURL: config.AI_BASE_URL || undefined,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}
