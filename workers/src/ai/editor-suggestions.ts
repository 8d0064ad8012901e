import type { AiProvider } from './ai-provider';
import { EditorSuggestionsSchema, type EditorSuggestions } from '@sparkhouse/contracts';

export interface EditorSuggestionsContext {
  /** The creator's app idea or blueprint summary; steers the suggestions. */
  idea?: string;
  appName?: string;
  /** What the editor sent (where the plus button was pressed, nearby content); passed on to a model. */
  editor?: Record<string, unknown>;
}

/** Built-in sections shown when the provider fails (spec 8: Suggested, Stories, Activities). */
export const DEFAULT_EDITOR_SUGGESTIONS: EditorSuggestions = {
  sections: [
    {
      title: 'Suggested',
      items: [
        {
          id: 'default-welcome',
          title: 'Welcome message',
          icon: 'sparkles',
          content: 'Greet new members and tell them what the app will help them do.',
        },
        {
          id: 'default-getting-started',
          title: 'Getting started',
          icon: 'play-circle',
          content: 'A short first step members can finish in under five minutes.',
        },
      ],
    },
    {
      title: 'Stories',
      items: [
        {
          id: 'default-story-creator',
          title: 'Meet the creator',
          icon: 'book-open',
          content: 'Share why you made this app and who it is for.',
        },
        {
          id: 'default-story-member',
          title: 'A member success story',
          icon: 'trophy',
          content: 'Show what progress looks like for someone like them.',
        },
      ],
    },
    {
      title: 'Activities',
      items: [
        {
          id: 'default-activity-checkin',
          title: 'Daily check-in',
          icon: 'check-circle',
          content: 'A quick daily question to keep members engaged.',
        },
        {
          id: 'default-activity-reflection',
          title: 'Weekly reflection',
          icon: 'edit-3',
          content: 'Three prompts to review the week and plan the next one.',
        },
      ],
    },
  ],
};

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
