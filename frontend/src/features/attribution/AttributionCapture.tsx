import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { recordLanding } from './attribution';

/**
 * Keeps the campaign of the visit (utm_*, ref, code, friend, p … in the address) for 30 days, so a
 * purchase made later still carries it in payment_info. A page without campaign params leaves the
 * stored record alone.
 */
export function AttributionCapture() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordLanding(new URLSearchParams(search), `${pathname}${search}`, Date.now());
  }, [pathname, search]);
  return null;
}
