import { useEffect } from 'react';
import { useLocation, useMatches, useNavigate, useNavigationType } from 'react-router';
import { resolveRouteRule } from '../route-rules';
import { recordPageView, recordsOwnPageView } from './page-views';

/** Applies the route rules on every route change, then records the page view (unless the page records its own). */
export function RouteRules() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};

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
    if (!recordsOwnPageView(matches)) recordPageView(location, params, navigationType);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the params belong to this location
  }, [location, navigate]);

  return null;
}
