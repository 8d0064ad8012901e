import { Migration } from '@mikro-orm/migrations';

/**
 * The order of an app's lessons within a phase (the creator's reorderAppLessons; a lesson new to a
 * phase goes last). Lessons already marked keep the order they were marked in.
 */
export class Migration20261202000200_app_lesson_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table app_lesson add column position int not null default 0;`);
    this.addSql(`update app_lesson l set position = o.n
      from (select app_id, media_id, row_number() over (partition by app_id, phase_number order by marked_at, media_id) as n
              from app_lesson) o
     where l.app_id = o.app_id and l.media_id = o.media_id;`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table app_lesson drop column position;');
  }
}
