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
 * Whether another attempt could succeed: not when the local generator cannot answer at all, nor
 * when the provider refuses the request itself (a wrong key, model or URL: 400/401/403/404/422).
 */
export function isWorthRetrying(error: AiProviderError): boolean {
  if (error.reason === 'unsupported') return false;
  const status = error.details.status;
  if (error.reason === 'http' && status !== undefined && status >= 400 && status < 500) return status === 408 || status === 409;
  return true;
}

/**
 * One AI call of a job. Failures carry what was being done ("Writing the blueprint failed: ...").
 * What can never succeed on another attempt (see isWorthRetrying) is not retried: the run
 * fails at once with the reason.
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
    if (error instanceof AiProviderError && !isWorthRetrying(error)) throw new UnrecoverableError(message);
    throw new Error(message);
  }
}
