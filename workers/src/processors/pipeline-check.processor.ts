import { Injectable } from '@nestjs/common';
import { abortableDelay, HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import type { JobResult } from '@sparkhouse/contracts';

type Name = 'operations.pipeline-check';

/**
 * Walks the steps of a pipeline check ('checking' each, then 'reporting'): proves, end to end, that
 * a job requested by a command reaches a worker and that its progress and result reach the owner.
 */
@HandlesJob('operations.pipeline-check')
@Injectable()
export class PipelineCheckProcessor implements JobProcessor<Name> {
  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { steps, stepDelayMs, failAtStep } = ctx.payload;
    const queuedForMs = Date.now() - Date.parse(ctx.requestedAt);
    for (let i = 1; i <= steps; i++) {
      ctx.throwIfAborted();
      await ctx.progress(((i - 1) / steps) * 100, 'checking', `Checking step ${i} of ${steps}`);
      if (failAtStep === i) throw new Error(`Pipeline check failed on purpose at step ${i}`);
      if (stepDelayMs > 0) await abortableDelay(stepDelayMs, ctx.signal);
    }
    await ctx.progress(100, 'reporting', `All ${steps} steps passed`);
    return { stepsCompleted: steps, workerPid: process.pid, queuedForMs };
  }
}
