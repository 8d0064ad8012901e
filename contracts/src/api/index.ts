import type { CallDefinition } from '../http';
import * as operations from './operations';
import * as system from './system';
import * as users from './users';
import * as catalogue from './catalogue';
import * as commerce from './commerce';
import * as offers from './offers';
import * as creatorApps from './creator-apps';

export { operations, system, users, catalogue, commerce, offers, creatorApps };
export * from './commerce-schemas';
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
];
