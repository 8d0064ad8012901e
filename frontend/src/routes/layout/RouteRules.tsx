import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { trackPageView } from '../../features/analytics';
import { resolveRouteRule } from '../route-rules';

/** Applies the route rules on every route change, then records the page view. */
export function RouteRules() {
  const location = useLocation();
  const navigate = useNavigate();

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
    trackPageView(location);
  }, [location, navigate]);

  return null;
}
