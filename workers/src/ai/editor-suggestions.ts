import type { AiProvider } from './ai-provider';
import { DEFAULT_EDITOR_SUGGESTIONS, EditorSuggestionsSchema, type EditorSuggestions } from '@sparkhouse/contracts';

/** Built-in sections shown when the provider fails (spec 8), from the contracts: one copy everywhere. */
export { DEFAULT_EDITOR_SUGGESTIONS };

export interface EditorSuggestionsContext {
  /** The creator's app idea or blueprint summary; steers the suggestions. */
  idea?: string;
  appName?: string;
  /** What the editor sent (where the plus button was pressed, nearby content); passed on to a model. */
  editor?: Record<string, unknown>;
}

/**
 * Suggestions for the app editor. A failing provider must never leave the editor empty,
 * so any error yields a fresh copy of the defaults; `onFallback` lets the caller log why.
 */
export async function getEditorSuggestions(
  provider: AiProvider,
  context: EditorSuggestionsContext,
  onFallback?: (error: unknown) => void,
): Promise<EditorSuggestions> {
  const idea = context.idea?.trim() || context.appName?.trim() || '';
  try {
    return await provider.generate(
      {
        kind: 'editor-suggestions',
        prompt: idea,
        context: {
          idea,
          ...(context.appName ? { appName: context.appName } : {}),
          ...(context.editor ? { editor: context.editor } : {}),
        },
      },
      EditorSuggestionsSchema,
    );
  } catch (error) {
    onFallback?.(error);
    return structuredClone(DEFAULT_EDITOR_SUGGESTIONS);
  }
}
