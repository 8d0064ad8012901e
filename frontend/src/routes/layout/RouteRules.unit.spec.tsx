import '../../features/catalogue/testing/dom-polyfills';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { recordPageView } from './page-views';
import { RouteRules } from './RouteRules';

jest.mock('./page-views', () => ({ ...jest.requireActual('./page-views'), recordPageView: jest.fn() }));
const recorded = recordPageView as jest.MockedFunction<typeof recordPageView>;

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
    const router = renderAt('/browse');
    expect(views()).toEqual(['/browse']);

    // the search box writes each settled search over the page's own address
    await act(() => router.navigate('/browse?search=yoga', { replace: true }));
    await act(() => router.navigate('/browse?search=yoga+flow', { replace: true }));
    expect(views()).toEqual(['/browse']);

    // a new entry is a new view, even of the same path (a filter chosen), and so is another page
    await act(() => router.navigate('/browse?category=dance'));
    await act(() => router.navigate('/classes/ana/flow'));
    expect(views()).toEqual(['/browse', '/browse?category=dance', '/classes/ana/flow']);

    // an address replaced by another page's is that page's view; going back is a view again
    await act(() => router.navigate('/browse', { replace: true }));
    await act(() => router.navigate(-1));
    expect(views()).toEqual(['/browse', '/browse?category=dance', '/classes/ana/flow', '/browse', '/browse?category=dance']);
  });
});
