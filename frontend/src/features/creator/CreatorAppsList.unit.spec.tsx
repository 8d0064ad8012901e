import '../catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setAccessToken } from '../../api/token-store';
import { CreatorAppsSection } from './CreatorAppsList';
import { creatorApp } from './testing/creator-app';

const envelope = (response: unknown, status = 200) =>
  ({
    ok: status < 400,
    status,
    text: () =>
      Promise.resolve(
        JSON.stringify(status < 400 ? { status: 'success', response } : { status: 'error', error: 'down', code: 'INTERNAL' }),
      ),
  }) as Response;

let routes: Record<string, () => Response>;
const fetchMock = jest.fn((url: RequestInfo | URL) => {
  const path = String(url).split('?')[0];
  const answer = routes[path];
  return Promise.resolve(answer ? answer() : envelope(null, 404));
});

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CreatorAppsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  setAccessToken(null);
  jest.restoreAllMocks();
});

describe('CreatorAppsSection', () => {
  it('a member without apps gets the way to /build, without the app list being fetched', async () => {
    routes = { '/api/app-builder/creatorHasAnyApp': () => envelope({ hasAny: false }) };
    renderSection();
    expect(await screen.findByRole('heading', { name: 'No apps yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Build an app' }).some((a) => a.getAttribute('href') === '/build')).toBe(true);
    expect(calledPaths()).toEqual(['/api/app-builder/creatorHasAnyApp']);
  });

  it("lists a creator's apps with build state, idea flag, unpublished changes and a link to the builder", async () => {
    routes = {
      '/api/app-builder/creatorHasAnyApp': () => envelope({ hasAny: true }),
      '/api/app-builder/getCreatorApps': () =>
        envelope({
          apps: [
            creatorApp(),
            creatorApp({
              appId: '9a8b7c6d-1111-4222-8333-444455556666',
              name: 'Pottery Planner',
              isIdea: true,
              hasUnpublishedChanges: false,
              isPublished: true,
              lastOpenedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
              build: { status: 'running', runId: 'r2', percent: 42, step: 'onboarding', error: null },
            }),
          ],
        }),
    };
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your apps' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Marathon Coach' })).toHaveAttribute(
      'href',
      '/dashboard/builder?appId=3f0c9a9e-4a8e-4d7f-9a43-2c1d5e6f7a8b',
    );
    expect(first).toHaveTextContent('Built');
    expect(first).toHaveTextContent('Unpublished changes');
    expect(first).toHaveTextContent('Not opened yet');
    expect(second).toHaveTextContent('Building · 42%');
    expect(second).toHaveTextContent('Idea');
    expect(second).toHaveTextContent('Published');
    expect(second).toHaveTextContent('Last opened 3 hours ago');
  });

  it('a failing app list reads as no apps (spec 8), and is logged', async () => {
    routes = {
      '/api/app-builder/creatorHasAnyApp': () => envelope({ hasAny: true }),
      '/api/app-builder/getCreatorApps': () => envelope(null, 500),
    };
    renderSection();
    expect(await screen.findByRole('heading', { name: 'No apps yet' })).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });
});
