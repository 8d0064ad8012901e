import type { EventDefinition } from './envelope';
import { identityProviderEvents } from './identity';
import { jobEvents } from './jobs';
import { userEvents } from './users';
import { catalogueEvents } from './catalogue';
import { creatorAppsEvents } from './creator-apps';
import { appVisitorsEvents } from './app-visitors';
import { simulatorEvents } from './simulator';
import { appMediaEvents } from './app-media';
import { commerceEvents } from './commerce';
import { offersEvents } from './offers';
import { operationsEvents } from './operations';

export * from './envelope';
export * from './jobs';
export * from './identity';
export * from './users';
export * from './catalogue';
export * from './creator-apps';
export * from './app-visitors';
export * from './simulator';
export * from './app-media';
export * from './commerce';
export * from './offers';
export * from './operations';

/** Every event contract, by type. A stored event whose type is not here cannot be replayed. */
export const eventCatalog: ReadonlyMap<string, EventDefinition> = new Map(
  [
    ...jobEvents,
    ...identityProviderEvents,
    ...userEvents,
    ...catalogueEvents,
    ...creatorAppsEvents,
    ...appVisitorsEvents,
    ...simulatorEvents,
    ...appMediaEvents,
    ...commerceEvents,
    ...offersEvents,
    ...operationsEvents,
  ].map((d) => [d.type, d as EventDefinition]),
);
