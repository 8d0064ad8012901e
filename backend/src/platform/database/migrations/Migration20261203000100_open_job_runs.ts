import { Migration } from '@mikro-orm/migrations';

/**
 * The runs still queued or running, oldest first: the reconciler reads them a page at a time from where
 * its last round stopped, and stops reading at the page's end (without it every round looked up the last
 * fact of every open run, and a backlog of 20,000 queued runs cost PostgreSQL seconds per round).
 */
export class Migration20261203000100_open_job_runs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index job_run_open_idx on job_run (requested_at, run_id) where status in ('queued', 'running');`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index job_run_open_idx;');
  }
}
