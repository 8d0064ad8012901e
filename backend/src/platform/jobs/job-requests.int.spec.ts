import { Database } from '../database/database';
import { requestContext } from '../context/request-context';
import { useTestOrm } from '../../test-support';
import { ConcurrencyError } from '../events/errors';
import { EventStore } from '../events/event-store';
import { jobRunModel } from './job-run-model';
import { JobRequests, jobStreamId } from './job-requests';

/** Job requests against real PostgreSQL: commands' requests made together are written together. */
describe('JobRequests', () => {
  const testDb = useTestOrm();
  let orm: Database;
  const store = new EventStore();
  const owner = { ownerId: 'anon_requests_01' };

  beforeAll(() => {
    orm = testDb.orm;
  });

  const heads = (runIds: string[]) =>
    orm.em
      .fork()
      .getConnection()
      .execute<{ stream_id: string; version: number; snapshot_model: string; snapshot_version: number; snapshot: unknown }[]>(
        'select stream_id, version, snapshot, snapshot_model, snapshot_version from event_stream where stream_id = any(?::text[])',
        [`{${runIds.map(jobStreamId).join(',')}}`],
      );

  it('writes requests made together outside a transaction, each with its snapshot, each caller reading its own write', async () => {
    const requests = new JobRequests(store);
    const contexts = Array.from({ length: 12 }, (_, i) => requestContext.system(`caller-${i}`));
    const runIds = await Promise.all(
      contexts.map((ctx, i) =>
        requestContext.run(ctx, () =>
          requests.request(orm.em.fork(), 'operations.pipeline-check', owner, { steps: 1 + (i % 3), stepDelayMs: 0 }),
        ),
      ),
    );
    const found = await heads(runIds);
    expect(found).toHaveLength(12);
    for (const head of found) {
      expect(head).toMatchObject({
        version: 1,
        snapshot_model: jobRunModel.name,
        snapshot_version: 1,
        snapshot: { finished: false },
      });
    }
    // each caller's context holds its own event's position (its next read waits for it), and its own metadata
    const events = await orm.em
      .fork()
      .getConnection()
      .execute<{ stream_id: string; position: string; actor: string; steps: number }[]>(
        `select stream_id, position::text, metadata->>'actor' as actor, (payload->'payload'->>'steps')::int as steps
           from domain_event where stream_id = any(?::text[])`,
        [`{${runIds.map(jobStreamId).join(',')}}`],
      );
    runIds.forEach((runId, i) => {
      const event = events.find((e) => e.stream_id === jobStreamId(runId))!;
      expect(contexts[i].written?.position).toBe(event.position);
      expect(event.actor).toBe(`caller-${i}`);
      expect(event.steps).toBe(1 + (i % 3));
    });
    // at least two of them shared a statement (one transaction id)
    const [{ n }] = await orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(
        'select count(distinct transaction_id)::int as n from domain_event where stream_id = any(?::text[])',
        [`{${runIds.map(jobStreamId).join(',')}}`],
      );
    expect(n).toBeLessThan(12);
  });

  it('refuses a run id already requested, and only that one, also when it comes twice at once', async () => {
    const requests = new JobRequests(store);
    const taken = await requests.request(orm.em.fork(), 'operations.pipeline-check', owner, { steps: 1, stepDelayMs: 0 });
    const fresh = '55555555-5555-4555-8555-555555555555';
    const outcomes = await Promise.allSettled([
      requests.request(orm.em.fork(), 'operations.pipeline-check', owner, { steps: 1, stepDelayMs: 0 }, taken),
      requests.request(orm.em.fork(), 'operations.pipeline-check', owner, { steps: 1, stepDelayMs: 0 }, fresh),
      requests.request(orm.em.fork(), 'operations.pipeline-check', owner, { steps: 2, stepDelayMs: 0 }, fresh),
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: expect.any(ConcurrencyError) });
    expect(outcomes[1]).toEqual({ status: 'fulfilled', value: fresh });
    expect(outcomes[2]).toMatchObject({ status: 'rejected', reason: expect.any(ConcurrencyError) });
    expect((await heads([taken, fresh])).map((h) => h.version)).toEqual([1, 1]);
    // the first request for the fresh id is the one written
    const [first] = await store.readStream(orm.em.fork(), jobStreamId(fresh));
    expect(first.payload).toMatchObject({ payload: { steps: 1 } });
  });
});
