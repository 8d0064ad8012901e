import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  classPath,
  COVER_SIZES,
  coverImage,
  EmptyState,
  ErrorState,
  libraryQuery,
  watchPath,
  type LibraryItem,
} from '../../features/catalogue';
import { formatRelativeTime } from '../../features/format';
import { buttonClassName, ProgressBar } from '../../ui';
import './library.css';

export function LibraryRow({ item, now }: { item: LibraryItem; now: Date }) {
  const { product } = item;
  const percent = Math.round(item.percentComplete);
  const action = percent >= 100 ? 'Watch again' : percent > 0 ? 'Continue' : 'Start watching';
  return (
    <li className="library-row">
      <Link to={classPath(product)} className="library-row__cover" tabIndex={-1} aria-hidden="true">
        {product.media.coverUrl && <img {...coverImage(product.media.coverUrl, COVER_SIZES.thumb)} alt="" loading="lazy" />}
      </Link>
      <div className="library-row__main">
        <h3 className="library-row__title">
          <Link to={classPath(product)}>{product.title}</Link>
        </h3>
        <p className="library-row__creator muted">
          {product.creator.name}
          {!item.owned && <span className="tag">Watched, not owned</span>}
        </p>
        <ProgressBar value={percent} label={`Progress in ${product.title}`} showValue />
        <p className="library-row__when muted">
          {item.lastWatchedAt ? (
            <>
              Last watched <time dateTime={item.lastWatchedAt}>{formatRelativeTime(item.lastWatchedAt, now)}</time>
            </>
          ) : (
            'Not started yet'
          )}
        </p>
      </div>
      <Link
        to={watchPath(product)}
        className={buttonClassName(percent > 0 && percent < 100 ? 'primary' : 'secondary', 'medium', 'library-row__action')}
        aria-label={`${action}: ${product.title}`}
      >
        {action}
      </Link>
    </li>
  );
}

export function LibraryList({ items, label }: { items: LibraryItem[]; label: string }) {
  const now = new Date();
  return (
    <ul className="library-list stack-list" aria-label={label}>
      {items.map((item) => (
        <LibraryRow key={item.product.id} item={item} now={now} />
      ))}
    </ul>
  );
}

export function LibrarySkeleton() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading your library…</span>
      <ul className="library-list stack-list" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="library-row">
            <div className="library-row__cover skeleton" />
            <div className="library-row__main">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An empty list's state: what will show here, and the link that starts it. */
export function EmptyWithLink({
  title,
  note,
  to,
  label,
  variant = 'primary',
}: {
  title: string;
  note?: string;
  to: string;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <EmptyState title={title}>
      {note && <p className="muted">{note}</p>}
      <Link to={to} className={buttonClassName(variant)}>
        {label}
      </Link>
    </EmptyState>
  );
}

/**
 * The library (the person's classes), loaded: a skeleton first, its error with a retry, `empty` when
 * `pick` leaves no item, else what `children` draws of the items picked.
 */
export function LibraryItems({
  errorTitle,
  pick = (items) => items,
  empty,
  children,
}: {
  errorTitle: string;
  pick?: (items: LibraryItem[]) => LibraryItem[];
  empty: ReactElement;
  children: (items: LibraryItem[]) => ReactNode;
}) {
  const query = useQuery(libraryQuery());
  if (query.isPending) return <LibrarySkeleton />;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const items = pick(query.data.items);
  if (items.length === 0) return empty;
  return <>{children(items)}</>;
}
