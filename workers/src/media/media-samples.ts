import fs from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '@sparkhouse/backend';

const run = promisify(execFile);

/** The part of a recording sent for transcription: the speech API takes files up to 25 MB. */
export const SPEECH_MAX_SECONDS = 20 * 60;

/**
 * The sound of a video or recording as a small mono MP3 (16 kHz, 32 kbit/s: about 4 MB for 20
 * minutes), the first SPEECH_MAX_SECONDS of it, written into `dir`. Speech survives this; music
 * quality does not matter for a transcript.
 */
export async function speechTrack(file: string, dir: string, signal?: AbortSignal): Promise<string> {
  const out = path.join(dir, 'speech.mp3');
  await run(
    ffmpegPath,
    ['-v', 'error', '-y', '-i', file, '-t', String(SPEECH_MAX_SECONDS), '-vn', '-ac', '1', '-ar', '16000', '-b:a', '32k', out],
    { timeout: 120_000, signal },
  );
  return out;
}

/** Where `count` frames are taken from a video of `duration` seconds: evenly inside it, never at its very ends. */
export function frameTimes(durationSeconds: number, count: number): number[] {
  if (count <= 0 || !(durationSeconds > 0)) return [];
  return Array.from({ length: count }, (_, i) => Math.round(((durationSeconds * (i + 1)) / (count + 1)) * 100) / 100);
}

/** Frames of a video, 512 px wide JPEGs as data: URLs, for a model that can look at pictures. */
export async function videoFrames(
  file: string,
  dir: string,
  durationSeconds: number,
  count: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const frames: string[] = [];
  for (const [i, at] of frameTimes(durationSeconds, count).entries()) {
    const out = path.join(dir, `frame-${i}.jpg`);
    await run(
      ffmpegPath,
      ['-v', 'error', '-y', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', 'scale=512:-2', '-q:v', '5', out],
      { timeout: 30_000, signal },
    );
    const bytes = await fs.readFile(out).catch(() => null);
    if (bytes?.length) frames.push(`data:image/jpeg;base64,${bytes.toString('base64')}`);
  }
  return frames;
}
