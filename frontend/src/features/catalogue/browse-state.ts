/**
 * The /browse address is the browse state (spec section 2): title, view, category, search,
 * topics and genres, the last two comma-separated lists. Parsing and serialising live here so the
 * page, the home links and the tests agree on one shape.
 */
export const BROWSE_VIEWS = [
  { view: 'all', label: 'All classes' },
  { view: 'new', label: 'New releases' },
  { view: 'top', label: 'Top rated' },
  { view: 'collections', label: 'Collections' },
] as const;

export type BrowseView = (typeof BROWSE_VIEWS)[number]['view'];

export interface BrowseState {
  view: BrowseView;
  title?: string;
  category?: string;
  search?: string;
  topics: string[];
  genres: string[];
}

export const DEFAULT_BROWSE_STATE: BrowseState = { view: 'all', topics: [], genres: [] };

const isView = (value: string | null): value is BrowseView => BROWSE_VIEWS.some((v) => v.view === value);

/** "a, b,,a" -> ["a", "b"]: trimmed, empty entries dropped, first occurrence kept. */
export function parseCommaList(value: string | null | undefined): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  return [...seen];
}

export const serialiseCommaList = (items: readonly string[]): string => parseCommaList(items.join(',')).join(',');

const text = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

export function parseBrowseParams(params: URLSearchParams): BrowseState {
  const view = params.get('view');
  return {
    view: isView(view) ? view : 'all',
    title: text(params.get('title')),
    category: text(params.get('category')),
    search: text(params.get('search')),
    topics: parseCommaList(params.get('topics')),
    genres: parseCommaList(params.get('genres')),
  };
}

const BROWSE_KEYS = ['title', 'view', 'category', 'search', 'topics', 'genres'] as const;

/**
 * The state as query params, defaults left out so a plain /browse stays plain. Params this page
 * does not own (utm_*, p, ...) are carried over from `base`.
 */
export function serialiseBrowseState(state: BrowseState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of BROWSE_KEYS) params.delete(key);
  if (state.title) params.set('title', state.title);
  if (state.view !== 'all') params.set('view', state.view);
  if (state.category) params.set('category', state.category);
  if (state.search?.trim()) params.set('search', state.search.trim());
  const topics = serialiseCommaList(state.topics);
  if (topics) params.set('topics', topics);
  const genres = serialiseCommaList(state.genres);
  if (genres) params.set('genres', genres);
  return params;
}

export const browseHref = (state: Partial<BrowseState>): string => {
  const query = serialiseBrowseState({ ...DEFAULT_BROWSE_STATE, ...state }).toString();
  return query ? `/browse?${query}` : '/browse';
};

/** Add the item when absent, remove it when present. */
export const toggleItem = (items: readonly string[], item: string): string[] =>
  items.includes(item) ? items.filter((i) => i !== item) : [...items, item];

export const hasFilters = (state: BrowseState): boolean =>
  Boolean(state.category || state.search || state.topics.length || state.genres.length);

/** Same view (and title), every filter cleared. */
export const clearFilters = (state: BrowseState): BrowseState => ({
  view: state.view,
  title: state.title,
  topics: [],
  genres: [],
});
