import type { ConsoleEvent } from '@sparkhouse/contracts';
import { Link } from 'react-router';
import { QueryList } from '../../catalogue';
import { useEvents, type EventsQuery } from './console-api';
import { FilterSearch, formatTime, OpsSection, Pager, SearchActions, TimeRangeFilters, useSearchInUrl } from './parts';

const FILTERS = ['streamId', 'type', 'correlationId', 'from', 'to'] as const;

/** Events, newest first; a correlation id or a stream id is a link that follows it. */
export function EventList({ events, compact = false }: { events: ConsoleEvent[]; compact?: boolean }) {
  return (
    <ol className={['ops-events', 'stack-list', compact && 'ops-events--compact'].filter(Boolean).join(' ')} aria-label="Events">
      {events.map((e) => (
        <li key={e.position}>
          <div className="ops-timeline__head">
            <strong>{e.type}</strong>
            <span className="muted">#{e.position}</span>
            <time className="muted" dateTime={e.metadata.occurredAt}>
              {formatTime(e.metadata.occurredAt)}
            </time>
          </div>
          <p className="ops-event__meta">
            <Link to={`/ops/events?streamId=${encodeURIComponent(e.streamId)}`}>{e.streamId}</Link> v{e.streamVersion} · by{' '}
            <code>{e.metadata.actor}</code> ·{' '}
            <Link
              to={`/ops/events?correlationId=${encodeURIComponent(e.metadata.correlationId)}`}
              title="Follow this request across streams"
            >
              request {e.metadata.correlationId.slice(0, 8)}
            </Link>
          </p>
          <details>
            <summary>Payload</summary>
            <pre className="code-block">{JSON.stringify(e.payload, null, 2)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}

/** /ops/events: the event-log browser. */
export function EventsPage() {
  const { params, query, pages, submit, clear } = useSearchInUrl(FILTERS);
  const events = useEvents({ ...query, limit: 50 } as EventsQuery);

  return (
    <div className="ops-stack">
      <form className="card ops-filters" onSubmit={submit} aria-label="Search events" key={params.toString()}>
        <FilterSearch label="Stream" name="streamId" params={params} placeholder="app-…, user-…, job-…" />
        <FilterSearch label="Type" name="type" params={params} placeholder="JobFailed" />
        <FilterSearch label="Correlation id" name="correlationId" params={params} />
        <TimeRangeFilters params={params} />
        <SearchActions onClear={clear} />
      </form>
      <OpsSection id="events" title="Events">
        <QueryList
          query={events}
          loading="Reading the log"
          errorTitle="Could not read the log"
          items={(data) => data.events}
          empty="No events match."
        >
          {(list) => <EventList events={list} />}
        </QueryList>
        <Pager hasNewer={pages.hasNewer} nextCursor={events.data?.nextCursor} onNewer={pages.newer} onOlder={pages.older} />
      </OpsSection>
    </div>
  );
}
