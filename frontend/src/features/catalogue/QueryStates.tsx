import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../api/api-error';
import { Button, buttonClassName } from '../../ui';

/** A failed load: what happened, and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = 'Could not load this',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div className="state-box state-box--error" role="alert">
      <h2 className="state-box__title">{title}</h2>
      <p className="muted">{errorMessage(error)}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** 404, or an address the server rejects outright (a slug that cannot exist): both read as "not found". */
export const isNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_FAILED'));

export function NotFoundState({ what, children }: { what: string; children?: ReactNode }) {
  return (
    <div className="state-box">
      <h1 className="state-box__title">{what} not found</h1>
      <p className="muted">It may have moved, or the address has a typo.</p>
      {children ?? (
        <Link to="/browse" className={buttonClassName('secondary')}>
          Browse classes
        </Link>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state-box state-box--empty">
      <h2 className="state-box__title">{title}</h2>
      {children}
    </div>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div className="state-box state-box--loading" role="status">
      <span className="spinner" style={{ width: 20, height: 20 }} aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
