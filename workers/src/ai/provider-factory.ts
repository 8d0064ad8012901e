import type { z } from 'zod';
import { aiSetup, type AppConfig } from '@sparkhouse/backend';
import type { AiProvider, AiTask } from './ai-provider';
import { LocalProvider } from './local-provider';
import { OpenAiProvider } from './openai-provider';

/** Injection token of the AI provider the processors use. */
export const AI_PROVIDER = Symbol('AI_PROVIDER');

type AiSettings = Pick<
  AppConfig,
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'AI_MODEL'
  | 'AI_TRANSCRIPTION_MODEL'
  | 'AI_TIMEOUT_MS'
  | 'AI_LOCAL_DELAY_MS'
  | 'IMAGE_API_BASE_URL'
  | 'IMAGE_API_KEY'
  | 'IMAGE_API_MODEL'
>;

/**
 * The configured AI: OpenAI-compatible when AI_BASE_URL or AI_API_KEY is set (a local server may
 * need no key; the SDK wants a non-empty one, so a placeholder is sent), else the local generator,
 * slowed down by AI_LOCAL_DELAY_MS per answer when set (demos, browser tests).
 */
export function createAiProvider(config: AiSettings): AiProvider {
  if (aiSetup(config).text.source === 'local') {
    const local = new LocalProvider();
    return config.AI_LOCAL_DELAY_MS > 0 ? new PacedProvider(local, config.AI_LOCAL_DELAY_MS) : local;
  }
  return new OpenAiProvider({
    apiKey: config.AI_API_KEY || 'not-needed',
    baseURL: config.AI_BASE_URL || undefined,
    model: config.AI_MODEL,
    transcriptionModel: config.AI_TRANSCRIPTION_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
  });
}

/** Answers like the wrapped provider, each answer after a fixed wait (it takes the provider's name). */
export class PacedProvider implements AiProvider {
  readonly name: string;
  readonly isLocal: boolean;

  constructor(
    private readonly inner: AiProvider,
    private readonly delayMs: number,
  ) {
    this.name = inner.name;
    this.isLocal = inner.isLocal;
  }

  async generate<T>(task: AiTask, schema: z.ZodType<T>): Promise<T> {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return this.inner.generate(task, schema);
  }

  get transcribe(): AiProvider['transcribe'] {
    return this.inner.transcribe?.bind(this.inner);
  }
}
