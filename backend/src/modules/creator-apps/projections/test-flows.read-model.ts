import { run } from '../../../platform/database/sql';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';

/** app_test_flow: the creators' test flows of their apps (title and steps), gone once deleted. */
export const testFlows: ProjectionHandlers<'TestFlowCreated' | 'TestFlowUpdated' | 'TestFlowDeleted'> = {
  TestFlowCreated: ({ payload: p, metadata: { occurredAt: at }, streamVersion }, tx) =>
    run(
      tx,
      `insert into app_test_flow (test_flow_id, app_id, owner_id, title, created_at, updated_at, version)
       values (?, ?, ?, ?, ?, ?, ?) on conflict (test_flow_id) do nothing`,
      [p.testFlowId, p.appId, p.ownerId, p.title, at, at, streamVersion],
    ),
  TestFlowUpdated: ({ payload: p, metadata: { occurredAt: at }, streamVersion }, tx) =>
    run(
      tx,
      `update app_test_flow set title = coalesce(?, title), steps = coalesce(?::jsonb, steps), updated_at = ?, version = ?
        where test_flow_id = ? and version < ?`,
      [p.title ?? null, p.steps ? JSON.stringify(p.steps) : null, at, streamVersion, p.testFlowId, streamVersion],
    ),
  TestFlowDeleted: ({ payload: p }, tx) => run(tx, 'delete from app_test_flow where test_flow_id = ?', [p.testFlowId]),
};
