import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { APP_CONFIG, HandlesJob, type AppConfig, type JobContext, type JobProcessor } from '@sparkhouse/backend';
import { ContentDescriptionSchema, type JobResult } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider, ContentMaterial } from '../../ai/ai-provider';
import { readLinkedPage } from '../../web/linked-page';
import { LinkFetchError } from '../../web/safe-fetch';
import { generate } from './creator-ai';

type Name = 'creator-apps.describe-link';

/** What a model is shown of a page: enough to describe it, not the whole of a long one. */
const TEXT_FOR_MODEL = 6000;

/**
 * A description of a web page grounded in what the page says: fetched safely (public addresses only),
 * its meta, headings and text read, then described by the configured AI (the local describer by
 * default, which only restates the page). A page that cannot be fetched fails at once with the reason;
 * a provider hiccup is retried with backoff.
 */
@HandlesJob('creator-apps.describe-link')
@Injectable()
export class DescribeLinkProcessor implements JobProcessor<Name> {
  constructor(
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    await ctx.progress(0, 'fetching', 'Fetching the page');
    const page = await readLinkedPage(ctx.payload.url, this.config).catch((err: Error) => {
      // a private address or a bad URL never becomes fetchable; a timeout or a 5xx may
      const lasting = err instanceof LinkFetchError && ['invalid-url', 'forbidden-address', 'http'].includes(err.reason);
      throw lasting ? new UnrecoverableError(err.message) : err;
    });
    ctx.throwIfAborted();

    await ctx.progress(35, 'reading', `Reading ${page.preview.title ? `“${page.preview.title.slice(0, 60)}”` : 'the page'}`);
    const material: ContentMaterial = {
      kind: 'link',
      title: page.meta.title,
      summary: page.meta.description,
      siteName: page.meta.siteName,
      headings: page.meta.headings,
      text: page.meta.text.slice(0, TEXT_FOR_MODEL),
    };
    if (!material.title && !material.summary && material.text.length < 40) {
      throw new UnrecoverableError('The page has no title, description or text to describe.');
    }

    await ctx.progress(60, 'describing', 'Writing the description');
    const described = await generate(
      this.ai,
      {
        kind: 'content-description',
        prompt: `Describe this web page for a creator's media library, in two or three sentences, using only what it says: ${page.preview.url}`,
        context: { ...material },
      },
      ContentDescriptionSchema,
      'Describing the page',
      ctx.signal,
    );
    await ctx.progress(100, 'describing', 'Description ready');
    return { ...described, source: page.preview, generatedBy: this.ai.name };
  }
}
