import { DEFAULT_EDITOR_SUGGESTIONS, type EditorSuggestions } from '@sparkhouse/contracts';

/*
 * The apps area's client fallbacks (spec 8 "Fallbacks"): a failing call that a page can live
 * without answers a safe value instead of an error, and the failure is logged.
 */

export type FallbackLogger = (message: string, error: unknown) => void;

const consoleLogger: FallbackLogger = (message, error) => console.warn(`[creator] ${message}`, error);

/** An app list of unexpected shape is logged and yields an empty list. */
export function appListOrEmpty<T>(value: unknown, log: FallbackLogger = consoleLogger): T[] {
  if (Array.isArray(value)) return value as T[];
  log('App list of unexpected shape; showing none', value);
  return [];
}

/** Await `promise`; on failure log why and answer `fallback`. */
export async function orFallback<T>(
  promise: Promise<T>,
  fallback: T | (() => T),
  what: string,
  log: FallbackLogger = consoleLogger,
): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    log(`${what} failed; using the fallback`, error);
    return typeof fallback === 'function' ? (fallback as () => T)() : fallback;
  }
}

/** The built-in sections the editor's plus button offers when suggestions cannot be had (spec 8). */
export const DEFAULT_EDITOR_SECTIONS: EditorSuggestions['sections'] = DEFAULT_EDITOR_SUGGESTIONS.sections;

export const defaultEditorSuggestions = (): EditorSuggestions => ({
  sections: DEFAULT_EDITOR_SECTIONS.map((section) => ({
    title: section.title,
    items: section.items.map((item) => ({ ...item })),
  })),
});

/** Suggestions with no usable section are as good as none: show the defaults. */
export function suggestionsOrDefault(value: EditorSuggestions | null | undefined): EditorSuggestions {
  const sections = value?.sections?.filter((s) => s.items.length > 0) ?? [];
  return sections.length > 0 ? { sections } : defaultEditorSuggestions();
}
