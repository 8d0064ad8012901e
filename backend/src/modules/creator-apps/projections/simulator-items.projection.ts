import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { SIMULATOR_PROJECTION } from '../domain/read-models';

/**
 * app_simulator_item: every simulator item of every app (what the builder's simulator captured or
 * produced). A function of the SimulatorItemRecorded facts alone (its time is the fact's), so a
 * replay rebuilds it identically; a fact delivered again changes nothing.
 */
export const simulatorItemsProjection = defineProjection({
  name: SIMULATOR_PROJECTION,
  version: 1,
  tables: ['app_simulator_item'],
  on: {
    SimulatorItemRecorded: ({ payload: p, metadata }, tx) =>
      run(
        tx,
        `insert into app_simulator_item
           (item_id, app_id, owner_id, item_type, testing_step_id, flow, title, summary, data, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?) on conflict (item_id) do nothing`,
        [
          p.itemId,
          p.appId,
          p.ownerId,
          p.itemType,
          p.testingStepId,
          p.flow,
          p.title,
          p.summary,
          JSON.stringify(p.data),
          metadata.occurredAt,
        ],
      ),
  },
});
