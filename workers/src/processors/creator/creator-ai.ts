import { UnrecoverableError } from 'bullmq';
import type { z } from 'zod';
import { AiProviderError, type AiProvider, type AiTask } from '../../ai/ai-provider';

/** Shortens a creator's idea for a progress message: “a habit tracker for runners…”. */
export function quote(text: string, max = 60): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return `“${t.length <= max ? t : `${t.slice(0, max).replace(/\s+\S*$/, '')}…`}”`;
}

/** Settles with the promise, or rejects with the signal's reason as soon as it aborts (a cancel is not kept waiting). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/**
 * One AI call of a job. Failures carry what was being done ("Writing the blueprint failed: ...").
 * An answer the provider can never give (the local generator's 'unsupported') is not retried:
 * the same input would fail the same way.
 */
export async function generate<T>(
  ai: AiProvider,
  task: AiTask,
  schema: z.ZodType<T>,
  doing: string,
  signal: AbortSignal,
): Promise<T> {
  try {
    return await untilAborted(ai.generate(task, schema), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const message = `${doing} failed: ${error instanceof Error ? error.message : String(error)}`;
    if (error instanceof AiProviderError && error.reason === 'unsupported') throw new UnrecoverableError(message);
    throw new Error(message);
  }
}
