import { useEffect, useRef } from 'react';
import {
  useLocation,
  useNavigationType,
  useParams,
  type Location,
  type NavigationType,
  type Params,
  type UIMatch,
} from 'react-router';

/**
 * The handle of a route whose page records its own page view (usePageViewWhenShown): a page that may
 * learn from its data that it lives at another address, and moves there, is viewed once, at the address
 * it is shown at, under the title it then has.
 */
export const OWN_PAGE_VIEW = { ownPageView: true } as const;

/** Whether the route matched last records its own page view instead of the layout recording it on arrival. */
export const recordsOwnPageView = (matches: readonly UIMatch[]): boolean => {
  const handle = matches[matches.length - 1]?.handle as Partial<typeof OWN_PAGE_VIEW> | undefined;
  return handle?.ownPageView === true;
};

/** The path of the page view recorded last in this tab. */
let viewedPath: string | null = null;

/**
 * Records a page view of `location` under its route pattern (the console groups views per route). A page
 * that replaced its own address with one at the same path (a search typed into the browse page, a builder
 * tab) is the view already recorded: no new history entry, no new view. The analytics client loads after
 * the first render: it is not needed to draw the page.
 */
export function recordPageView(location: Location, params: Params, navigation: NavigationType, title = document.title): void {
  const samePage = navigation === 'REPLACE' && viewedPath === location.pathname;
  viewedPath = location.pathname;
  if (samePage) return;
  void import('../../features/analytics/lazy').then(({ trackPageView, routePattern }) =>
    trackPageView(location, routePattern(location.pathname, params), title),
  );
}

/** For a route with OWN_PAGE_VIEW: records the view of each address once `shown` (loaded, and not moving on). */
export function usePageViewWhenShown(shown: boolean): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const params = useParams();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!shown || recorded.current === location.key) return;
    recorded.current = location.key;
    recordPageView(location, params, navigation);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the params belong to this location
  }, [shown, location]);
}
