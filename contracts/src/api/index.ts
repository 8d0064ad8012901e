import type { CallDefinition } from '../http';
import * as operations from './operations';
import * as system from './system';
import * as users from './users';
import * as catalogue from './catalogue';
import * as creatorApps from './creator-apps';

export { operations, system, users, catalogue, creatorApps };

/** Every call, for the OpenAPI document and the contract tests. */
export const apiCalls: readonly CallDefinition[] = [
  ...Object.values(system),
  ...Object.values(operations),
  ...(Object.values(users) as CallDefinition[]),
  ...(Object.values(catalogue) as CallDefinition[]),
  ...(Object.values(creatorApps) as CallDefinition[]),
];
