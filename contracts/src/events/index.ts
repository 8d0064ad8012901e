import type { EventDefinition } from './envelope';
import { identityProviderEvents } from './identity';
import { jobEvents } from './jobs';
import { userEvents } from './users';
import { catalogueEvents } from './catalogue';
import { creatorAppsEvents } from './creator-apps';
import { commerceEvents } from './commerce';
import { offersEvents } from './offers';

export * from './envelope';
export * from './jobs';
export * from './identity';
export * from './users';
export * from './catalogue';
export * from './creator-apps';
export * from './commerce';
export * from './offers';

/** Every event contract, by type. A stored event whose type is not here cannot be replayed. */
export const eventCatalog: ReadonlyMap<string, EventDefinition> = new Map(
  [
    ...jobEvents,
    ...identityProviderEvents,
    ...userEvents,
    ...catalogueEvents,
    ...creatorAppsEvents,
    ...commerceEvents,
    ...offersEvents,
  ].map((d) => [d.type, d as EventDefinition]),
);
