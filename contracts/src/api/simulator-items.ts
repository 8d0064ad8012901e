// The builder's simulator items (spec 7 "App builder: simulator"; spec 3 "Simulator item"): what the
// simulator captured or produced while its creator ran the app (answers, plans), stored per app.
// Owner (or admin) only: another creator's items answer 404, an anonymous caller 401.
import { z } from 'zod';
import { defineCall, queryBoolean } from '../http';
import { appIdField, testingStepIdField } from './creator-apps-schemas';
import {
  simulatorItemListSchema,
  simulatorItemSchema,
  simulatorItemTypeField,
  simulatorItemTypesField,
  simulatorLimitField,
  simulatorPageField,
} from './simulator-items-schemas';

const mod = 'creator-apps';

export const getSimulatorItemById = defineCall({
  id: 'getSimulatorItemById',
  module: mod,
  method: 'GET',
  path: '/app-builder/getSimulatorItemById',
  access: 'user',
  style: 'envelope',
  summary: 'One simulator item of an app of yours (others answer 404, like an unknown id).',
  query: z.object({ itemId: z.uuid('must be a simulator item id') }),
  response: z.object({ item: simulatorItemSchema }),
});

export const getMostRecentSimulatorItemByTypeAndAppId = defineCall({
  id: 'getMostRecentSimulatorItemByTypeAndAppId',
  module: mod,
  method: 'GET',
  path: '/app-builder/getMostRecentSimulatorItemByTypeAndAppId',
  access: 'user',
  style: 'envelope',
  summary:
    "The app's newest simulator item of one type (item null when there is none). includeTestingSteps (default true) " +
    'counts the items captured in simulator runs (testing steps); false keeps only those captured outside one.',
  query: z.object({ appId: appIdField, itemType: simulatorItemTypeField, includeTestingSteps: queryBoolean.optional() }),
  response: z.object({ item: simulatorItemSchema.nullable() }),
});

export const getSimulatorItemsByTestingStepId = defineCall({
  id: 'getSimulatorItemsByTestingStepId',
  module: mod,
  method: 'GET',
  path: '/app-builder/getSimulatorItemsByTestingStepId',
  access: 'user',
  style: 'envelope',
  summary:
    'The items of one of your simulator runs (testingStepId), oldest first, optionally only some types (types: a ' +
    'comma-separated list). A testing step you never ran answers 404.',
  query: z.object({ testingStepId: testingStepIdField, types: simulatorItemTypesField }),
  response: simulatorItemListSchema,
});

export const getSimulatorItemsForApp = defineCall({
  id: 'getSimulatorItemsForApp',
  module: mod,
  method: 'GET',
  path: '/app-builder/getSimulatorItemsForApp',
  access: 'user',
  style: 'envelope',
  summary:
    "A page of the app's simulator items, newest first: page (default 1), limit (default 10, at most 50), types (a " +
    'comma-separated list), includeTestingSteps (default true). Answers items, hasMore and total (of every page).',
  query: z.object({
    appId: appIdField,
    page: simulatorPageField,
    limit: simulatorLimitField,
    types: simulatorItemTypesField,
    includeTestingSteps: queryBoolean.optional(),
  }),
  response: simulatorItemListSchema,
});
