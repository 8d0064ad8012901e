import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  StoresJobResult,
  type CompletedRun,
  type EndedRun,
  type EndedRunBase,
  type JobResultHandler,
  type Stored,
} from '../../../platform/jobs/job-result';
import { RejectBuildResult } from '../commands/reject-build-result.command';
import { ReleaseBuildSlot } from '../commands/release-build-slot.command';
import { StoreBuildResult } from '../commands/store-build-result.command';
import type { StoredResult } from '../infra/app-stream';

type Build = 'creator-apps.build-app';

/**
 * A build's documents (blueprint, onboarding flow, landing page) and image go into its app as new
 * versions; however the run ends, the creator's build slot is freed.
 */
@StoresJobResult('creator-apps.build-app')
@Injectable()
export class BuildAppResult implements JobResultHandler<Build> {
  constructor(private readonly commands: CommandBus) {}

  async completed(run: CompletedRun<Build>): Promise<Stored> {
    try {
      const appId = (await run.request())?.appId ?? '';
      return await this.commands.execute<StoreBuildResult, StoredResult>(
        new StoreBuildResult(run.runId, appId, run.result, run.eventId),
      );
    } finally {
      await this.commands.execute(new ReleaseBuildSlot(run.runId));
    }
  }

  async ended(run: EndedRun<Build>): Promise<Stored> {
    await this.commands.execute(new ReleaseBuildSlot(run.runId));
  }

  async unusable(run: EndedRunBase<Build>): Promise<Stored> {
    try {
      const appId = (await run.request())?.appId ?? '';
      const reason = 'The build finished without usable documents (its result did not match the schemas).';
      await this.commands.execute(new RejectBuildResult(run.runId, appId, reason, run.eventId));
    } finally {
      await this.commands.execute(new ReleaseBuildSlot(run.runId));
    }
  }
}
