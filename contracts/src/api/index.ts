import type { CallDefinition } from '../http';
import * as operations from './operations';
import * as system from './system';
import * as users from './users';

export { operations, system, users };

/** Every call, for the OpenAPI document and the contract tests. */
export const apiCalls: readonly CallDefinition[] = [
  ...Object.values(system),
  ...Object.values(operations),
  ...(Object.values(users) as CallDefinition[]),
];
