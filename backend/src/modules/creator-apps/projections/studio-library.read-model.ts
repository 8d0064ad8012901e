import { run } from '../../../platform/database/sql';
import type { ProjectionHandlers } from '../../../platform/events/define-projection';

/**
 * creator_blueprint_example (the examples creators saved for their apps' blueprints) and
 * creator_profile (creators' names and emails, for the admin look-ups).
 */
export const studioLibrary: ProjectionHandlers<'BlueprintExampleSaved' | 'BlueprintExampleUpdated' | 'UserProfileCreated'> = {
  BlueprintExampleSaved: ({ payload: p, metadata: { occurredAt: at }, streamVersion }, tx) =>
    run(
      tx,
      `insert into creator_blueprint_example (example_id, app_id, owner_id, title, content, type, created_at, updated_at, version)
       select ?, ?, coalesce((select owner_id from creator_app where app_id = ?), ''), ?, ?, ?, ?, ?, ?
       on conflict (example_id) do nothing`,
      [p.exampleId, p.appId, p.appId, p.title, p.content, p.type, at, at, streamVersion],
    ),
  BlueprintExampleUpdated: ({ payload: p, metadata: { occurredAt: at }, streamVersion }, tx) =>
    run(
      tx,
      `update creator_blueprint_example set title = coalesce(?, title), content = coalesce(?, content), updated_at = ?, version = ?
        where example_id = ? and version < ?`,
      [p.title ?? null, p.content ?? null, at, streamVersion, p.exampleId, streamVersion],
    ),
  UserProfileCreated: ({ payload: p }, tx) =>
    run(
      tx,
      `insert into creator_profile (user_id, email, first_name, last_name) values (?, ?, ?, ?)
       on conflict (user_id) do update set email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name`,
      [p.userId, p.email.toLowerCase(), p.firstName, p.lastName],
    ),
};
