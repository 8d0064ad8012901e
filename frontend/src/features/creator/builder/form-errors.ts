import type { z } from 'zod';

/** Field errors by dotted path ('features.0.title'), from a failed schema check. */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.join('.');
    if (!(key in out))
      out[key] = issue.message.startsWith('Too small') || issue.code === 'too_small' ? 'Fill this in.' : issue.message;
  }
  return out;
}

/** One text per line, blank lines dropped (a section's bullet items). */
export const linesToItems = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
