import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import type { SimulatedFlow, SimulatorItemType } from '@sparkhouse/contracts';
import { rows, textArray } from '../../../platform/database/sql';
import { logHead, subscribersReached } from '../../../platform/events/read-your-writes';
import { testingVisitorId } from '../domain/visitors';
import { SIMULATOR_PROJECTION, VISITORS_PROJECTION } from '../domain/read-models';

/** How long a read waits for the read models to show the caller's own latest change. */
const READ_YOUR_WRITES_MS = 3_000;

export interface SimulatorItemRow {
  item_id: string;
  app_id: string;
  owner_id: string;
  item_type: SimulatorItemType;
  testing_step_id: string | null;
  flow: SimulatedFlow;
  title: string;
  summary: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** Whose items a reader sees at a testing step: a creator their own; an admin anyone's (null). */
export type StepReader = { ownerId: string } | { admin: true };

export interface ItemFilter {
  types?: readonly SimulatorItemType[];
  /** false: only items captured outside a simulator run. */
  includeTestingSteps: boolean;
}

const COLUMNS = 'item_id, app_id, owner_id, item_type, testing_step_id, flow, title, summary, data, created_at';

/** The filter as SQL (a type list, with or without the items of simulator runs) and its parameters. */
function where(filter: ItemFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.types?.length) {
    parts.push('item_type = any(?::text[])');
    params.push(textArray(filter.types));
  }
  if (!filter.includeTestingSteps) parts.push('testing_step_id is null');
  return { sql: parts.map((p) => ` and ${p}`).join(''), params };
}

/** Reads of app_simulator_item. Ownership is the caller's to check (by the app, or the reader). */
@Injectable()
export class SimulatorItemsQueries {
  constructor(private readonly orm: Database) {}

  private get em() {
    return this.orm.em.fork();
  }

  /** Waits (briefly) until the read models show everything committed before this call. */
  private async caughtUp(projections: string[] = [SIMULATOR_PROJECTION]) {
    const em = this.em;
    await subscribersReached(em, projections, await logHead(em), READ_YOUR_WRITES_MS);
  }

  async byId(itemId: string): Promise<SimulatorItemRow | null> {
    await this.caughtUp();
    const [row] = await rows<SimulatorItemRow>(this.em, `select ${COLUMNS} from app_simulator_item where item_id = ?`, [itemId]);
    return row ?? null;
  }

  async mostRecent(appId: string, itemType: SimulatorItemType, includeTestingSteps: boolean): Promise<SimulatorItemRow | null> {
    await this.caughtUp();
    const filter = where({ includeTestingSteps });
    const [row] = await rows<SimulatorItemRow>(
      this.em,
      `select ${COLUMNS} from app_simulator_item where app_id = ? and item_type = ?${filter.sql}
        order by created_at desc, item_id desc limit 1`,
      [appId, itemType, ...filter.params],
    );
    return row ?? null;
  }

  /** A page of an app's items, newest first, and how many there are in all. */
  async forApp(appId: string, page: number, limit: number, filter: ItemFilter) {
    await this.caughtUp();
    const f = where(filter);
    const [items, [{ total }]] = await Promise.all([
      rows<SimulatorItemRow>(
        this.em,
        `select ${COLUMNS} from app_simulator_item where app_id = ?${f.sql}
          order by created_at desc, item_id desc limit ? offset ?`,
        [appId, ...f.params, limit, (page - 1) * limit],
      ),
      rows<{ total: number }>(this.em, `select count(*)::int as total from app_simulator_item where app_id = ?${f.sql}`, [
        appId,
        ...f.params,
      ]),
    ]);
    return { items, total, hasMore: page * limit < total };
  }

  /** A testing step's items the reader may see, oldest first. */
  async byTestingStep(testingStepId: string, reader: StepReader, types?: readonly SimulatorItemType[]) {
    await this.caughtUp();
    const f = where({ types, includeTestingSteps: true });
    const owner = 'ownerId' in reader ? { sql: ' and owner_id = ?', params: [reader.ownerId] } : { sql: '', params: [] };
    return rows<SimulatorItemRow>(
      this.em,
      `select ${COLUMNS} from app_simulator_item where testing_step_id = ?${owner.sql}${f.sql} order by created_at, item_id`,
      [testingStepId, ...owner.params, ...f.params],
    );
  }

  /**
   * Whether the reader ran this testing step: items were recorded in it, or its test state was saved
   * (the state of a creator's testing step is kept as the visitor `testing-<userId>-<step>`).
   */
  async testingStepExists(testingStepId: string, reader: StepReader): Promise<boolean> {
    await this.caughtUp([SIMULATOR_PROJECTION, VISITORS_PROJECTION]);
    const [r] = await rows<{ known: boolean }>(
      this.em,
      'ownerId' in reader
        ? `select exists (select 1 from app_simulator_item where testing_step_id = ? and owner_id = ?)
               or exists (select 1 from app_visitor_onboarding where visitor_id = ?) as known`
        : `select exists (select 1 from app_simulator_item where testing_step_id = ?)
               or exists (select 1 from app_visitor_onboarding where testing_step_id = ?) as known`,
      'ownerId' in reader
        ? [testingStepId, reader.ownerId, testingVisitorId(reader.ownerId, testingStepId)]
        : [testingStepId, testingStepId],
    );
    return r.known;
  }
}
