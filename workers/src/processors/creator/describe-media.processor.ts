import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { HandlesJob, MEDIA_STORAGE, type JobContext, type JobProcessor, type MediaStorage } from '@sparkhouse/backend';
import { ContentDescriptionSchema, type JobResult } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import { AiProviderError, type AiProvider, type ContentMaterial } from '../../ai/ai-provider';
import { probeMedia, spokenDuration, type ProbedMedia } from '../../media/media-probe';
import { speechTrack, videoFrames } from '../../media/media-samples';
import { readPdf } from '../../media/pdf-text';
import { generate, isWorthRetrying } from './creator-ai';

type Name = 'creator-apps.describe-media';

const NOUN = { pdf: 'PDF', video: 'video', audio: 'recording' } as const;

/** Frames of a video a model that can see is shown. */
const VIDEO_FRAMES = 4;
/** The longest transcript put before the model. */
const TRANSCRIPT_MAX_CHARS = 15_000;

type Kind = 'pdf' | 'video' | 'audio';
/** What the description is written from: the file's facts and words, and pictures from it. */
type Read = { material: ContentMaterial; images: string[] };

/**
 * A description of a PDF, video or audio file of the media library, grounded in the file: a PDF's
 * title, subject and extracted text (read in a child process), a video's or recording's duration,
 * picture size and its own tags (ffprobe). With an AI provider configured, also what is said in it
 * (its sound transcribed by the provider's speech model) and, for a video, frames the model looks at.
 * The file is copied from storage to a temporary file (streamed, never held in memory) and removed
 * afterwards. A file that cannot be read fails at once.
 */
@HandlesJob('creator-apps.describe-media')
@Injectable()
export class DescribeMediaProcessor implements JobProcessor<Name> {
  constructor(
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { kind, key } = ctx.payload;
    await ctx.progress(0, 'reading', `Reading the ${NOUN[kind]}`);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'describe-media-'));
    try {
      const file = path.join(dir, 'file');
      const stream = await this.storage.read(key);
      if (!stream) throw new UnrecoverableError(`The ${NOUN[kind]} is no longer in the media library.`);
      await pipeline(stream, createWriteStream(file), { signal: ctx.signal });
      const { material, images } = await this.read(ctx, kind, file, dir);
      ctx.throwIfAborted();

      await ctx.progress(50, 'describing', 'Writing the description');
      const heard = material.kind !== 'pdf' && material.text ? ' It includes a transcript of what is said.' : '';
      const seen = images.length ? ` ${images.length} frames of the video are attached.` : '';
      const described = await generate(
        this.ai,
        {
          kind: 'content-description',
          prompt: `Describe this ${NOUN[kind]} for a creator's media library, in two or three sentences, using only what it holds.${heard}${seen}`,
          context: { ...material },
          ...(images.length ? { images } : {}),
        },
        ContentDescriptionSchema,
        `Describing the ${NOUN[kind]}`,
        ctx.signal,
      );
      await ctx.progress(100, 'describing', 'Description ready');
      return { ...described, facts: material.facts ?? [], generatedBy: this.ai.name };
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private async read(ctx: JobContext<Name>, kind: Kind, file: string, dir: string): Promise<Read> {
    const unreadable = (err: Error) => {
      throw new UnrecoverableError(err.message);
    };
    if (kind === 'pdf') return { material: await this.pdf(file).catch(unreadable), images: [] };
    const probed = await probeMedia(file).catch(() => unreadable(new Error(`The ${NOUN[kind]} could not be read.`)));
    const material = recordingMaterial(kind, probed);
    if (this.ai.isLocal) return { material, images: [] };

    const transcript = probed.hasAudio ? await this.transcript(ctx, kind, file, dir) : null;
    if (transcript) material.text = [material.text, transcript.slice(0, TRANSCRIPT_MAX_CHARS)].filter(Boolean).join('\n\n');
    let images: string[] = [];
    if (kind === 'video' && probed.hasVideo && probed.durationSeconds) {
      await ctx.progress(35, 'reading', `Looking at ${VIDEO_FRAMES} frames of the video`);
      images = await videoFrames(file, dir, probed.durationSeconds, VIDEO_FRAMES, ctx.signal);
    }
    return { material, images };
  }

  private async pdf(file: string): Promise<ContentMaterial> {
    const pdf = await readPdf(await fs.readFile(file));
    if (!pdf.title && !pdf.subject && pdf.text.length < 20)
      throw new Error('The PDF has no text to describe (a scan without a text layer?).');
    return {
      kind: 'pdf',
      title: pdf.title,
      summary: pdf.subject,
      headings: [],
      text: pdf.text,
      facts: [`${pdf.pages} ${pdf.pages === 1 ? 'page' : 'pages'}`],
    };
  }

  /**
   * What is said in the file, by the provider's speech model (null when it has none, or refuses this
   * file: the description is then written from the rest). A failure another attempt could get past
   * (the provider unreachable, rate-limited) fails this attempt, to be retried.
   */
  private async transcript(ctx: JobContext<Name>, kind: Kind, file: string, dir: string): Promise<string | null> {
    if (!this.ai.transcribe) return null;
    await ctx.progress(15, 'reading', `Listening to the ${NOUN[kind]}`);
    const speech = await speechTrack(file, dir, ctx.signal);
    try {
      const text = await this.ai.transcribe(speech, ctx.signal);
      return text || null;
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      if (error instanceof AiProviderError && !isWorthRetrying(error)) {
        await ctx.progress(30, 'reading', `No transcript (${error.message}); describing from the rest`);
        return null;
      }
      throw new Error(`Transcribing the ${NOUN[kind]} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** A video's or recording's facts and own words (its tags), before anything is heard or seen. */
function recordingMaterial(kind: 'video' | 'audio', probed: ProbedMedia): ContentMaterial {
  const facts = [
    probed.durationSeconds !== null ? spokenDuration(probed.durationSeconds) : null,
    probed.width && probed.height ? `${probed.width}×${probed.height}` : null,
    kind === 'video' ? (probed.hasAudio ? 'with sound' : 'without sound') : null,
  ].filter((f): f is string => f !== null);
  const t = probed.tags;
  return {
    kind,
    title: t['title'] ?? null,
    summary: t['description'] ?? t['comment'] ?? null,
    siteName: t['artist'] ?? t['album_artist'] ?? null,
    headings: [],
    text: [t['album'], t['synopsis']].filter(Boolean).join('. '),
    facts,
  };
}
