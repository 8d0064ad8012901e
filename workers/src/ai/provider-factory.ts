import type { z } from 'zod';
import { aiSetup, type AppConfig } from '@sparkhouse/backend';
import { AiProviderError, type AiProvider, type AiTask } from './ai-provider';
import { OpenAiProvider } from './openai-provider';

/** Injection token of the AI provider the processors use. */
export const AI_PROVIDER = Symbol('AI_PROVIDER');

type AiSettings = Pick<
  AppConfig,
  | 'NODE_ENV'
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'AI_MODEL'
  | 'AI_TRANSCRIPTION_MODEL'
  | 'AI_TIMEOUT_MS'
  | 'IMAGE_API_BASE_URL'
  | 'IMAGE_API_KEY'
  | 'IMAGE_API_MODEL'
>;

/**
 * The configured AI: OpenAI-compatible when AI_BASE_URL or AI_API_KEY is set (a local server may
 * need no key; the SDK wants a non-empty one, so a placeholder is sent). With neither, outside
 * production: the stand-in the worker's root passes (the devkit's local generator, loaded only then);
 * in production: a provider that fails each AI job saying what to configure.
 */
export function createAiProvider(config: AiSettings, localStandIn: () => AiProvider): AiProvider {
  const source = aiSetup(config).text.source;
  if (source === 'local') return localStandIn();
  if (source === 'none') return new UnconfiguredAiProvider();
  return new OpenAiProvider({
    apiKey: config.AI_API_KEY || 'not-needed',
    baseURL: config.AI_BASE_URL || undefined,
    model: config.AI_MODEL,
    transcriptionModel: config.AI_TRANSCRIPTION_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}

/** What an AI job of a production worker without a model fails with (not retried: only a new setting helps). */
export const AI_NOT_CONFIGURED =
  'No AI model is configured on this server: set AI_API_KEY (OpenAI) or AI_BASE_URL (an OpenAI-compatible server) for the workers and restart them.';

/**
 * The AI of a production worker with no model configured: every call fails at once with
 * AI_NOT_CONFIGURED (reason "unsupported", so the run is not retried). Jobs that need no AI
 * (pipeline checks, replays, link previews, drawn images) run as usual.
 */
export class UnconfiguredAiProvider implements AiProvider {
  readonly name = 'not-configured';
  readonly isLocal = false;

  generate<T>(task: AiTask, _schema: z.ZodType<T>): Promise<T> {
    return Promise.reject(new AiProviderError('unsupported', AI_NOT_CONFIGURED, { provider: this.name, kind: task.kind }));
  }
}
