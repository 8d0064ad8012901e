import type { JobProgress, JobStart } from '@sparkhouse/contracts';

/** A run's facts a worker reported and has not stored yet: the attempt's start, and progress reports. */
export interface Unstored {
  started: JobStart | null;
  reports: JobProgress[];
}

export const NOTHING_UNSTORED: Unstored = { started: null, reports: [] };

/**
 * A run's start and progress reports waiting to be stored. Each step keeps its first report (so the
 * run's step history is complete) and the latest one; everything is written at most `intervalMs` after
 * the first fact waiting (the start, when the run began), or together with the run's next lifecycle fact,
 * whichever comes first: a run that ends sooner stores its start and its reports with how it ended.
 */
export class ProgressBuffer {
  private started: JobStart | null = null;
  private items: JobProgress[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly store: (unstored: Unstored) => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The attempt began: stored with the first reports, or on its own once the interval has passed. */
  start(started: JobStart) {
    this.started = started;
    this.arm();
  }

  add(report: JobProgress) {
    const last = this.items[this.items.length - 1];
    const lastIsStepStart = last && this.items.filter((i) => i.step === last.step).length === 1;
    if (last && last.step === report.step && !lastIsStepStart) this.items[this.items.length - 1] = report;
    else this.items.push(report);
    this.arm();
  }

  /** Everything pending, now; the caller stores it with its own event. */
  take(): Unstored {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const taken = { started: this.started, reports: this.items };
    this.started = null;
    this.items = [];
    return taken;
  }

  private arm() {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const pending = this.take();
      if (pending.started || pending.reports.length > 0) this.store(pending).catch(this.onError);
    }, this.intervalMs);
  }
}
