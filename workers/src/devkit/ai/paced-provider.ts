import type { z } from 'zod';
import type { AiProvider, AiTask } from '../../ai/ai-provider';

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
