import { Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database';
import { SimulatorItemRecorded, type EventPayload, type StoredEvent } from '@sparkhouse/contracts';
import { run } from '../../../platform/database/sql';
import { Subscribes, type Projection } from '../../../platform/events/subscribers';

export const SIMULATOR_PROJECTION = 'creator-apps.simulator';

/**
 * app_simulator_item: every simulator item of every app (what the builder's simulator captured or
 * produced). A function of the SimulatorItemRecorded facts alone (its time is the fact's), so a
 * replay rebuilds it identically; a fact delivered again changes nothing.
 */
@Subscribes()
@Injectable()
export class SimulatorItemsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = SIMULATOR_PROJECTION;
  readonly version = 1;
  readonly handles = [SimulatorItemRecorded.type];

  async truncate(em: Db) {
    await run(em, 'truncate app_simulator_item');
  }

  async handle(em: Db, e: StoredEvent) {
    const p = e.payload as EventPayload<typeof SimulatorItemRecorded>;
    await run(
      em,
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
        e.metadata.occurredAt,
      ],
    );
  }
}
