import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseBrowseParams, serialiseBrowseState, type BrowseState } from '../../features/catalogue';

/** The URL is the browse state: read it, and write changes back (params it does not own stay). */
export function useBrowseState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBrowseParams(params), [params]);
  const update = useCallback(
    (change: (current: BrowseState) => BrowseState, options?: { replace?: boolean }) =>
      setParams((current) => serialiseBrowseState(change(parseBrowseParams(current)), current), {
        replace: options?.replace,
        preventScrollReset: true,
      }),
    [setParams],
  );
  return [state, update] as const;
}
