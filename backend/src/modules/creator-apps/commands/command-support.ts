import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventMetadata, NewEvent, StoredEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { EventStore } from '../../../platform/events/event-store';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { appStreamId, foldApp, type AppState } from '../domain/app-state';
import { canChangeApp } from '../domain/landing-page';

export const NO_SUCH_APP = 'No such app.';

/** Who changes an app: a signed-in caller (owner or admin), or the system storing a job's result. */
export type AppActor = Principal | null | 'system';

export interface Decision<T> {
  readonly events: NewEvent[];
  readonly answer: T;
}

/**
 * Decides on an app's stream as it is under the append lock, and appends what was decided: no
 * concurrent change can slip between reading the app and writing its facts. Someone else's app
 * answers 404 like an unknown one (app ids are not to be probed). Answers the decision's answer and
 * the app stream version after the append (what a read model must reach to show it).
 */
export async function changeApp<T>(
  em: EntityManager,
  events: EventStore,
  appId: string,
  actor: AppActor,
  decide: (app: AppState) => Decision<T>,
  metadata?: Partial<EventMetadata>,
): Promise<{ answer: T; version: number; appended: StoredEvent[] }> {
  if (actor !== 'system' && actor?.kind !== 'user') throw unauthorized();
  let answer: T | undefined;
  let version = 0;
  const appended = await events.appendIf(
    em,
    appStreamId(appId),
    (stream) => {
      const app = foldApp(stream);
      if (!app || (actor !== 'system' && !canChangeApp(actor, app))) throw notFound(NO_SUCH_APP);
      const decision = decide(app);
      answer = decision.answer;
      version = app.version + decision.events.length;
      return decision.events;
    },
    metadata,
  );
  return { answer: answer as T, version, appended: appended ?? [] };
}

/** Reads an app the caller may change, without changing it (404 otherwise). */
export async function readOwnApp(
  em: EntityManager,
  events: EventStore,
  principal: Principal | null,
  appId: string,
): Promise<AppState> {
  if (principal?.kind !== 'user') throw unauthorized();
  const app = foldApp(await events.readStream(em, appStreamId(appId)));
  if (!app || !canChangeApp(principal, app)) throw notFound(NO_SUCH_APP);
  return app;
}

export const signedInUserId = (principal: Principal | null): string => {
  if (principal?.kind !== 'user') throw unauthorized();
  return principal.id;
};
