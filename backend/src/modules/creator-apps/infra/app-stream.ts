import type { Database, Db } from '../../../platform/database/database';
import type { EventMetadata, NewEvent, StoredEvent } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { EventStore, StreamModel } from '../../../platform/events/event-store';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { appStreamId, foldApp, NO_SUCH_APP, type AppChanged, type AppState } from '../domain/app-state';
import { canChangeApp } from '../domain/landing-page';

export { NO_SUCH_APP };

/** Who changes an app: a signed-in caller (owner or admin), or the system storing a job's result. */
export type AppActor = Principal | null | 'system';

export interface Decision<T> {
  readonly events: NewEvent[];
  readonly answer: T;
}

type AppJson = Omit<AppState, 'requestedRuns' | 'storedRuns'> & { requestedRuns: string[]; storedRuns: string[] };

/** An app's facts folded, kept as a snapshot beside its stream: changing an app reads one row, not its history. */
export const appModel: StreamModel<AppState> = {
  name: 'creator-apps.app@2',
  fold: (state, events) => foldApp(events, state && structuredClone(state)),
  toJson: (s): AppJson => ({ ...s, requestedRuns: [...s.requestedRuns], storedRuns: [...s.storedRuns] }),
  fromJson: (json) => {
    const j = json as AppJson;
    return { ...j, requestedRuns: new Set(j.requestedRuns), storedRuns: new Set(j.storedRuns) };
  },
};

/**
 * Decides on the app as it is now (its snapshot) and appends what was decided; when another change to
 * the app committed in between, the decision is taken again on the fresh app (EventStore.decide), so
 * nothing can slip between reading the app and writing its facts. Someone else's app answers 404 like
 * an unknown one (app ids are not to be probed). Answers the decision's answer and the app stream
 * version after the append (what a read model must reach to show it).
 */
export async function changeApp<T>(
  em: Db,
  events: EventStore,
  appId: string,
  actor: AppActor,
  decide: (app: AppState) => Decision<T>,
  metadata?: Partial<EventMetadata>,
): Promise<{ answer: T; version: number; appended: StoredEvent[] }> {
  if (actor !== 'system' && actor?.kind !== 'user') throw unauthorized();
  let answer: T | undefined;
  const decided = await events.decide(
    em,
    appStreamId(appId),
    appModel,
    (app) => {
      if (!app || (actor !== 'system' && !canChangeApp(actor, app))) throw notFound(NO_SUCH_APP);
      const decision = decide(app);
      answer = decision.answer;
      return decision.events;
    },
    metadata,
  );
  return { answer: answer as T, version: decided.version, appended: decided.appended };
}

/**
 * A caller's change to one app in a transaction of its own: the events `decide` gives on the app as it
 * is (changeApp: owner or admin only, decided again if the app changed meanwhile). Answers the app and
 * its stream version after the append.
 */
export async function changeAppIn(
  orm: Database,
  events: EventStore,
  principal: Principal | null,
  appId: string,
  decide: (app: AppState) => NewEvent[],
): Promise<AppChanged> {
  const { version } = await orm.em
    .fork()
    .transactional((tem) => changeApp(tem, events, appId, principal, (app) => ({ events: decide(app), answer: null })));
  return { appId, version };
}

/** Reads an app the caller may change, without changing it (404 otherwise). */
export async function readOwnApp(em: Db, events: EventStore, principal: Principal | null, appId: string): Promise<AppState> {
  if (principal?.kind !== 'user') throw unauthorized();
  const { state: app } = await events.load(em, appStreamId(appId), appModel);
  if (!app || !canChangeApp(principal, app)) throw notFound(NO_SUCH_APP);
  return app;
}

/** Actor of the facts a job's result wrote, and the event that caused them. */
export const byJob = (causationId: string): Partial<EventMetadata> => ({ actor: 'ai', causationId });

/** Whether a job's results were stored in its app, and every event that stored them (none: nothing new). */
export interface StoredResult {
  stored: boolean;
  appended: StoredEvent[];
}
