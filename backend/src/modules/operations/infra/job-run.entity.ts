import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Row of the job_run read model. Written only by the job-runs projection. */
@Entity({ tableName: 'job_run' })
export class JobRunRecord {
  @PrimaryKey({ type: 'uuid', fieldName: 'run_id' }) runId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text' }) queue!: string;
  @Property({ type: 'text', fieldName: 'owner_id' }) ownerId!: string;
  @Property({ type: 'text', fieldName: 'subject_id', nullable: true }) subjectId!: string | null;
  @Property({ type: 'text' }) status!: 'queued' | 'running' | 'completed' | 'failed' | 'canceled';
  @Property({ type: 'float' }) percent!: number;
  @Property({ type: 'text', nullable: true }) step!: string | null;
  @Property({ type: 'text', nullable: true }) message!: string | null;
  @Property({ type: 'json' }) steps!: { step: string; startedAt: string }[];
  @Property({ type: 'integer' }) attempts!: number;
  @Property({ type: 'json', nullable: true }) result!: unknown;
  @Property({ type: 'text', nullable: true }) error!: string | null;
  @Property({ type: 'boolean', fieldName: 'cancel_requested' }) cancelRequested!: boolean;
  @Property({ type: 'datetime', fieldName: 'requested_at' }) requestedAt!: Date;
  @Property({ type: 'datetime', fieldName: 'started_at', nullable: true }) startedAt!: Date | null;
  @Property({ type: 'datetime', fieldName: 'finished_at', nullable: true }) finishedAt!: Date | null;
  @Property({ type: 'integer', fieldName: 'duration_ms', nullable: true }) durationMs!: number | null;
  @Property({ type: 'text', fieldName: 'user_id', nullable: true }) userId!: string | null;
  @Property({ type: 'text', fieldName: 'app_id', nullable: true }) appId!: string | null;
  @Property({ type: 'text', fieldName: 'plan_id', nullable: true }) planId!: string | null;
  @Property({ type: 'text', fieldName: 'correlation_id', nullable: true }) correlationId!: string | null;
  @Property({ type: 'json', fieldName: 'planned_steps' }) plannedSteps!: string[];
}
