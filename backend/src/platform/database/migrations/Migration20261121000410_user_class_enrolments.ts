import { Migration } from '@mikro-orm/migrations';

/** The users read model's copy of class enrolments (from the catalogue's ClassEnrolled), for User.classesEnrolled. */
export class Migration20261121000410_user_class_enrolments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table user_class_enrolment (
        user_id text not null,
        class_slug text not null,
        product_id text not null,
        class_start_date timestamptz not null,
        class_end_date timestamptz not null,
        primary key (user_id, class_slug)
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists user_class_enrolment;');
  }
}
