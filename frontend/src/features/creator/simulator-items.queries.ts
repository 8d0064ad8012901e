import type { SimulatorItemList, SimulatorItemType } from '@sparkhouse/contracts';
import { queryOptions } from '@tanstack/react-query';
import { errorMessage } from '../../api';
import { simulatorItems } from '../../api/routes';
import { callCreator } from './creator-api';
import { creatorKeys } from './creator.queries';
import type { FallbackLogger } from './fallbacks';

/*
 * The client's rules for simulator items (spec 8 and 9), in one place: a list that cannot be had is
 * an empty one (items [], hasMore false, total 0); lists are cached 10 s by app, 30 s by testing step;
 * pages start at 1 with 10 items.
 */

export const SIMULATOR_ITEMS_BY_APP_STALE_MS = 10_000;
export const SIMULATOR_ITEMS_BY_STEP_STALE_MS = 30_000;
export const SIMULATOR_ITEMS_PAGE_SIZE = 10;

/** A list as the Test tab shows it: the answer, or the empty list with why it could not be had. */
export interface SimulatorItemListView extends SimulatorItemList {
  /** Why the list is empty because its call failed (null when it answered). */
  failure: string | null;
}

export const emptySimulatorItemList = (): SimulatorItemList => ({ items: [], hasMore: false, total: 0 });

const warn: FallbackLogger = (message, error) => console.warn(`[creator] ${message}`, error);

/** The answer of a list call, or (on any failure, logged) the empty list that stands for it. */
export async function itemListOrEmpty(
  call: Promise<SimulatorItemList>,
  what: string,
  log: FallbackLogger = warn,
): Promise<SimulatorItemListView> {
  try {
    return { ...(await call), failure: null };
  } catch (error) {
    log(`${what} failed; showing no items`, error);
    return { ...emptySimulatorItemList(), failure: errorMessage(error) };
  }
}

/** Query keys of simulator items: the one place that names them. */
export const simulatorItemKeys = {
  app: (appId: string) => [...creatorKeys.app(appId), 'simulator-items'] as const,
  appPage: (appId: string, page: number, limit: number, types?: readonly SimulatorItemType[]) =>
    [...simulatorItemKeys.app(appId), { page, limit, types: types?.join(',') ?? null }] as const,
  steps: () => [...creatorKeys.all, 'simulator-step'] as const,
  step: (testingStepId: string, types?: readonly SimulatorItemType[]) =>
    [...simulatorItemKeys.steps(), testingStepId, types?.join(',') ?? null] as const,
  item: (itemId: string) => [...creatorKeys.all, 'simulator-item', itemId] as const,
};

/** A page of the app's items, newest first (spec 9: 10 s by app). */
export const simulatorItemsForAppQuery = (
  appId: string,
  { page = 1, limit = SIMULATOR_ITEMS_PAGE_SIZE, types }: { page?: number; limit?: number; types?: SimulatorItemType[] } = {},
) =>
  queryOptions({
    queryKey: simulatorItemKeys.appPage(appId, page, limit, types),
    queryFn: ({ signal }) =>
      itemListOrEmpty(
        callCreator(simulatorItems.getSimulatorItemsForApp, {
          query: { appId, page, limit, ...(types?.length ? { types: types.join(',') } : {}) },
          signal,
        }),
        'getSimulatorItemsForApp',
      ),
    staleTime: SIMULATOR_ITEMS_BY_APP_STALE_MS,
  });

/** One simulator run's items, oldest first (spec 9: 30 s by testing step). */
export const simulatorItemsByStepQuery = (testingStepId: string, types?: SimulatorItemType[]) =>
  queryOptions({
    queryKey: simulatorItemKeys.step(testingStepId, types),
    queryFn: ({ signal }) =>
      itemListOrEmpty(
        callCreator(simulatorItems.getSimulatorItemsByTestingStepId, {
          query: { testingStepId, ...(types?.length ? { types: types.join(',') } : {}) },
          signal,
        }),
        'getSimulatorItemsByTestingStepId',
      ),
    staleTime: SIMULATOR_ITEMS_BY_STEP_STALE_MS,
  });

/** One item (a deep link to it); an item is never changed once recorded. */
export const simulatorItemQuery = (itemId: string) =>
  queryOptions({
    queryKey: simulatorItemKeys.item(itemId),
    queryFn: ({ signal }) => callCreator(simulatorItems.getSimulatorItemById, { query: { itemId }, signal }),
    staleTime: Infinity,
  });
