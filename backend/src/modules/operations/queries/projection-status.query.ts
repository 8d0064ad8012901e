import { Injectable } from '@nestjs/common';
import { Database, type Db } from '../../../platform/database/database';
import type { ProjectionStatus, RebuildProgress } from '@sparkhouse/contracts';
import { rows } from '../../../platform/database/sql';
import { logHead } from '../../../platform/events/read-your-writes';
import { SubscriberRegistry } from '../../../platform/events/subscriber-registry';

/** A rebuild that has not reported for this long is taken as dead (its process went away). */
const STALE_REBUILD_MS = 60_000;

interface CheckpointRow {
  subscriber: string;
  kind: string;
  version: number;
  position: string;
  updatedAt: string | null;
}

/**
 * The relay's checkpoints, read in one place: when the checkpoint's format changes (e.g. to a
 * transaction id and a position) only this function changes.
 */
export async function readCheckpoints(em: Db): Promise<Map<string, CheckpointRow>> {
  const found = await rows<{ subscriber: string; kind: string; version: number; position: string; updated_at: Date | null }>(
    em,
    'select subscriber, kind, version, position::text as position, updated_at from event_checkpoint',
  );
  return new Map(
    found.map((r) => [
      r.subscriber,
      {
        subscriber: r.subscriber,
        kind: r.kind,
        version: r.version,
        position: r.position,
        updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
      },
    ]),
  );
}

interface RebuildRow {
  projection: string;
  run_id: string | null;
  status: RebuildProgress['status'];
  phase: RebuildProgress['phase'];
  events_replayed: string;
  events_total: string;
  rate: number;
  eta_ms: string | null;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
  updated_at: Date;
}

export const toRebuildProgress = (r: RebuildRow): RebuildProgress => ({
  projection: r.projection,
  status: r.status,
  phase: r.phase,
  runId: r.run_id,
  eventsReplayed: Number(r.events_replayed),
  eventsTotal: Number(r.events_total),
  rate: r.rate,
  etaMs: r.eta_ms === null ? null : Number(r.eta_ms),
  startedAt: new Date(r.started_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  error: r.error,
});

/** Every projection's version, checkpoint, lag behind the log, and rebuild state. */
@Injectable()
export class ProjectionStatusQuery {
  constructor(
    private readonly orm: Database,
    private readonly registry: SubscriberRegistry,
  ) {}

  async list(): Promise<{ projections: ProjectionStatus[]; head: string }> {
    const em = this.orm.em.fork();
    const [head, checkpoints, rebuilds] = await Promise.all([
      logHead(em),
      readCheckpoints(em),
      rows<RebuildRow>(em, 'select * from projection_rebuild'),
    ]);
    const byName = new Map(rebuilds.map((r) => [r.projection, r]));
    const projections = await Promise.all(
      this.registry.projections().map(async (p) => {
        const cp = checkpoints.get(p.name);
        const rebuild = byName.get(p.name);
        const position = cp?.position ?? '0';
        const [{ lag }] = await rows<{ lag: number }>(
          em,
          // counted up to a bound: a projection far behind shows "100000+" rather than a slow count
          'select count(*)::int as lag from (select 1 from domain_event where position > ?::bigint limit 100000) behind',
          [position],
        );
        const live = rebuild?.status === 'running' && Date.now() - new Date(rebuild.updated_at).getTime() < STALE_REBUILD_MS;
        return {
          name: p.name,
          version: p.version,
          checkpoint: position,
          lag,
          rebuilding: live,
          lastError: rebuild?.status === 'failed' ? rebuild.error : null,
          updatedAt: cp?.updatedAt ?? null,
          rebuild: rebuild ? toRebuildProgress(rebuild) : null,
        };
      }),
    );
    return { projections, head };
  }

  async isRebuilding(name: string): Promise<boolean> {
    const [r] = await rows<RebuildRow>(this.orm.em.fork(), 'select * from projection_rebuild where projection = ?', [name]);
    return Boolean(r && r.status === 'running' && Date.now() - new Date(r.updated_at).getTime() < STALE_REBUILD_MS);
  }
}
