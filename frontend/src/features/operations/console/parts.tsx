import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/api-error';
import { Button, InlineAlert, Modal, type ButtonVariant } from '../../../ui';

/** An action that asks first: the dialog says what will happen; errors show in it. */
export function ConfirmAction({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = 'secondary',
  triggerVariant,
  disabled,
  size = 'small',
}: {
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  onConfirm: () => Promise<unknown>;
  variant?: ButtonVariant;
  /** The opening button's look, when it differs from the confirming one. */
  triggerVariant?: ButtonVariant;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={triggerVariant ?? variant} size={size} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} onClose={() => !busy && setOpen(false)} title={title} size="small">
        <div className="ops-confirm">
          <div className="muted">{description}</div>
          <InlineAlert error={error} />
          <div className="row">
            <Button variant={variant === 'destructive' ? 'destructive' : 'primary'} loading={busy} onClick={() => void confirm()}>
              {confirmLabel ?? label}
            </Button>
            <Button variant="transparent" disabled={busy} onClick={() => setOpen(false)}>
              Keep as is
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}

export const formatMs = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`;
};

export const formatTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' }) : '–';

export const percent = (fraction: number) => `${(fraction * 100).toFixed(fraction > 0 && fraction < 0.01 ? 1 : 0)} %`;

/** A small key/value list. */
export function Facts({ items, label }: { items: [string, ReactNode][]; label?: string }) {
  return (
    <dl className="ops-facts" aria-label={label}>
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** JSON shown as code, collapsed when long. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return (
    <details className="ops-json" open={text.length < 400}>
      <summary>{label}</summary>
      <pre className="code-block">{text}</pre>
    </details>
  );
}

/** Newer / Older over cursor pages: Older is off when there is no next page, Newer on the first page. */
export function Pager({
  hasNewer,
  nextCursor,
  onNewer,
  onOlder,
}: {
  hasNewer: boolean;
  nextCursor: string | null | undefined;
  onNewer: () => void;
  onOlder: (cursor: string) => void;
}) {
  return (
    <div className="row ops-pager">
      <Button variant="secondary" size="small" disabled={!hasNewer} onClick={onNewer}>
        Newer
      </Button>
      <Button variant="secondary" size="small" disabled={!nextCursor} onClick={() => nextCursor && onOlder(nextCursor)}>
        Older
      </Button>
    </div>
  );
}

/** Cursor pages in the address (`?cursor=`, so a page can be linked), remembering the way back to newer ones. */
export function useCursorInUrl() {
  const [params, setParams] = useSearchParams();
  const [history, setHistory] = useState<string[]>([]);
  const go = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
    setParams(next);
  };
  return {
    hasNewer: history.length > 0,
    newer: () => {
      setHistory(history.slice(0, -1));
      go(history[history.length - 1] || null);
    },
    older: (cursor: string) => {
      setHistory([...history, params.get('cursor') ?? '']);
      go(cursor);
    },
    /** A new search starts at the newest page. */
    reset: () => setHistory([]),
  };
}

const TIME_FILTERS = new Set(['from', 'to']);

/** A datetime-local input's value for an ISO time from the address ('' when there is none). */
export const toLocalInput = (iso: string | null): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * A console search kept in the address, so it can be shared and survives a reload: `query` holds the
 * filters set (and the page's cursor); `submit` writes the form's filters (times as ISO) and starts at
 * the newest page; `clear` drops them all.
 */
export function useSearchInUrl<F extends string>(filters: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const pages = useCursorInUrl();
  const query: Partial<Record<F | 'cursor', string>> = {};
  for (const f of [...filters, 'cursor' as const]) {
    const v = params.get(f);
    if (v) query[f] = v;
  }
  const search = (next: URLSearchParams) => {
    pages.reset();
    setParams(next);
  };
  return {
    params,
    query,
    pages,
    submit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const form = new FormData(e.currentTarget);
      const next = new URLSearchParams();
      for (const f of filters) {
        const raw = String(form.get(f) ?? '').trim();
        const v = TIME_FILTERS.has(f) && raw ? new Date(raw).toISOString() : raw;
        if (v) next.set(f, v);
      }
      search(next);
    },
    clear: () => search(new URLSearchParams()),
  };
}

/** A search form's From and To (datetime-local), showing the times in the address. */
export function TimeRangeFilters({ params }: { params: URLSearchParams }) {
  return (
    <>
      <label>
        <span>From</span>
        <input name="from" type="datetime-local" defaultValue={toLocalInput(params.get('from'))} />
      </label>
      <label>
        <span>To</span>
        <input name="to" type="datetime-local" defaultValue={toLocalInput(params.get('to'))} />
      </label>
    </>
  );
}

/** A console form's submit button (busy while it saves), and any further actions beside it. */
export function SubmitRow({ label, busy, children }: { label: string; busy?: boolean; children?: ReactNode }) {
  return (
    <div className="row ops-filters__actions">
      <Button type="submit" loading={busy}>
        {label}
      </Button>
      {children}
    </div>
  );
}

/** A search form's Search and Clear, and any further actions beside them. */
export function SearchActions({ onClear, children }: { onClear: () => void; children?: ReactNode }) {
  return (
    <SubmitRow label="Search">
      <Button variant="transparent" onClick={onClear}>
        Clear
      </Button>
      {children}
    </SubmitRow>
  );
}

/** A console section: its title (with anything beside it, when `aside` is given) over its content. */
export function OpsSection({
  id,
  title,
  aside,
  plain = false,
  children,
}: {
  /** The title's id is `${id}-title`. */
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  /** Not on a card of its own. */
  plain?: boolean;
  children: ReactNode;
}) {
  const heading = <h2 id={`${id}-title`}>{title}</h2>;
  return (
    <section className={plain ? undefined : 'card'} aria-labelledby={`${id}-title`}>
      {aside === undefined ? (
        heading
      ) : (
        <div className="section__head">
          {heading}
          {aside}
        </div>
      )}
      {children}
    </section>
  );
}

/** A console table: its column heads (and any further head cells), then the rows given. */
export function OpsTable({
  label,
  columns,
  moreColumns,
  numbers = false,
  children,
}: {
  label: string;
  columns: string[];
  moreColumns?: ReactNode;
  /** Columns of figures, right-aligned. */
  numbers?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="ops-table-wrap">
      <table className={numbers ? 'ops-table ops-table--numbers' : 'ops-table'} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
            {moreColumns}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One option a value, showing the value. */
export function Options({ values }: { values: readonly (string | number)[] }) {
  return (
    <>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}

/** A select in a section's head, changing what the section shows. */
export function InlineSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="ops-inline-field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** A search form's select filter, showing the value in the address ("Any" for none). */
export function FilterSelect({
  label,
  name,
  params,
  values,
}: {
  label: string;
  name: string;
  params: URLSearchParams;
  values: readonly string[];
}) {
  return (
    <label>
      <span>{label}</span>
      <select name={name} defaultValue={params.get(name) ?? ''}>
        <option value="">Any</option>
        <Options values={values} />
      </select>
    </label>
  );
}

/** A search form's text filter, showing the value in the address. */
export function FilterSearch({
  label,
  name,
  params,
  placeholder,
}: {
  label: string;
  name: string;
  params: URLSearchParams;
  placeholder?: string;
}) {
  return (
    <label>
      <span>{label}</span>
      <input name={name} type="search" defaultValue={params.get(name) ?? ''} placeholder={placeholder} />
    </label>
  );
}
