import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  creatorAi,
  LANDING_SCREENSHOTS_MAX,
  LandingPageSchema,
  type AnalyzableMedia,
  type CallResponse,
  type LandingPage,
  type UploadInput,
  withArticle,
} from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { ApiError, badRequest, conflict, forbidden, unauthorized } from '../../../platform/http/errors';
import { JobAwaiter } from '../../../platform/jobs/job-awaiter';
import { StoreGeneratedAppImage } from '../commands/store-generated-app-image.command';
import { StoreGeneratedMedia } from '../commands/store-generated-media.command';
import { StoreLandingImages } from '../commands/store-landing-images.command';
import { checkedSource } from '../commands/save-app-media.command';
import { AppMediaQueries } from '../queries/app-media.query';
import { CreatorAppsQueries, type AppRow } from '../queries/creator-apps.query';
import { parseMediaKey } from '../../../platform/media/media-keys';
import { MediaUrls } from '../../../platform/media/media-urls';
import { MEDIA_STORAGE, type MediaStorage } from '../../../platform/media/storage/media-storage';
import { webAddressProblem } from '../../../platform/web/web-address-check';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;

/** Spec 8's wording first, then why, so a creator knows whether to fix the address or try again. */
function failed(message: string, code: string, reason: string | undefined) {
  const why = reason ? `: ${reason.replace(/^(Unrecoverable)?Error: /, '')}` : '';
  return new ApiError(422, code, `${message}${why}`);
}

/** AI work on a creator's content (spec 7, "App builder: AI" and images): link previews, descriptions and images as jobs. */
@Controller()
export class AiAssetsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly apps: CreatorAppsQueries,
    private readonly awaiter: JobAwaiter,
    private readonly mediaUrls: MediaUrls,
    private readonly media: AppMediaQueries,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(creatorAi.linkPreview)
  async linkPreview(
    @Input() { body }: CallInput<typeof creatorAi.linkPreview>,
  ): Promise<CallResponse<typeof creatorAi.linkPreview>> {
    const who = principal();
    if (who?.kind !== 'user') throw unauthorized();
    const outcome = await this.awaiter.requestAndAwait(
      'creator-apps.link-preview',
      { ownerId: who.id },
      { url: body.url, userId: who.id },
      { timeoutMs: this.config.LINK_FETCH_TIMEOUT_MS + 2000 },
    );
    if (outcome.status === 'completed') return outcome.result;
    if (outcome.status === 'timed-out')
      throw new ApiError(422, 'LINK_PREVIEW_FAILED', 'Failed to fetch link preview: the page took too long.');
    throw failed('Failed to fetch link preview', 'LINK_PREVIEW_FAILED', outcome.reason);
  }

  @Endpoint(creatorAi.generateLinkDescription)
  async generateLinkDescription(
    @Input() { body }: CallInput<typeof creatorAi.generateLinkDescription>,
  ): Promise<CallResponse<typeof creatorAi.generateLinkDescription>> {
    const row = await this.apps.ownAppRow(principal(), body.appId);
    const outcome = await this.awaiter.requestAndAwait(
      'creator-apps.describe-link',
      { ownerId: row.owner_id, subjectId: row.app_id },
      { url: body.url, appId: row.app_id },
      { timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS },
    );
    switch (outcome.status) {
      case 'completed':
        return { status: 'completed', runId: outcome.runId, ...outcome.result };
      case 'timed-out':
        // the job goes on: the builder follows it on the socket
        return { status: 'running', runId: outcome.runId };
      default:
        throw failed('Failed to generate link description', 'LINK_DESCRIPTION_FAILED', outcome.reason);
    }
  }

  @Endpoint(creatorAi.generateAppImage)
  async generateAppImage(
    @Input() { body }: CallInput<typeof creatorAi.generateAppImage>,
  ): Promise<CallResponse<typeof creatorAi.generateAppImage>> {
    const row = await this.apps.ownAppRow(principal(), body.appId);
    const outcome = await this.awaiter.requestAndAwait(
      'creator-apps.generate-app-image',
      { ownerId: row.owner_id, subjectId: row.app_id },
      {
        appId: row.app_id,
        name: row.name.slice(0, 120),
        idea: (row.app_idea || row.prompt || '').slice(0, 4000),
        ...(body.prompt ? { prompt: body.prompt } : {}),
        ...(body.imageContext ? { imageContext: body.imageContext } : {}),
      },
      { timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS },
    );
    switch (outcome.status) {
      case 'completed':
        // stored here too (once per run), so this caller's next read has the new image
        await this.commands.execute(new StoreGeneratedAppImage(outcome.runId, row.app_id, outcome.result, null));
        return { status: 'completed', runId: outcome.runId, ...outcome.result };
      case 'timed-out':
        return { status: 'running', runId: outcome.runId };
      default:
        throw failed('Failed to generate image', 'IMAGE_GENERATION_FAILED', outcome.reason);
    }
  }

  @Endpoint(creatorAi.regenerateLandingPageImage)
  async regenerateLandingPageImage(
    @Input() { body }: CallInput<typeof creatorAi.regenerateLandingPageImage>,
  ): Promise<CallResponse<typeof creatorAi.regenerateLandingPageImage>> {
    const row = await this.apps.ownAppRow(principal(), body.appId);
    const page = landingPageOf(row);
    const subject =
      body.imageType === 'hero' ? page.hero.title : page.sections[Number(body.imageType.slice('section-'.length)) - 1]?.title;
    if (subject === undefined)
      throw new ApiError(400, 'VALIDATION_FAILED', `The landing page has no ${body.imageType.replace('-', ' ')}.`);
    const outcome = await this.awaiter.requestAndAwait(
      'creator-apps.landing-page-image',
      { ownerId: row.owner_id, subjectId: row.app_id },
      {
        ...this.about(row),
        imageType: body.imageType,
        subject,
        ...(body.specificInstructions ? { instructions: body.specificInstructions } : {}),
      },
      { timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS },
    );
    if (outcome.status === 'timed-out') return { status: 'running', runId: outcome.runId };
    if (outcome.status !== 'completed') throw failed('Failed to generate image', 'IMAGE_GENERATION_FAILED', outcome.reason);
    await this.commands.execute(new StoreLandingImages(outcome.runId, row.app_id, { kind: 'image', ...outcome.result }, null));
    return { status: 'completed', runId: outcome.runId, landingPage: await this.currentLandingPage(row.app_id) };
  }

  @Endpoint(creatorAi.regenerateAIScreenshots)
  async regenerateAIScreenshots(
    @Input() { body }: CallInput<typeof creatorAi.regenerateAIScreenshots>,
  ): Promise<CallResponse<typeof creatorAi.regenerateAIScreenshots>> {
    const row = await this.apps.ownAppRow(principal(), body.appId);
    const page = landingPageOf(row);
    const outcome = await this.awaiter.requestAndAwait(
      'creator-apps.ai-screenshots',
      { ownerId: row.owner_id, subjectId: row.app_id },
      {
        ...this.about(row),
        screens: [page.hero.title, ...page.sections.map((s) => s.title)].slice(0, LANDING_SCREENSHOTS_MAX),
        ...(body.additionalPrompt ? { additionalPrompt: body.additionalPrompt } : {}),
      },
      { timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS },
    );
    if (outcome.status === 'timed-out') return { status: 'running', runId: outcome.runId };
    if (outcome.status !== 'completed') throw failed('Failed to generate image', 'IMAGE_GENERATION_FAILED', outcome.reason);
    await this.commands.execute(
      new StoreLandingImages(outcome.runId, row.app_id, { kind: 'screenshots', ...outcome.result }, null),
    );
    return { status: 'completed', runId: outcome.runId, landingPage: await this.currentLandingPage(row.app_id) };
  }

  @Endpoint(creatorAi.generatePdfDescription)
  generatePdfDescription(@Input() { body }: CallInput<typeof creatorAi.generatePdfDescription>) {
    return this.describeMedia(body.appId, body.pdfUrl, 'pdf');
  }

  @Endpoint(creatorAi.generateVideoDescription)
  generateVideoDescription(@Input() { body }: CallInput<typeof creatorAi.generateVideoDescription>) {
    return this.describeMedia(body.appId, body.videoUrl, 'video');
  }

  @Endpoint(creatorAi.generateAudioDescription)
  generateAudioDescription(@Input() { body }: CallInput<typeof creatorAi.generateAudioDescription>) {
    return this.describeMedia(body.appId, body.audioUrl, 'audio');
  }

  /** A media file of this app's library, of the kind asked for, described by a job. */
  private async describeMedia(
    appId: string,
    url: string,
    kind: 'pdf' | 'video' | 'audio',
  ): Promise<CallResponse<typeof creatorAi.generatePdfDescription>> {
    const row = await this.apps.ownAppRow(principal(), appId);
    const what = kind === 'pdf' ? 'PDF' : kind;
    const key = this.mediaUrls.keyOf(url);
    const file = key ? parseMediaKey(key) : null;
    if (!key || !file || file.role !== 'original' || file.appId !== row.app_id) {
      throw new ApiError(400, 'VALIDATION_FAILED', `That is not the address of a file in this app's media library.`);
    }
    if (file.type !== kind)
      throw new ApiError(400, 'VALIDATION_FAILED', `That file is ${withArticle(file.type)}, not ${withArticle(what)}.`);
    const outcome = await this.awaiter.requestAndAwait(
      'creator-apps.describe-media',
      { ownerId: row.owner_id, subjectId: row.app_id },
      { appId: row.app_id, kind, key },
      { timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS },
    );
    if (outcome.status === 'completed') return { status: 'completed', runId: outcome.runId, ...outcome.result };
    if (outcome.status === 'timed-out') return { status: 'running', runId: outcome.runId };
    throw failed(`Failed to generate ${what} description`, 'MEDIA_DESCRIPTION_FAILED', outcome.reason);
  }

  @Endpoint(creatorAi.analyzeUploads)
  async analyzeUploads(
    @Input() { body }: CallInput<typeof creatorAi.analyzeUploads>,
  ): Promise<CallResponse<typeof creatorAi.analyzeUploads>> {
    const job = await this.uploadsJob(body, body.analysisPrompt);
    const outcome = await this.awaiter.requestAndAwait('creator-apps.analyze-uploads', job.owner, job.payload, {
      timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS,
    });
    if (outcome.status === 'completed') return { status: 'completed', runId: outcome.runId, ...outcome.result };
    if (outcome.status === 'timed-out') return { status: 'running', runId: outcome.runId };
    throw failed('Failed to analyze uploads', 'UPLOADS_ANALYSIS_FAILED', outcome.reason);
  }

  @Endpoint(creatorAi.generateImageFromInputs)
  async generateImageFromInputs(
    @Input() { body }: CallInput<typeof creatorAi.generateImageFromInputs>,
  ): Promise<CallResponse<typeof creatorAi.generateImageFromInputs>> {
    const job = await this.uploadsJob(body, body.generationPrompt);
    const outcome = await this.awaiter.requestAndAwait('creator-apps.image-from-inputs', job.owner, job.payload, {
      timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS,
    });
    if (outcome.status === 'timed-out') return { status: 'running', runId: outcome.runId };
    if (outcome.status !== 'completed') throw failed('Failed to generate image', 'IMAGE_GENERATION_FAILED', outcome.reason);
    // added here too (once per run: the reactor's delivery adds nothing more), so the answer is the library item
    const { media: state } = await this.commands.execute(
      new StoreGeneratedMedia(outcome.runId, job.payload.appId, outcome.result, job.payload.prompt, null),
    );
    if (!state) throw failed('Failed to generate image', 'IMAGE_GENERATION_FAILED', 'the picture was not stored in this app');
    const { fallbackReason } = outcome.result;
    return {
      status: 'completed',
      runId: outcome.runId,
      media: this.media.viewOfState(state),
      ...(fallbackReason ? { fallbackReason } : {}),
    };
  }

  /**
   * The job of analyzeUploads or generateImageFromInputs, once the caller is known to own the app and
   * every file is fit to read: one of this app's library files of the kind given (another app's file,
   * a thumbnail or a missing file is refused), or a web address that is not plainly private. A userId
   * in the body must be the caller's own (403 otherwise); the job works for the app's owner.
   */
  private async uploadsJob(
    body: {
      appId: string;
      mediaUrls: string[];
      mediaTypes: AnalyzableMedia[];
      userId?: string;
      inputContext?: string;
      cardContext?: string;
    },
    prompt: string,
  ) {
    const who = principal();
    const row = await this.apps.ownAppRow(who, body.appId);
    if (body.userId !== undefined && body.userId !== who?.id) throw forbidden('userId must be your own.');
    const items: UploadInput[] = [];
    for (const [i, url] of body.mediaUrls.entries()) {
      const type = body.mediaTypes[i]!;
      const field = `mediaUrls.${i}`;
      const source = await checkedSource(this.mediaUrls, this.storage, field, url, row.app_id, type);
      if (source.storageKey === null) {
        const problem = webAddressProblem(url, this.config.LINK_FETCH_ALLOW_HOSTS);
        if (problem) throw badRequest(`${field} ${problem}`, [{ path: `body.${field}`, message: `${field} ${problem}` }]);
      }
      items.push({ url, type, key: source.storageKey });
    }
    return {
      owner: { ownerId: row.owner_id, subjectId: row.app_id },
      payload: {
        appId: row.app_id,
        userId: row.owner_id,
        items,
        prompt,
        ...(body.inputContext ? { inputContext: body.inputContext } : {}),
        ...(body.cardContext ? { cardContext: body.cardContext } : {}),
      },
    };
  }

  /** What every image job is told about the app. */
  private about(row: AppRow) {
    return { appId: row.app_id, name: row.name.slice(0, 120), idea: (row.app_idea || row.prompt || '').slice(0, 4000) };
  }

  private async currentLandingPage(appId: string): Promise<LandingPage> {
    return landingPageOf(await this.apps.ownAppRow(principal(), appId));
  }
}

/** The app's current landing page, or 409 when it has none to put pictures on. */
function landingPageOf(row: AppRow): LandingPage {
  const page = LandingPageSchema.safeParse(row.landing_page);
  if (!page.success) throw conflict('This app has no landing page yet: build the app or write its landing page first.');
  return page.data;
}
