import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { APP_CONFIG, HandlesJob, type AppConfig, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import type { JobResult } from '@sparkhouse/contracts';
import { readLinkedPage } from '../../web/linked-page';

type Name = 'creator-apps.link-preview';

/** A link's title, description, image and site name, read from its Open Graph and HTML meta. */
@HandlesJob('creator-apps.link-preview')
@Injectable()
export class LinkPreviewProcessor implements JobProcessor<Name> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    await ctx.progress(0, 'fetching', 'Fetching the page');
    const page = await readLinkedPage(ctx.payload.url, this.config).catch((err: Error) => {
      // one attempt: a page that cannot be read now is reported, not retried behind the creator's back
      throw new UnrecoverableError(err.message);
    });
    await ctx.progress(100, 'fetching', 'Preview ready');
    return page.preview;
  }
}
