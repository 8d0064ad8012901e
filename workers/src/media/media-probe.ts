import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffprobePath } from '@sparkhouse/backend';

const run = promisify(execFile);

/** What a video or audio file says about itself. */
export interface ProbedMedia {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
  /** Its own tags: title, artist, album, comment, description. */
  tags: Record<string, string>;
}

interface FfprobeOutput {
  format?: { duration?: string; tags?: Record<string, string> };
  streams?: { codec_type?: string; width?: number; height?: number; disposition?: { attached_pic?: number } }[];
}

/** Reads a media file's duration, picture size, streams and tags with ffprobe (bounded in time). */
export async function probeMedia(file: string, timeoutMs = 20_000): Promise<ProbedMedia> {
  const { stdout } = await run(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    timeout: timeoutMs,
    maxBuffer: 4 * 1024 * 1024,
  });
  const out = JSON.parse(stdout) as FfprobeOutput;
  const streams = out.streams ?? [];
  const picture = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = Number(out.format?.duration);
  const tags = Object.fromEntries(Object.entries(out.format?.tags ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    width: picture?.width ?? null,
    height: picture?.height ?? null,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    hasVideo: Boolean(picture),
    tags,
  };
}

/** "3 min 20 s", "45 s", "1 h 2 min". */
export function spokenDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h) return `${h} h${m ? ` ${m} min` : ''}`;
  return `${m} min${rest ? ` ${rest} s` : ''}`;
}
