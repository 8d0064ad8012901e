import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { BrowsePage } from './BrowsePage';
import { SEARCH_DEBOUNCE_MS } from './BrowseFilters';

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Class ${id}`,
  slug: `class-${id}`,
  classSlug: `class-${id}`,
  storefrontSlug: 'teacher',
  creator: { id: 'c1', name: 'Ada Teacher' },
  description: '',
  category: 'music',
  topics: ['theory', 'improv'],
  genres: ['jazz'],
  priceInfo: { priceInCents: 4900, currency: 'USD', crossedPriceInCents: 6900 },
  rating: 4.5,
  ratingCount: 10,
  releaseDate: '2026-01-01T00:00:00Z',
  purchaseCount: 3,
  media: { coverUrl: '', videoUrl: '', durationSeconds: 60 },
  ...extra,
});

const json = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, text: () => Promise.resolve(JSON.stringify(body)) }) as Response;

let productsAnswer: () => Response;
const fetchMock = jest.fn((input: RequestInfo | URL) => {
  const url = String(input);
  if (url.startsWith('/api/getHomeContent'))
    return Promise.resolve(
      json({ hero: {}, banner: null, browseCategories: [{ slug: 'music', title: 'Music', productCount: 2 }] }),
    );
  if (url.startsWith('/api/getProducts?limit=100'))
    return Promise.resolve(json({ products: [product('s1')], lastProductId: null }));
  if (url.startsWith('/api/getProducts')) return Promise.resolve(productsAnswer());
  return Promise.resolve(json({ message: 'unexpected' }, 500));
});

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

function renderBrowse(search: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/browse${search}`]}>
        <BrowsePage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const address = () => new URLSearchParams(screen.getByLabelText('address').textContent ?? '');
const productCalls = () =>
  fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/getProducts?') && u.includes('limit=24'));

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  productsAnswer = () => json({ products: [product('p1'), product('p2')], lastProductId: null });
});

describe('browse page', () => {
  it('restores the view and filters from the address and asks the API for them', async () => {
    renderBrowse('?view=top&category=music&topics=theory,improv&genres=jazz&search=piano');
    expect(await screen.findByRole('link', { name: 'Class p1' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Top rated' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Search classes')).toHaveValue('piano');
    const topics = screen.getByRole('group', { name: 'Topics' });
    expect(within(topics).getByRole('button', { name: 'Theory' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('group', { name: 'Category' })).getByRole('button', { name: 'Music' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const query = new URL(productCalls()[0], 'http://x').searchParams;
    expect(query.get('sort')).toBe('top_rated');
    expect(query.get('categories')).toBe('music');
    expect(query.get('topics')).toBe('theory,improv');
    expect(query.get('genres')).toBe('jazz');
    expect(query.get('search')).toBe('piano');
  });

  it('writes chip and tab changes to the address', async () => {
    renderBrowse('');
    await screen.findByRole('link', { name: 'Class p1' });
    fireEvent.click(within(screen.getByRole('group', { name: 'Topics' })).getByRole('button', { name: 'Theory' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Topics' })).getByRole('button', { name: 'Improv' }));
    expect(address().get('topics')).toBe('theory,improv');
    fireEvent.click(screen.getByRole('tab', { name: 'New releases' }));
    expect(address().get('view')).toBe('new');
    expect(address().get('topics')).toBe('theory,improv');
  });

  it('moves between tabs with the arrow keys', async () => {
    renderBrowse('');
    const all = screen.getByRole('tab', { name: 'All classes' });
    fireEvent.keyDown(all, { key: 'ArrowLeft' });
    expect(address().get('view')).toBe('collections');
    expect(screen.getByRole('tab', { name: 'Collections' })).toHaveFocus();
  });

  it('debounces the search into the address', async () => {
    jest.useFakeTimers();
    try {
      renderBrowse('?view=new');
      fireEvent.change(screen.getByLabelText('Search classes'), { target: { value: 'jaz' } });
      fireEvent.change(screen.getByLabelText('Search classes'), { target: { value: 'jazz' } });
      expect(address().get('search')).toBeNull();
      act(() => {
        jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      });
      expect(address().get('search')).toBe('jazz');
      expect(address().get('view')).toBe('new');
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the empty state and clears the filters', async () => {
    productsAnswer = () => json({ products: [], lastProductId: null });
    renderBrowse('?view=top&topics=theory&search=zzz');
    expect(await screen.findByRole('heading', { name: 'No classes match these filters' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address().toString()).toBe('view=top');
    await waitFor(() => expect(screen.getByLabelText('Search classes')).toHaveValue(''));
  });

  it('shows an error with a retry that loads again', async () => {
    productsAnswer = () => json({ statusCode: 500, code: 'INTERNAL', message: 'Database unavailable' }, 500);
    renderBrowse('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    productsAnswer = () => json({ products: [product('p9')], lastProductId: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Class p9' })).toBeInTheDocument();
  });

  it('loads the next page after lastProductId with the Load more button', async () => {
    productsAnswer = () => {
      const after = new URL(productCalls().at(-1)!, 'http://x').searchParams.get('lastProductId');
      return after
        ? json({ products: [product('p3')], lastProductId: null })
        : json({ products: [product('p1'), product('p2')], lastProductId: 'p2' });
    };
    renderBrowse('');
    await screen.findByRole('link', { name: 'Class p1' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Class p3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(new URL(productCalls().at(-1)!, 'http://x').searchParams.get('lastProductId')).toBe('p2');
  });
});

describe('a search whose typos were corrected', () => {
  it('says what it shows results for', async () => {
    productsAnswer = () => json({ products: [product('p1')], lastProductId: null, searchedFor: 'photography' });
    renderBrowse('?search=photgraphy');
    expect(await screen.findByText(/Showing results for/)).toHaveTextContent('Showing results for photography');
  });
});
