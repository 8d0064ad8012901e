import '../../features/catalogue/testing/dom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setAccessToken } from '../../api/token-store';
import { creatorApp, TEST_APP_ID } from '../../features/creator/testing/creator-app';
import { AppPicker } from './BuilderPage';

const APP_ID = TEST_APP_ID;
const app = creatorApp({ appImage: null, hasUnpublishedChanges: false });

let apps: unknown[];
const fetchMock = jest.fn((url: RequestInfo | URL) => {
  const path = String(url).split('?')[0];
  const found = path === '/api/app-builder/getCreatorApps';
  return Promise.resolve({
    ok: found,
    status: found ? 200 : 404,
    text: () =>
      Promise.resolve(
        JSON.stringify(
          found ? { status: 'success', response: { apps } } : { status: 'error', error: 'No such route', code: 'NOT_FOUND' },
        ),
      ),
  } as Response);
});

function renderPicker(mode: string | null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AppPicker mode={mode} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  setAccessToken('token');
});
afterEach(() => setAccessToken(null));

describe('the app picker of /dashboard/builder', () => {
  it('without apps, offers one way to /build: the empty state’s', async () => {
    apps = [];
    renderPicker(null);
    expect(await screen.findByRole('heading', { name: 'No apps yet' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Build an app' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/build');
  });

  it('with apps, lists them and offers to build another', async () => {
    apps = [app];
    renderPicker(null);
    expect(await screen.findByRole('link', { name: 'Marathon Coach' })).toHaveAttribute(
      'href',
      `/dashboard/builder?appId=${APP_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Build an app' })).toHaveAttribute('href', '/build');
  });

  it.each(['pricing_tiers', 'publish'])('with ?mode=%s, each app opens on that screen', async (mode) => {
    apps = [app];
    renderPicker(mode);
    expect(await screen.findByRole('link', { name: 'Marathon Coach' })).toHaveAttribute(
      'href',
      `/dashboard/builder?appId=${APP_ID}&mode=${mode}`,
    );
  });

  it('an unknown mode is not carried into the builder', async () => {
    apps = [app];
    renderPicker('<script>');
    expect(await screen.findByRole('link', { name: 'Marathon Coach' })).toHaveAttribute(
      'href',
      `/dashboard/builder?appId=${APP_ID}`,
    );
    expect(screen.getByText(/Pick an app to edit its blueprint/)).toBeInTheDocument();
  });
});
