import { compareLogPositions } from './log-position';
import { checkpointOf, type Checkpoint, type LoggedEvent } from './event-log-reader';

/**
 * The newest committed events, in delivery order, held in memory by the relay: it reads the log once
 * and every subscriber that is up to date takes its batches from here, instead of each one reading the
 * table. The tail covers every committed event in (`start`, `end`] without a gap (it is only ever
 * extended by reading after `end` below the horizon), so a slice of it is exactly what a read of the
 * table after the same checkpoint answers. A subscriber behind `start` reads the table until it catches up.
 */
export class LogTail {
  private events: LoggedEvent[] = [];
  /** Index of the first event still held (trimmed ones are dropped in chunks). */
  private first = 0;
  private from: Checkpoint;

  constructor(
    start: Checkpoint,
    /** At most this many events are held: beyond it the oldest go, and subscribers still behind them read the table. */
    private readonly capacity: number,
  ) {
    this.from = start;
  }

  /** Events up to and including this one are not held (the checkpoint right before the first held event). */
  get start(): Checkpoint {
    return this.from;
  }

  /** The last event held, or `start` when none is. */
  get end(): Checkpoint {
    return this.size > 0 ? checkpointOf(this.events[this.events.length - 1]) : this.from;
  }

  get size(): number {
    return this.events.length - this.first;
  }

  /** Whether a subscriber at `at` can take its next events from here (it is not behind the tail). */
  covers(at: Checkpoint): boolean {
    return compareLogPositions(at, this.from) >= 0;
  }

  /**
   * The events after `at`, at most `limit`, or null when `at` is behind the tail (read the table). An
   * `at` past the end (a checkpoint a rebuild moved ahead) answers nothing yet.
   */
  after(at: Checkpoint, limit: number): LoggedEvent[] | null {
    if (!this.covers(at)) return null;
    const from = this.indexAfter(at);
    return this.events.slice(from, from + limit);
  }

  /** Adds events read right after `end`, in order. */
  append(events: readonly LoggedEvent[]): void {
    if (events.length === 0) return;
    if (compareLogPositions(checkpointOf(events[0]), this.end) <= 0) {
      throw new Error('LogTail.append: events must follow the tail');
    }
    this.events.push(...events);
    if (this.size > this.capacity) this.dropThrough(this.first + (this.size - this.capacity) - 1);
  }

  /** Lets go of the events every subscriber has passed (up to and including `at`). */
  trim(at: Checkpoint): void {
    if (this.size === 0 || compareLogPositions(at, this.from) <= 0) return;
    const last = this.indexAfter(at) - 1;
    if (last >= this.first) this.dropThrough(last);
  }

  /** Index of the first held event after `at` (binary search; the events are in delivery order). */
  private indexAfter(at: Checkpoint): number {
    let lo = this.first;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareLogPositions(checkpointOf(this.events[mid]), at) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private dropThrough(index: number) {
    this.from = checkpointOf(this.events[index]);
    this.first = index + 1;
    // compact now and then rather than shifting the array on every trim
    if (this.first > 1024 && this.first * 2 > this.events.length) {
      this.events = this.events.slice(this.first);
      this.first = 0;
    }
  }
}
