import { EditorSuggestionsSchema } from '@sparkhouse/contracts';
import { appListOrEmpty, defaultEditorSuggestions, orFallback, suggestionsOrDefault } from './fallbacks';

describe('apps-area fallbacks (spec 8)', () => {
  it('an app list of unexpected shape is logged and yields an empty list', () => {
    const log = jest.fn();
    expect(appListOrEmpty({ apps: 'nope' }, log)).toEqual([]);
    expect(appListOrEmpty(undefined, log)).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
    const apps = [{ appId: 'a' }];
    expect(appListOrEmpty(apps, log)).toBe(apps);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('a failing call answers the fallback (creator apps: [], creatorHasAny: false, recently opened: null) and logs why', async () => {
    const log = jest.fn();
    const boom = new Error('down');
    await expect(orFallback(Promise.reject(boom), [], 'getCreatorApps', log)).resolves.toEqual([]);
    await expect(orFallback(Promise.reject(boom), false, 'creatorHasAnyApp', log)).resolves.toBe(false);
    await expect(orFallback(Promise.reject(boom), null, 'updateRecentlyOpened', log)).resolves.toBeNull();
    expect(log).toHaveBeenCalledWith('getCreatorApps failed; using the fallback', boom);
    await expect(orFallback(Promise.resolve(true), false, 'creatorHasAnyApp', log)).resolves.toBe(true);
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('editor suggestions fall back to Suggested, Stories and Activities with sample items', () => {
    const defaults = defaultEditorSuggestions();
    expect(defaults.sections.map((s) => s.title)).toEqual(['Suggested', 'Stories', 'Activities']);
    expect(EditorSuggestionsSchema.safeParse(defaults).success).toBe(true);
    // each call hands out a copy: editing one cannot change the built-in sections
    defaults.sections[0].items[0].title = 'changed';
    expect(defaultEditorSuggestions().sections[0].items[0].title).toBe('Welcome message');
  });

  it('suggestions without a usable section are replaced by the defaults', () => {
    expect(suggestionsOrDefault(null).sections).toHaveLength(3);
    expect(suggestionsOrDefault({ sections: [] }).sections[0].title).toBe('Suggested');
    const own = { sections: [{ title: 'Yours', items: [{ id: 'x', title: 'X', icon: 'i', content: 'c' }] }] };
    expect(suggestionsOrDefault(own).sections.map((s) => s.title)).toEqual(['Yours']);
  });
});
