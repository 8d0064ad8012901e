import { Injectable, SetMetadata } from '@nestjs/common';
import { CommandBus, type ICommand } from '@nestjs/cqrs';
import type { JobName, JobOwner, JobPayload, JobResult, StoredEvent } from '@sparkhouse/contracts';

export const JOB_RESULT_HANDLER = Symbol('JOB_RESULT_HANDLER');

/**
 * Marks the one class that stores a job's result, in the module that owns it (`<job>.result.ts`). The
 * job's definition (contracts/jobs) names that module (`resultStoredBy`); start-up fails on a second
 * handler for a job, or a handler for a job whose definition does not say its result is stored.
 */
export const StoresJobResult = (name: JobName): ClassDecorator => SetMetadata(JOB_RESULT_HANDLER, name);

/** A run as its result handler sees it. */
export interface EndedRunBase<N extends JobName> {
  readonly runId: string;
  readonly name: N;
  readonly owner: JobOwner;
  /** The event that ended the run: the cause of what the handler stores (commands are keyed by the run). */
  readonly eventId: string;
  /** The payload the run was requested with (read from the run's stream on demand), or null when it no longer matches its schema. */
  request(): Promise<JobPayload<N> | null>;
}

export interface CompletedRun<N extends JobName> extends EndedRunBase<N> {
  readonly result: JobResult<N>;
}

export interface EndedRun<N extends JobName> extends EndedRunBase<N> {
  readonly outcome: 'failed' | 'canceled';
  readonly reason: string;
}

/** What a handler wrote: the events its commands appended (the run's end push carries the last one's position). */
export type Stored = { readonly appended: readonly Pick<StoredEvent, 'transactionId' | 'position'>[] } | void;

/**
 * Stores what a job's runs produced, through the owning module's commands. Runs at least once per
 * run's end, before the end is pushed to the browser: it must be idempotent (commands keyed by the run).
 */
export interface JobResultHandler<N extends JobName> {
  completed(run: CompletedRun<N>): Promise<Stored>;
  /** The run failed or was canceled (optional: most results have nothing to undo). */
  ended?(run: EndedRun<N>): Promise<Stored>;
  /** A completed run's result no longer matches its schema (a result stored by an older release). */
  unusable?(run: EndedRunBase<N>, reason: string): Promise<Stored>;
}

/**
 * A result stored by one command of the owning module: `command` makes it from the completed run and
 * the payload the run was requested with (null when that no longer matches its schema).
 */
@Injectable()
export abstract class StoredByCommand<N extends JobName> implements JobResultHandler<N> {
  constructor(protected readonly commands: CommandBus) {}

  protected abstract command(run: CompletedRun<N>, request: JobPayload<N> | null): ICommand;

  async completed(run: CompletedRun<N>): Promise<Stored> {
    return this.commands.execute<ICommand, Stored>(this.command(run, await run.request()));
  }
}

/** Checks the result handlers found against the jobs whose definitions say their results are stored. */
export function assertResultHandlers(declared: readonly string[], found: readonly string[]): void {
  const problems: string[] = [];
  for (const name of new Set(found)) {
    const n = found.filter((f) => f === name).length;
    if (n > 1) problems.push(`job "${name}" has ${n} result handlers`);
    if (!declared.includes(name)) problems.push(`result handler for "${name}", whose definition has no resultStoredBy`);
  }
  if (problems.length > 0) throw new Error(`Job result handlers do not match contracts/jobs: ${problems.join('; ')}`);
}
