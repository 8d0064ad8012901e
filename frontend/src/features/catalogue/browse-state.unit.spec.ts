import {
  browseHref,
  clearFilters,
  parseBrowseParams,
  parseCommaList,
  serialiseBrowseState,
  serialiseCommaList,
  toggleItem,
} from './browse-state';

describe('browse URL state (spec section 2)', () => {
  it('parses every param, with comma-separated topics and genres', () => {
    const state = parseBrowseParams(
      new URLSearchParams('title=Music&view=new&category=music&search=jazz%20piano&topics=theory,%20improv,,theory&genres=jazz'),
    );
    expect(state).toEqual({
      title: 'Music',
      view: 'new',
      category: 'music',
      search: 'jazz piano',
      topics: ['theory', 'improv'],
      genres: ['jazz'],
    });
  });

  it('falls back to the "all" view and empty lists', () => {
    expect(parseBrowseParams(new URLSearchParams('view=bogus&topics=&search=%20%20'))).toEqual({
      view: 'all',
      title: undefined,
      category: undefined,
      search: undefined,
      topics: [],
      genres: [],
    });
  });

  it('serialises defaults away and lists as commas', () => {
    expect(serialiseBrowseState({ view: 'all', topics: [], genres: [] }).toString()).toBe('');
    const params = serialiseBrowseState({ view: 'top', category: 'dance', topics: ['hip hop', 'ballet'], genres: ['pop'] });
    expect(params.get('view')).toBe('top');
    expect(params.get('topics')).toBe('hip hop,ballet');
    expect(params.get('genres')).toBe('pop');
    expect(params.has('search')).toBe(false);
  });

  it('round-trips', () => {
    const state = {
      view: 'collections' as const,
      title: 'Picks',
      category: 'art',
      search: 'oil',
      topics: ['a', 'b'],
      genres: ['c'],
    };
    expect(parseBrowseParams(serialiseBrowseState(state))).toEqual(state);
  });

  it('keeps params it does not own (campaign, VIP)', () => {
    const params = serialiseBrowseState(
      { view: 'new', topics: [], genres: [] },
      new URLSearchParams('p=vip&search=old&utm_source=x'),
    );
    expect(params.get('p')).toBe('vip');
    expect(params.get('utm_source')).toBe('x');
    expect(params.has('search')).toBe(false);
  });

  it('helpers: comma lists, toggling, clearing, links', () => {
    expect(parseCommaList(' a ,b,a,')).toEqual(['a', 'b']);
    expect(serialiseCommaList(['x', ' y', 'x'])).toBe('x,y');
    expect(toggleItem(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleItem(['a'], 'b')).toEqual(['a', 'b']);
    expect(clearFilters({ view: 'new', title: 'T', search: 's', category: 'c', topics: ['t'], genres: ['g'] })).toEqual({
      view: 'new',
      title: 'T',
      topics: [],
      genres: [],
    });
    expect(browseHref({ view: 'new' })).toBe('/browse?view=new');
    expect(browseHref({})).toBe('/browse');
    expect(browseHref({ category: 'music' })).toBe('/browse?category=music');
  });
});
