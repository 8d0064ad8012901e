import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate, useNavigationType } from 'react-router';
import { resolveRouteRule } from '../route-rules';
import { recordPageView, recordsOwnPageView } from './page-views';

/**
 * Applies the route rules on every route change, then records the page view (unless the page records its
 * own). A change that replaces the page's own address with one at the same path (a search typed into the
 * browse page, a builder tab) is the same page view: no new history entry, no new view.
 */
export function RouteRules() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};
  const viewedPath = useRef<string | null>(null);

  useEffect(() => {
    // The browser's own pathname: it is exactly what was typed, percent-encoding included.
    const action = resolveRouteRule({ pathname: window.location.pathname, search: location.search, hash: location.hash });
    if (action?.kind === 'reload') {
      window.location.replace(action.to);
      return;
    }
    if (action?.kind === 'redirect') {
      void navigate(action.to, { replace: true });
      return;
    }
    const samePage = navigationType === 'REPLACE' && viewedPath.current === location.pathname;
    viewedPath.current = location.pathname;
    if (!samePage && !recordsOwnPageView(matches)) recordPageView(location, params);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the params belong to this location
  }, [location, navigate]);

  return null;
}
