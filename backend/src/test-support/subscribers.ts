import type { EventSubscriber, Projection } from '../platform/events/subscribers';

/**
 * A typed projection as the runner holds it (a subscriber it hands only the events of its types), for
 * tests that rebuild it or feed it stored events by hand: `project(tem, asRunnerHolds(p), events)`.
 */
export const asRunnerHolds = (projection: EventSubscriber): EventSubscriber & Projection =>
  projection as EventSubscriber & Projection;
