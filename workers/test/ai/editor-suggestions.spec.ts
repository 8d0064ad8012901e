import { AiProviderError, type AiProvider } from '../../src/ai/ai-provider';
import { DEFAULT_EDITOR_SUGGESTIONS, getEditorSuggestions } from '../../src/ai/editor-suggestions';
import { LocalProvider } from '../../src/devkit/ai/local-provider';
import { EditorSuggestionsSchema } from '@sparkhouse/contracts';

const failing: AiProvider = {
  name: 'always-fails',
  isLocal: false,
  generate: async () => {
    throw new AiProviderError('http', 'The AI provider answered HTTP 500: boom');
  },
};

describe('getEditorSuggestions', () => {
  it("returns the provider's suggestions when it answers", async () => {
    const out = await getEditorSuggestions(new LocalProvider(), { idea: 'a habit tracker for runners' });
    expect(EditorSuggestionsSchema.parse(out)).toEqual(out);
    expect(JSON.stringify(out)).toContain('habit tracker');
  });

  it('falls back to Suggested, Stories and Activities with sample items when the provider fails', async () => {
    const onFallback = jest.fn();
    const out = await getEditorSuggestions(failing, { idea: 'anything' }, onFallback);
    expect(out).toEqual(DEFAULT_EDITOR_SUGGESTIONS);
    expect(out.sections.map((s) => s.title)).toEqual(['Suggested', 'Stories', 'Activities']);
    for (const section of out.sections) expect(section.items.length).toBeGreaterThan(0);
    expect(EditorSuggestionsSchema.safeParse(out).success).toBe(true);
    expect(onFallback).toHaveBeenCalledWith(expect.any(AiProviderError));
  });

  it('hands out a copy, so callers cannot corrupt the defaults', async () => {
    const out = await getEditorSuggestions(failing, {});
    out.sections[0].items.length = 0;
    expect(DEFAULT_EDITOR_SUGGESTIONS.sections[0].items.length).toBeGreaterThan(0);
  });
});
