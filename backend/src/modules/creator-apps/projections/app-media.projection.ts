import { run } from '../../../platform/database/sql';
import { defineProjection } from '../../../platform/events/define-projection';
import { MEDIA_PROJECTION } from '../domain/read-models';

/**
 * The media library: app_media, one row per file in an app's library (the creator's own and what the
 * app's users recorded), listed newest first. Saved again after a delete, an item comes back as new. A
 * function of the events alone (times from the events), so a replay rebuilds it identically.
 */
export const appMediaProjection = defineProjection({
  name: MEDIA_PROJECTION,
  version: 1,
  tables: ['app_media'],
  on: {
    AppMediaSaved: ({ payload: p, metadata: { occurredAt: at }, streamVersion }, tx) =>
      run(
        tx,
        `insert into app_media (media_id, app_id, owner_id, type, storage_key, external_url, thumbnail_key, thumbnail_url,
                                metadata, activity_id, is_for_simulation, created_at, updated_at, version)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)
         on conflict (media_id) do update set
           type = excluded.type, thumbnail_key = excluded.thumbnail_key, thumbnail_url = excluded.thumbnail_url,
           metadata = excluded.metadata, activity_id = excluded.activity_id, is_for_simulation = excluded.is_for_simulation,
           created_at = excluded.created_at, updated_at = excluded.updated_at, version = excluded.version
         where app_media.version < excluded.version`,
        [
          p.mediaId,
          p.appId,
          p.ownerId,
          p.type,
          p.storageKey,
          p.externalUrl,
          p.thumbnailKey,
          p.thumbnailUrl,
          JSON.stringify(p.metadata),
          p.activityId,
          p.isForSimulation,
          at,
          at,
          streamVersion,
        ],
      ),
    AppMediaUpdated: ({ payload: p, metadata: { occurredAt: at }, streamVersion }, tx) =>
      run(
        tx,
        `update app_media set metadata = coalesce(?::jsonb, metadata),
                thumbnail_key = case when ? then ? else thumbnail_key end,
                thumbnail_url = case when ? then ? else thumbnail_url end,
                updated_at = ?, version = ?
          where media_id = ? and version < ?`,
        [
          p.metadata === undefined ? null : JSON.stringify(p.metadata),
          p.thumbnail !== undefined,
          p.thumbnail?.key ?? null,
          p.thumbnail !== undefined,
          p.thumbnail?.url ?? null,
          at,
          streamVersion,
          p.mediaId,
          streamVersion,
        ],
      ),
    AppMediaDeleted: ({ payload: p, streamVersion }, tx) =>
      run(tx, 'delete from app_media where media_id = ? and version < ?', [p.mediaId, streamVersion]),
  },
});
