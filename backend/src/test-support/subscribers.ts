import type { StoredEvent } from '@sparkhouse/contracts';
import type { Database } from '../platform/database/database';
import { textArray } from '../platform/database/sql';
import { toStoredEvent, type EventRow } from '../platform/events/event-records';
import { Rebuilder } from '../platform/events/rebuilder';
import { SubscriptionProcessor } from '../platform/events/subscription-processor';
import { project, type EventSubscriber, type Projection } from '../platform/events/subscribers';
import { testConfig } from './index';

/**
 * A typed projection as the runner holds it (a subscriber it hands only the events of its types), for
 * tests that rebuild it or feed it stored events by hand: `project(tem, asRunnerHolds(p), events)`.
 */
export const asRunnerHolds = (projection: EventSubscriber): EventSubscriber & Projection =>
  projection as EventSubscriber & Projection;

/** What the replay helpers need of a test's API: its database. */
interface WithLog {
  readonly orm: Database;
  readonly dbUrl: string;
}

/** The log's events in order (only those of `types` when given), as a subscriber receives them. */
export async function loggedEvents(api: WithLog, types?: readonly string[]): Promise<StoredEvent[]> {
  const rows = await api.orm.em
    .fork()
    .getConnection()
    .execute<EventRow[]>(
      `select position::text, event_id, stream_id, stream_version, type, schema_version, payload, metadata
         from domain_event ${types ? 'where type = any(?::text[])' : ''} order by position`,
      types ? [textArray(types)] : [],
    );
  return rows.map(toStoredEvent);
}

/** Rebuilds the projection's read model from the log, as `npm run replay` does. */
export async function rebuildFromLog(api: WithLog, projection: EventSubscriber & Projection, options?: { batchSize?: number }) {
  await new Rebuilder(testConfig(api.dbUrl), new SubscriptionProcessor(api.orm)).rebuild(projection, options);
}

/**
 * Feeds the log's events to the projection once more on top of what it built (delivery is at least
 * once), in one transaction: one event a call, or all in one batch.
 */
export async function refeedLog(
  api: WithLog,
  projection: EventSubscriber & Projection,
  options: { types?: readonly string[]; batch?: boolean } = {},
): Promise<void> {
  const events = await loggedEvents(api, options.types);
  await api.orm.em.fork().transactional(async (tem) => {
    if (options.batch) await project(tem, projection, events);
    else for (const e of events) await project(tem, projection, [e]);
  });
}
