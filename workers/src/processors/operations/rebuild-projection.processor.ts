import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { HandlesJob, Rebuilder, SubscriberRegistry, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import type { JobResult } from '@sparkhouse/contracts';

type Name = 'operations.rebuild-projection';

/**
 * Rebuilds a projection for the operations console, with the same Rebuilder as `npm run replay`:
 * blue-green, progress (events replayed, rate, time left) pushed as the job's progress and to every
 * connected operator. Canceling it stops the rebuild and leaves the live read model as it was.
 */
@HandlesJob('operations.rebuild-projection')
@Injectable()
export class RebuildProjectionProcessor implements JobProcessor<Name> {
  constructor(
    private readonly registry: SubscriberRegistry,
    private readonly rebuilder: Rebuilder,
  ) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const projection = this.registry.projections().find((p) => p.name === ctx.payload.projection);
    if (!projection) throw new UnrecoverableError(`No projection named ${ctx.payload.projection}`);
    let last = '';
    const result = await this.rebuilder.rebuild(projection, {
      runId: ctx.runId,
      signal: ctx.signal,
      onProgress: async (p) => {
        const percent =
          p.phase === 'copying'
            ? 0
            : p.phase === 'done'
              ? 100
              : Math.min(99, (p.eventsReplayed / Math.max(1, p.eventsTotal)) * 100);
        // each phase, then each whole percent of the replay
        const mark = `${p.phase}:${Math.floor(percent)}`;
        if (mark === last) return;
        last = mark;
        const step = p.phase === 'done' ? 'switching' : p.phase;
        const eta = p.etaMs === null ? '' : `, about ${Math.ceil(p.etaMs / 1000)} s left`;
        await ctx.progress(
          percent,
          step,
          `${p.eventsReplayed} of ${p.eventsTotal} events replayed (${Math.round(p.rate)}/s${eta})`,
        );
      },
    });
    return { projection: projection.name, eventsReplayed: result.eventsReplayed, durationMs: result.durationMs };
  }
}
