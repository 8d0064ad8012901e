import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import {
  APP_CONFIG,
  HandlesJob,
  MEDIA_STORAGE,
  type AppConfig,
  type JobContext,
  type JobProcessor,
  type MediaStorage,
} from '@sparkhouse/backend';
import { UploadsAnalysisSchema, type JobResult, type UploadInput } from '@sparkhouse/contracts';
import { AI_PROVIDER } from '../../ai/provider-factory';
import type { AiProvider, FileMaterial } from '../../ai/ai-provider';
import { imageFacts, readImage } from '../../media/image-facts';
import { copyInput, withTempDir } from '../../media/input-files';
import { probeMedia, spokenDuration } from '../../media/media-probe';
import { readPdf } from '../../media/pdf-text';
import { generate } from './creator-ai';

type Name = 'creator-apps.analyze-uploads';

const NOUN = { image: 'image', pdf: 'PDF', video: 'video', audio: 'recording' } as const;

/** How much of a file's text the analysis is given. */
const TEXT_PER_FILE = 4000;

/**
 * Reads facts from one file: an image's format, size and colours (sharp), a PDF's pages, title and
 * text, a video's or recording's duration, picture size and tags (ffprobe). A file that is not what
 * it was said to be cannot be read on another attempt either: it fails the run at once.
 */
export async function readFileMaterial(type: UploadInput['type'], file: string, n: number): Promise<FileMaterial> {
  const unreadable = () => new UnrecoverableError(`File ${n} is not a readable ${NOUN[type]}.`);
  if (type === 'image') {
    const image = await readImage(file).catch(() => {
      throw unreadable();
    });
    return { type, title: null, facts: imageFacts(image), text: '' };
  }
  if (type === 'pdf') {
    const pdf = await readPdf(await fs.readFile(file)).catch(() => {
      throw unreadable();
    });
    const facts = [`${pdf.pages} ${pdf.pages === 1 ? 'page' : 'pages'}`, pdf.text.trim() ? null : 'no text layer'];
    return {
      type,
      title: pdf.title,
      facts: facts.filter((f): f is string => f !== null),
      text: [pdf.subject, pdf.text].filter(Boolean).join('. ').slice(0, TEXT_PER_FILE),
    };
  }
  const probed = await probeMedia(file).catch(() => {
    throw unreadable();
  });
  if (type === 'video' && !probed.hasVideo) throw new UnrecoverableError(`File ${n} has no pictures: it is not a video.`);
  const t = probed.tags;
  const facts = [
    probed.durationSeconds !== null ? spokenDuration(probed.durationSeconds) : null,
    probed.width && probed.height ? `${probed.width}×${probed.height}` : null,
    type === 'video' ? (probed.hasAudio ? 'with sound' : 'without sound') : null,
    t['artist'] ? `by ${t['artist']}` : null,
  ].filter((f): f is string => f !== null);
  return {
    type,
    title: t['title'] ?? null,
    facts,
    text: [t['description'] ?? t['comment'], t['album'], t['synopsis']].filter(Boolean).join('. ').slice(0, TEXT_PER_FILE),
  };
}

/**
 * analyzeUploads: answers the creator's question about up to ten files from facts read from each.
 * Every file is copied to a temporary folder (a library file streamed from storage, a web address
 * fetched from public addresses only), read, and the folder removed; then the AI (the local
 * generator, or the configured model) writes the answer from those facts.
 */
@HandlesJob('creator-apps.analyze-uploads')
@Injectable()
export class AnalyzeUploadsProcessor implements JobProcessor<Name> {
  constructor(
    @Inject(AI_PROVIDER) private readonly ai: AiProvider,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(ctx: JobContext<Name>): Promise<JobResult<Name>> {
    const { items, prompt, inputContext, cardContext } = ctx.payload;
    const files = await withTempDir(
      'analyze-uploads-',
      async (dir) => {
        const read: FileMaterial[] = [];
        for (const [i, item] of items.entries()) {
          ctx.throwIfAborted();
          await ctx.progress((i / items.length) * 60, 'reading', `Reading file ${i + 1} of ${items.length}`);
          const file = path.join(dir, `file-${i}`);
          await copyInput(item, i + 1, file, { storage: this.storage, config: this.config, signal: ctx.signal });
          read.push(await readFileMaterial(item.type, file, i + 1));
          await fs.rm(file, { force: true });
        }
        return read;
      },
      os.tmpdir(),
    );

    await ctx.progress(60, 'analyzing', 'Writing the analysis');
    const analysis = await generate(
      this.ai,
      {
        kind: 'uploads-analysis',
        prompt,
        context: {
          files,
          ...(inputContext ? { inputContext } : {}),
          ...(cardContext ? { cardContext } : {}),
          instructions:
            'Answer the request using only the facts and text read from the files; say what cannot be told from them.',
        },
      },
      UploadsAnalysisSchema,
      'Writing the analysis',
      ctx.signal,
    );
    await ctx.progress(100, 'analyzing', 'Analysis ready');
    return {
      ...analysis,
      items: items.map((item, i) => ({ url: item.url, type: item.type, facts: files[i]!.facts })),
      generatedBy: this.ai.name,
    };
  }
}
