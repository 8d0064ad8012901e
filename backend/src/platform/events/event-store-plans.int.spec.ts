import { countingModel as counter, jobStarted as started, rowsScannedIn, useTestOrm } from '../../test-support';
import { EventStore } from './event-store';

/**
 * The event store's statements are prepared once per connection, and every run is planned for its own
 * values and the tables as they are then: no connection keeps a plan made for the tables as they were
 * when it first ran a statement (see PLAN_EACH_RUN in database.ts).
 */
describe('event store: plans that follow the tables', () => {
  const testDb = useTestOrm();
  const store = new EventStore();

  // a worker's group of decisions: a dozen streams, as many as PostgreSQL guesses for an array it has not seen
  const ids = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}-${i + 1}`);

  it('plans each run of a load for the table as it is, though the connection first ran it over a nearly empty one', async () => {
    await testDb.orm.em.fork().transactional(async (tem) => {
      // more runs than PostgreSQL's five custom plans: in its default mode the plan cache would settle
      // on a generic plan now and keep it
      for (let i = 0; i < 8; i++) {
        expect(await store.existingStreams(tem, ids('job-early'))).toEqual(new Set());
        const decided = await store.decideMany(
          tem,
          counter,
          ids('job-early').map((streamId) => ({ streamId, decide: () => null })),
        );
        expect(decided.every((events) => events.length === 0)).toBe(true);
      }
      await tem.getConnection().execute(
        `insert into event_stream (stream_id, version, snapshot, snapshot_model, snapshot_version)
           select 'job-grown-' || i, 1, '1', ?, 1 from generate_series(1, 5000) i`,
        [counter.name],
      );
      const before = await rowsScannedIn(tem, 'event_stream');
      expect(await store.existingStreams(tem, ids('job-grown'))).toEqual(new Set(ids('job-grown')));
      const seen: [number | null, number][] = [];
      await store.decideMany(tem, counter, [
        ...ids('job-grown').map((streamId) => ({ streamId, decide: (n: number | null, v: number) => (seen.push([n, v]), null) })),
        { streamId: 'job-grown-13', decide: () => [started('grown-13')] },
      ]);
      // each from its snapshot: one event so far; and one appended
      expect(seen).toEqual(ids('job-grown').map(() => [1, 1]));
      expect(await store.streamVersion(tem, 'job-grown-13')).toBe(2);
      // looked up by key: not one row of the 5,000 read by a scan
      expect(await rowsScannedIn(tem, 'event_stream')).toBe(before);
      // and not once from a plan kept from the first runs
      const kept = await tem
        .getConnection()
        .execute<{ n: string }[]>(
          `select coalesce(sum(generic_plans), 0)::text as n from pg_prepared_statements where statement like '%event_stream%'`,
        );
      expect(kept).toEqual([{ n: '0' }]);
    });
  });
});
