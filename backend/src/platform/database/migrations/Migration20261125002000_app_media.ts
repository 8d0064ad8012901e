import { Migration } from '@mikro-orm/migrations';

/**
 * The media library (issue 11): app_media, the read model of the creator-apps.media projection
 * (rebuilt from the log by replay), listed newest first by app; and media_url_secret, the secret media
 * URLs are signed with when MEDIA_URL_SECRET is not set (made once, shared by every API node).
 */
export class Migration20261125002000_app_media extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table app_media (
      media_id uuid primary key,
      app_id uuid not null,
      owner_id text not null,
      type text not null,
      storage_key text,
      external_url text,
      thumbnail_key text,
      thumbnail_url text,
      metadata jsonb not null default '{}',
      activity_id text,
      is_for_simulation boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version int not null
    );`);
    this.addSql(`create index app_media_newest_first on app_media (app_id, created_at desc, media_id desc);`);
    this.addSql(`create table media_url_secret (
      id int primary key check (id = 1),
      secret text not null
    );`);
  }
}
