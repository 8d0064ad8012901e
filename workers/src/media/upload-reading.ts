import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { MediaType } from '@sparkhouse/contracts';

const run = promisify(execFile);

/** Thumbnails and poster frames fit in this square. */
const THUMBNAIL_SIZE = 640;
/** A file ffprobe or ffmpeg cannot finish with in this time is taken as unreadable. */
const TOOL_TIMEOUT_MS = 60_000;
/** Images with more pixels than this are refused rather than decoded (decompression bombs). */
const MAX_IMAGE_PIXELS = 12_000 * 12_000;

/** What reading an upload gave: facts only a decoder tells, and a WebP thumbnail or poster frame (or none). */
export interface UploadReading {
  metadata: Record<string, unknown>;
  /** The thumbnail written (the path asked for), or null when the file has no picture. */
  thumbnailPath: string | null;
}

/** Where the ffmpeg and ffprobe binaries are (the backend's media-tools.ts, handed over by the reader's parent). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** The file's bytes looked like its format but it cannot be decoded as one (damaged or truncated). */
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

const seconds = (text: string | undefined) => {
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : null;
};

/**
 * Reads an uploaded file the way only decoders can: an image's dimensions and frames and a thumbnail
 * (sharp); a video's or audio file's duration, codecs and a poster frame or cover art (ffprobe,
 * ffmpeg). Writes the thumbnail to `thumbnail`. Runs in the media reader's own process (media-reader.ts).
 */
export function readUpload(file: string, type: MediaType, thumbnail: string, tools: MediaTools): Promise<UploadReading> {
  switch (type) {
    case 'image':
      return readImage(file, thumbnail);
    case 'video':
    case 'audio':
      return readTimed(file, type, thumbnail, tools);
    case 'pdf':
      return Promise.resolve({ metadata: {}, thumbnailPath: null });
  }
}

async function readImage(file: string, thumbnail: string): Promise<UploadReading> {
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

async function readTimed(file: string, type: MediaType, thumbnail: string, tools: MediaTools): Promise<UploadReading> {
  const probe = await probeFile(file, type, tools);
  const streams = probe.streams ?? [];
  const picture = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const cover = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic);
  const sound = streams.find((s) => s.codec_type === 'audio');
  if (!picture && !sound) throw new UnreadableMediaError(type);
  const durationSeconds = seconds(probe.format?.duration);
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
    thumbnailPath = await posterFrame(file, thumbnail, at, !picture, tools);
  }
  return { metadata, thumbnailPath };
}

async function probeFile(file: string, type: MediaType, tools: MediaTools): Promise<Probe> {
  try {
    const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      timeout: TOOL_TIMEOUT_MS,
      maxBuffer: 4 * 1024 * 1024,
    });
    return JSON.parse(stdout) as Probe;
  } catch {
    throw new UnreadableMediaError(type);
  }
}

/** One frame at `at` seconds (or the cover art) as a WebP thumbnail; null when none can be taken. */
async function posterFrame(
  file: string,
  thumbnail: string,
  at: number,
  coverArt: boolean,
  tools: MediaTools,
): Promise<string | null> {
  const frame = `${thumbnail}.png`;
  try {
    const seek = coverArt ? [] : ['-ss', at.toFixed(2)];
    await run(tools.ffmpeg, ['-v', 'error', ...seek, '-i', file, '-map', '0:v:0', '-frames:v', '1', '-an', '-y', frame], {
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
