import '../../features/catalogue/testing/dom-polyfills';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { trackPageView } from '../../features/analytics/lazy';
import { RouteRules } from './RouteRules';

// the page views as the analytics client receives them
jest.mock('../../features/analytics/lazy', () => ({ trackPageView: jest.fn(), routePattern: (path: string) => path }));
const recorded = trackPageView as jest.MockedFunction<typeof trackPageView>;

// jsdom has no fetch Request: the router makes one per navigation, for loaders these routes do not have
class NavigationRequest {
  readonly method = 'GET';
  readonly signal: AbortSignal | undefined;
  constructor(
    readonly url: string,
    init?: { signal?: AbortSignal },
  ) {
    this.signal = init?.signal;
  }
}
Object.assign(globalThis, { Request: globalThis.Request ?? NavigationRequest });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <RouteRules />
            <Outlet />
          </>
        ),
        children: [
          { path: '/browse', element: <p>browse</p> },
          { path: '/classes/:storefrontSlug/:classSlug', element: <p>class</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const views = () => recorded.mock.calls.map(([location]) => location.pathname + location.search);

describe('page views on route changes', () => {
  beforeEach(() => recorded.mockClear());

  it('records a view per page visited, not per search settling into the same page’s address', async () => {
    // the views arrive in order (each through the client's lazy import): a list seen whole has no view pending before its last
    const router = renderAt('/browse');
    await waitFor(() => expect(views()).toEqual(['/browse']));

    // the search box writes each settled search over the page's own address
    await act(() => router.navigate('/browse?search=yoga', { replace: true }));
    await act(() => router.navigate('/browse?search=yoga+flow', { replace: true }));
    await waitFor(() => expect(views()).toEqual(['/browse']));

    // a new entry is a new view, even of the same path (a filter chosen), and so is another page
    await act(() => router.navigate('/browse?category=dance'));
    await act(() => router.navigate('/classes/ana/flow'));
    await waitFor(() => expect(views()).toEqual(['/browse', '/browse?category=dance', '/classes/ana/flow']));

    // an address replaced by another page's is that page's view; going back is a view again
    await act(() => router.navigate('/browse', { replace: true }));
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(views()).toEqual(['/browse', '/browse?category=dance', '/classes/ana/flow', '/browse', '/browse?category=dance']),
    );
  });
});
