import type { ReactElement, ReactNode } from 'react';
import { ErrorState, LoadingState } from './QueryStates';

/** What QueryView reads of a query (a TanStack Query result). */
export interface ViewedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

/**
 * A query's place on a page: loading (a label, or a skeleton), its error with a retry, an empty note
 * when `isEmpty` says so, else what `children` draws of its data.
 */
export function QueryView<T>({
  query,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: ViewedQuery<T>;
  /** A label for the spinner, or a skeleton to show instead. */
  loading: string | ReactElement;
  errorTitle?: string;
  isEmpty?: (data: T) => boolean;
  /** A muted line, or an element of its own. */
  empty?: string | ReactElement;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return typeof loading === 'string' ? <LoadingState label={loading} /> : loading;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title={errorTitle} />;
  const data = query.data as T;
  if (isEmpty?.(data)) return typeof empty === 'string' ? <p className="muted">{empty}</p> : (empty ?? null);
  return <>{children(data)}</>;
}

/**
 * A query whose data holds a list: QueryView with `items` picking the list, `empty` shown when it has
 * none, and `children` given the list (and the whole data).
 */
export function QueryList<T, I>({
  items,
  empty,
  children,
  ...view
}: {
  query: ViewedQuery<T>;
  loading: string | ReactElement;
  errorTitle?: string;
  items: (data: T) => I[];
  empty: string | ReactElement;
  children: (items: I[], data: T) => ReactNode;
}) {
  return (
    <QueryView {...view} isEmpty={(data) => items(data).length === 0} empty={empty}>
      {(data) => children(items(data), data)}
    </QueryView>
  );
}
