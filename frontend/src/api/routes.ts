import type * as contracts from '@sparkhouse/contracts';
import type { CallRoute, RoutesOf } from '@sparkhouse/contracts/call-routes';
import table from 'virtual:call-routes';

/**
 * Every declared call, by namespace, as the browser makes it: method, path, access and response style,
 * typed by its declaration in contracts/ (params, query, body, answer). Import calls from here, not
 * from '@sparkhouse/contracts', so the first page's bundle carries no zod schemas.
 */
interface Namespaces {
  operations: typeof contracts.operations;
  system: typeof contracts.system;
  users: typeof contracts.users;
  catalogue: typeof contracts.catalogue;
  commerce: typeof contracts.commerce;
  offers: typeof contracts.offers;
  creatorApps: typeof contracts.creatorApps;
  appVisitors: typeof contracts.appVisitors;
  creatorAi: typeof contracts.creatorAi;
  simulatorItems: typeof contracts.simulatorItems;
  appMedia: typeof contracts.appMedia;
  storefronts: typeof contracts.storefronts;
  memberApp: typeof contracts.memberApp;
  appInsights: typeof contracts.appInsights;
}
const routes = table as unknown as { [N in keyof Namespaces]: RoutesOf<Namespaces[N]> };

export const {
  operations,
  system,
  users,
  catalogue,
  commerce,
  offers,
  creatorApps,
  appVisitors,
  creatorAi,
  simulatorItems,
  appMedia,
  storefronts,
  memberApp,
  appInsights,
} = routes;

/** Every route, for looking a call up by method and path. */
export const apiRoutes: readonly CallRoute[] = Object.values(table).flatMap((ns) => Object.values(ns));
