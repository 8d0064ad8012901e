/**
 * Watch progress (spec sections 3 and 7): updateProductProgress takes percent_complete,
 * additional_seconds_watched (since the last save) and position_in_seconds. The tracker counts
 * seconds actually played — a seek is a jump, not watching — and hands out the delta at each save.
 */
export const SAVE_EVERY_SECONDS = 5;
/** A currentTime step larger than this between two timeupdates is a seek (timeupdate fires ~4x/s). */
const MAX_PLAYBACK_STEP_SECONDS = 2;

export interface ProgressUpdate {
  percent_complete: number;
  additional_seconds_watched: number;
  position_in_seconds: number;
}

export function percentComplete(position: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(position)) return 0;
  return Math.min(100, Math.max(0, Math.round((position / duration) * 100)));
}

export class WatchProgressTracker {
  private lastTime: number | null = null;
  private watched = 0;
  private savedWatched = 0;

  /** Where playback starts (after a resume): the jump there is not watching. */
  reset(position: number): void {
    this.lastTime = position;
  }

  /** Feed every timeupdate's currentTime while playing. */
  observe(currentTime: number): void {
    if (this.lastTime !== null) {
      const step = currentTime - this.lastTime;
      if (step > 0 && step <= MAX_PLAYBACK_STEP_SECONDS) this.watched += step;
    }
    this.lastTime = currentTime;
  }

  /** Seconds played since the last save. */
  get unsavedSeconds(): number {
    return this.watched - this.savedWatched;
  }

  /** Time for a periodic save: about SAVE_EVERY_SECONDS of playback since the last one. */
  get dueForSave(): boolean {
    return this.unsavedSeconds >= SAVE_EVERY_SECONDS;
  }

  /**
   * The update to send now, and the delta marked as saved. Whole seconds are sent; the fraction
   * stays for the next save so nothing is lost or counted twice.
   */
  takeUpdate(position: number, duration: number): ProgressUpdate {
    const additional = Math.max(0, Math.floor(this.unsavedSeconds));
    this.savedWatched += additional;
    return {
      percent_complete: percentComplete(position, duration),
      additional_seconds_watched: additional,
      position_in_seconds: Math.max(0, Math.floor(position)),
    };
  }

  /** A save failed: give its seconds back so the next save carries them. */
  restore(update: ProgressUpdate): void {
    this.savedWatched -= update.additional_seconds_watched;
  }
}

/** Resume where the viewer left off, unless that was (nearly) the end: then start over. */
export function resumePosition(savedSeconds: number | null | undefined, duration: number): number {
  if (!savedSeconds || savedSeconds <= 0 || !Number.isFinite(savedSeconds)) return 0;
  if (Number.isFinite(duration) && duration > 0 && savedSeconds >= duration - 3) return 0;
  return savedSeconds;
}
