import type { EventDefinition } from './envelope';
import { jobEvents } from './jobs';

export * from './envelope';
export * from './jobs';

/** Every event contract, by type. A stored event whose type is not here cannot be replayed. */
export const eventCatalog: ReadonlyMap<string, EventDefinition> = new Map(
  [...jobEvents].map((d) => [d.type, d as EventDefinition]),
);
