import { Injectable } from '@nestjs/common';
import { abortableDelay, HandlesJob, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import { pipelineCheckSteps, type JobResult } from '@sparkhouse/contracts';

type Name = 'operations.pipeline-check';

/**
 * Walks the steps of a pipeline check, one named step ('step 1', 'step 2', …) per step checked:
 * proves, end to end, that a job requested by a command reaches a worker and that its progress and
 * result reach the owner. The steps the console shows are the steps it counts.
 */
@HandlesJob('operations.pipeline-check')
@Injectable()
export class PipelineCheckProcessor implements JobProcessor<Name> {
  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { steps, stepDelayMs, failAtStep, failForMs } = ctx.payload;
    const names = pipelineCheckSteps(steps);
    const queuedForMs = Date.now() - Date.parse(ctx.requestedAt);
    for (let i = 1; i <= steps; i++) {
      ctx.throwIfAborted();
      await ctx.progress(((i - 1) / steps) * 100, names[i - 1], `Checking step ${i} of ${steps}`);
      if (failAtStep === i) throw new Error(`Pipeline check failed on purpose at step ${i}`);
      const outageLeft = Date.parse(ctx.requestedAt) + (failForMs ?? 0) - Date.now();
      if (outageLeft > 0) {
        throw new Error(`Simulated outage at step ${i}: retry in ${Math.ceil(outageLeft / 1000)} s or later`);
      }
      if (stepDelayMs > 0) await abortableDelay(stepDelayMs, ctx.signal);
    }
    await ctx.progress(100, names[steps - 1], `All ${steps} steps passed`);
    return { stepsCompleted: steps, workerPid: process.pid, queuedForMs };
  }
}
