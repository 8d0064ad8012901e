import { Injectable } from '@nestjs/common';
import { Database } from '../../../platform/database/database';
import { rows, textArray } from '../../../platform/database/sql';
import type { AppMedia, MediaType } from '@sparkhouse/contracts';
import { MediaUrls } from '../../../platform/media/media-urls';
import type { MediaState } from '../domain/app-media';

interface MediaRow {
  media_id: string;
  app_id: string;
  type: MediaType;
  storage_key: string | null;
  external_url: string | null;
  thumbnail_key: string | null;
  thumbnail_url: string | null;
  metadata: Record<string, unknown>;
  activity_id: string | null;
  is_for_simulation: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface MediaPageRequest {
  limit: number;
  cursor?: { createdAt: string; mediaId: string | null };
  types?: MediaType[];
}

/** Cursors carry the time and the id, so items saved in the same millisecond are neither skipped nor repeated. */
const cursorOf = (row: MediaRow) => `${new Date(row.created_at).toISOString()}|${row.media_id}`;

/** Reads of the media library (app_media). Stored files answer freshly signed URLs. */
@Injectable()
export class AppMediaQueries {
  constructor(
    private readonly orm: Database,
    private readonly urls: MediaUrls,
  ) {}

  /** One page of an app's media, newest first, and the cursor of the next page (null on the last). */
  async page(
    appId: string,
    { limit, cursor, types }: MediaPageRequest,
  ): Promise<{ media: AppMedia[]; nextCursor: string | null }> {
    const where = ['app_id = ?'];
    const params: unknown[] = [appId];
    if (types?.length) {
      where.push('type = any(?::text[])');
      params.push(textArray(types));
    }
    if (cursor?.mediaId) {
      where.push('(created_at, media_id) < (?::timestamptz, ?::uuid)');
      params.push(cursor.createdAt, cursor.mediaId);
    } else if (cursor) {
      where.push('created_at < ?::timestamptz');
      params.push(cursor.createdAt);
    }
    const found = await rows<MediaRow>(
      this.orm.em.fork(),
      `select * from app_media where ${where.join(' and ')} order by created_at desc, media_id desc limit ?`,
      [...params, limit + 1],
    );
    const page = found.slice(0, limit);
    return { media: page.map((r) => this.view(r)), nextCursor: found.length > limit ? cursorOf(page[page.length - 1]) : null };
  }

  private link(key: string | null, url: string | null): string | null {
    return key !== null ? this.urls.sign(key) : url;
  }

  view(r: MediaRow): AppMedia {
    return {
      mediaId: r.media_id,
      appId: r.app_id,
      type: r.type,
      url: this.link(r.storage_key, r.external_url)!,
      thumbnailUrl: this.link(r.thumbnail_key, r.thumbnail_url),
      metadata: r.metadata,
      activityId: r.activity_id,
      isForSimulation: r.is_for_simulation,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }

  /** An item as a command left it (its answer comes from the write side, not the read model). */
  viewOfState(s: MediaState): AppMedia {
    return {
      mediaId: s.mediaId,
      appId: s.appId,
      type: s.type,
      url: this.link(s.storageKey, s.externalUrl)!,
      thumbnailUrl: this.link(s.thumbnailKey, s.thumbnailUrl),
      metadata: s.metadata,
      activityId: s.activityId,
      isForSimulation: s.isForSimulation,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
    };
  }
}
