import { Controller } from '@nestjs/common';
import { simulatorItems, type SimulatorItem } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { canChangeApp } from '../domain/landing-page';
import { CreatorAppsQueries } from '../queries/creator-apps.query';
import { SimulatorItemsQueries, type SimulatorItemRow, type StepReader } from '../queries/simulator-items.query';

const NO_SUCH_ITEM = 'No such simulator item.';
const NO_SUCH_STEP = 'No such testing step.';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;

const itemView = (r: SimulatorItemRow): SimulatorItem => ({
  itemId: r.item_id,
  itemType: r.item_type,
  testingStepId: r.testing_step_id,
  appId: r.app_id,
  flow: r.flow,
  title: r.title,
  summary: r.summary,
  data: r.data,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * The simulator's items (spec 7 "App builder: simulator"): what a creator's simulator runs captured
 * and produced, read by item, by app and by testing step. The app's owner (or an admin) only: anyone
 * else's item or app answers 404 like an unknown one.
 */
@Controller()
export class SimulatorItemsController {
  constructor(
    private readonly apps: CreatorAppsQueries,
    private readonly items: SimulatorItemsQueries,
  ) {}

  @Endpoint(simulatorItems.getSimulatorItemById)
  async getSimulatorItemById(@Input() { query }: CallInput<typeof simulatorItems.getSimulatorItemById>) {
    const who = signedIn();
    const row = await this.items.byId(query.itemId);
    const app = row && (await this.apps.appRow(row.app_id));
    if (!row || !app || !canChangeApp(who, { ownerId: app.owner_id })) throw notFound(NO_SUCH_ITEM);
    return { item: itemView(row) };
  }

  @Endpoint(simulatorItems.getMostRecentSimulatorItemByTypeAndAppId)
  async getMostRecentSimulatorItemByTypeAndAppId(
    @Input() { query }: CallInput<typeof simulatorItems.getMostRecentSimulatorItemByTypeAndAppId>,
  ) {
    const app = await this.apps.ownAppRow(signedIn(), query.appId);
    const row = await this.items.mostRecent(app.app_id, query.itemType, query.includeTestingSteps ?? true);
    return { item: row ? itemView(row) : null };
  }

  @Endpoint(simulatorItems.getSimulatorItemsByTestingStepId)
  async getSimulatorItemsByTestingStepId(@Input() { query }: CallInput<typeof simulatorItems.getSimulatorItemsByTestingStepId>) {
    const who = signedIn();
    // a testing step is its creator's: their test state and items are kept under their own id
    const reader: StepReader = isAdmin(who) ? { admin: true } : { ownerId: who.id };
    const rows = await this.items.byTestingStep(query.testingStepId, reader, query.types);
    if (rows.length === 0 && !(await this.items.testingStepExists(query.testingStepId, reader))) throw notFound(NO_SUCH_STEP);
    return { items: rows.map(itemView), hasMore: false, total: rows.length };
  }

  @Endpoint(simulatorItems.getSimulatorItemsForApp)
  async getSimulatorItemsForApp(@Input() { query }: CallInput<typeof simulatorItems.getSimulatorItemsForApp>) {
    const app = await this.apps.ownAppRow(signedIn(), query.appId);
    const page = await this.items.forApp(app.app_id, query.page, query.limit, {
      types: query.types,
      includeTestingSteps: query.includeTestingSteps ?? true,
    });
    return { items: page.items.map(itemView), hasMore: page.hasMore, total: page.total };
  }
}

function signedIn(): Extract<Principal, { kind: 'user' }> {
  const who = principal();
  if (who?.kind !== 'user') throw unauthorized();
  return who;
}
