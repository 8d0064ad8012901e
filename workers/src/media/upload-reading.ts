import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { MediaType } from '@sparkhouse/contracts';
import type { SniffedFormat } from './content-sniffing';

const run = promisify(execFile);

/** The ffmpeg and ffprobe binaries shipped inside their registry packages (never downloaded at run time). */
export const ffmpegPath: string = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
export const ffprobePath: string = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

/** Thumbnails and poster frames fit in this square. */
const THUMBNAIL_SIZE = 640;
/** A file ffprobe or ffmpeg cannot finish with in this time is taken as unreadable. */
const TOOL_TIMEOUT_MS = 60_000;
/** Images with more pixels than this are refused rather than decoded (decompression bombs). */
const MAX_IMAGE_PIXELS = 12_000 * 12_000;

/** What was read from an upload: its kind (a video without pictures is audio), stored extension, metadata, thumbnail. */
export interface ProcessedMedia {
  type: MediaType;
  ext: string;
  metadata: Record<string, unknown>;
  /** A WebP thumbnail (image) or poster frame (video, audio cover art) written beside the upload, or null. */
  thumbnailPath: string | null;
}

/** The file's bytes looked like its format but it cannot be read as one (damaged or truncated). */
export class UnreadableMediaError extends Error {
  constructor(readonly type: MediaType) {
    super(`the ${type} could not be read`);
  }
}

interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
}
interface Probe {
  format?: { duration?: string };
  streams?: ProbedStream[];
}

/** At most `size` tasks at once; the others wait their turn in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

const seconds = (text: string | undefined) => {
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
};

/**
 * Reads what an upload is: an image's dimensions and a thumbnail (sharp); a video's or audio file's
 * duration, codecs and a poster frame or cover art (ffprobe, ffmpeg). A few at a time per process
 * (MEDIA_PROCESSING_CONCURRENCY), so a burst of uploads cannot take all memory and cores; the decoders
 * read the uploaded file from disk.
 */
export class MediaProcessor {
  private readonly slots: Slots;

  constructor(concurrency: number) {
    this.slots = new Slots(concurrency);
    // decoded images are used once: libvips' cache would only keep memory
    sharp.cache(false);
  }

  process(file: string, format: SniffedFormat): Promise<ProcessedMedia> {
    return this.slots.run(() => this.read(file, format));
  }

  private async read(file: string, format: SniffedFormat): Promise<ProcessedMedia> {
    const thumbnail = path.join(path.dirname(file), `${path.basename(file)}.thumb.webp`);
    switch (format.type) {
      case 'image':
        return this.image(file, format, thumbnail);
      case 'video':
      case 'audio':
        return this.timed(file, format, thumbnail);
      case 'pdf':
        return { type: 'pdf', ext: format.ext, metadata: {}, thumbnailPath: null };
    }
  }

  private async image(file: string, format: SniffedFormat, thumbnail: string): Promise<ProcessedMedia> {
    try {
      const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
      const meta = await sharp(file, options).metadata();
      await sharp(file, options)
        .rotate()
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(thumbnail);
      // EXIF orientations 5-8 turn the picture a quarter: width and height as people see it
      const turned = (meta.orientation ?? 1) >= 5;
      return {
        type: 'image',
        ext: format.ext,
        metadata: {
          width: turned ? meta.height : meta.width,
          height: turned ? meta.width : meta.height,
          ...((meta.pages ?? 1) > 1 ? { frames: meta.pages } : {}),
        },
        thumbnailPath: thumbnail,
      };
    } catch {
      await fsp.rm(thumbnail, { force: true });
      throw new UnreadableMediaError('image');
    }
  }

  private async timed(file: string, format: SniffedFormat, thumbnail: string): Promise<ProcessedMedia> {
    const probe = await this.probe(file, format.type);
    const streams = probe.streams ?? [];
    const picture = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
    const cover = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic);
    const sound = streams.find((s) => s.codec_type === 'audio');
    if (!picture && !sound) throw new UnreadableMediaError(format.type);
    const durationSeconds = seconds(probe.format?.duration);
    // a "video" container holding only sound is an audio file (stored as such, so it plays as one)
    const type: MediaType = picture ? 'video' : 'audio';
    const ext = type === 'audio' && format.type === 'video' ? (format.ext === 'webm' ? 'weba' : 'm4a') : format.ext;
    const metadata: Record<string, unknown> = {
      durationSeconds,
      ...(picture ? { width: picture.width, height: picture.height, videoCodec: picture.codec_name } : {}),
      ...(sound
        ? { audioCodec: sound.codec_name, sampleRate: Number(sound.sample_rate) || undefined, channels: sound.channels }
        : {}),
    };
    let thumbnailPath: string | null = null;
    if (picture || cover) {
      const at = picture && durationSeconds ? Math.min(1, durationSeconds / 10) : 0;
      thumbnailPath = await this.posterFrame(file, thumbnail, at, !picture);
    }
    return { type, ext, metadata, thumbnailPath };
  }

  private async probe(file: string, type: MediaType): Promise<Probe> {
    try {
      const { stdout } = await run(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
        timeout: TOOL_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
      });
      return JSON.parse(stdout) as Probe;
    } catch {
      throw new UnreadableMediaError(type);
    }
  }

  /** One frame at `at` seconds (or the cover art) as a WebP thumbnail; null when none can be taken. */
  private async posterFrame(file: string, thumbnail: string, at: number, coverArt: boolean): Promise<string | null> {
    const frame = `${thumbnail}.png`;
    try {
      const seek = coverArt ? [] : ['-ss', at.toFixed(2)];
      await run(ffmpegPath, ['-v', 'error', ...seek, '-i', file, '-map', '0:v:0', '-frames:v', '1', '-an', '-y', frame], {
        timeout: TOOL_TIMEOUT_MS,
      });
      await sharp(frame)
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toFile(thumbnail);
      return thumbnail;
    } catch {
      // a video whose frame cannot be taken still plays: it shows without a poster
      await fsp.rm(thumbnail, { force: true });
      return null;
    } finally {
      await fsp.rm(frame, { force: true });
    }
  }
}
