import type { EventDefinition, EventPayload, StoredEvent } from './envelope';
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
import { memberAppEvents } from './member-app';

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
export * from './member-app';

/** Every event contract of the product, once. */
const eventDefinitions = [
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
  ...memberAppEvents,
] as const;

/** Any declared event contract. */
export type AnyEventDefinition = (typeof eventDefinitions)[number];
/** The type name of any declared event (`'CartUpdated'`, ...). */
export type EventType = AnyEventDefinition['type'];
/** The payload of the event of that type, as its contract parses it. */
export type PayloadOf<T extends EventType> = EventPayload<Extract<AnyEventDefinition, { type: T }>>;
/**
 * A stored event of one of the given types, its payload typed by its contract: a `switch (e.type)`
 * narrows the payload, so handlers never cast.
 */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: StoredEvent<PayloadOf<K>> & { readonly type: K };
}[T];

/** Every event contract, by type. A stored event whose type is not here cannot be replayed. */
export const eventCatalog: ReadonlyMap<string, EventDefinition> = new Map(
  eventDefinitions.map((d) => [d.type, d as EventDefinition]),
);

/** Whether a stored event is of one of these types (narrows it to a typed DomainEvent). */
export function isEventOf<T extends EventType>(event: StoredEvent, ...types: readonly T[]): event is DomainEvent<T> {
  return (types as readonly string[]).includes(event.type);
}

/**
 * The progress reports a completion carries (see JobCompleted), as the JobProgressed facts they stand
 * for: in order, each with the completion's position and metadata.
 */
export function progressCarriedBy(e: DomainEvent<'JobCompleted'>): DomainEvent<'JobProgressed'>[] {
  const { runId, name, progress = [] } = e.payload;
  return progress.map((p) => ({ ...e, type: 'JobProgressed', payload: { runId, name, ...p } }));
}

/**
 * The start a completion carries (see JobCompleted), as the JobStarted fact it stands for (none when the
 * start was stored before): with the completion's position and metadata, at the time the worker started.
 */
export function startCarriedBy(e: DomainEvent<'JobCompleted'>): DomainEvent<'JobStarted'>[] {
  const { runId, name, started } = e.payload;
  if (!started) return [];
  return [
    { ...e, type: 'JobStarted', payload: { runId, name, ...started }, metadata: { ...e.metadata, occurredAt: started.at } },
  ];
}

/** A stream's events, each completion preceded by the JobStarted and JobProgressed facts it carries. */
export function withCarriedFacts(events: readonly StoredEvent[]): StoredEvent[] {
  return events.flatMap((e) =>
    isEventOf(e, 'JobCompleted') && (e.payload.started || e.payload.progress)
      ? [...startCarriedBy(e), ...progressCarriedBy(e), e]
      : [e],
  );
}

/** A fact as a fold reads it: a stored event, or one about to be appended (a decision's output). */
export interface Fact {
  readonly type: string;
  readonly payload: unknown;
}

/** A fact of one of the given types, its payload typed by its contract (a `switch (f.type)` narrows it). */
export type FactOf<T extends EventType> = { [K in T]: { readonly type: K; readonly payload: PayloadOf<K> } }[T];

/**
 * Whether a fact is of one of these types (narrows its payload as isEventOf does a stored event's): for
 * folds over a stream that read stored events and freshly decided ones alike.
 */
export function isFactOf<T extends EventType>(fact: Fact, ...types: readonly T[]): fact is FactOf<T> {
  return (types as readonly string[]).includes(fact.type);
}
