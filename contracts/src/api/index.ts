import type { CallDefinition } from '../http';
import * as operations from './operations';
import * as system from './system';
import * as users from './users';
import * as catalogue from './catalogue';
import * as commerce from './commerce';
import * as offers from './offers';
import * as creatorApps from './creator-apps';
import * as appVisitors from './app-visitors';
import * as creatorAi from './creator-ai';
import * as simulatorItems from './simulator-items';
import * as appMedia from './app-media';
import * as storefronts from './storefronts';
import * as memberApp from './member-app';
import * as appInsights from './app-insights';

export {
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
};
export * from './app-insights-schemas';
export * from './commerce-schemas';
export * from './operations-console-schemas';
export * from './simulator-items-schemas';
export * from './storefronts-schemas';
export * from './member-app-schemas';
export type { AiInfo } from './system';

/** Every call, for the OpenAPI document and the contract tests. */
export const apiCalls: readonly CallDefinition[] = [
  ...Object.values(system),
  ...Object.values(operations),
  ...(Object.values(users) as CallDefinition[]),
  ...(Object.values(catalogue) as CallDefinition[]),
  ...(Object.values(commerce) as CallDefinition[]),
  ...(Object.values(offers) as CallDefinition[]),
  ...(Object.values(creatorApps) as CallDefinition[]),
  ...(Object.values(appVisitors) as CallDefinition[]),
  ...(Object.values(creatorAi) as CallDefinition[]),
  ...(Object.values(simulatorItems) as CallDefinition[]),
  ...(Object.values(appMedia) as CallDefinition[]),
  ...(Object.values(storefronts) as CallDefinition[]),
  ...(Object.values(memberApp) as CallDefinition[]),
  ...(Object.values(appInsights) as CallDefinition[]),
];
