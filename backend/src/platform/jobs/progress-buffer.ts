import type { JobProgress } from '@sparkhouse/contracts';

/**
 * Progress reports waiting to be stored. Each step keeps its first report (so the run's step history
 * is complete) and the latest one; everything is written at most once per `intervalMs`, or together
 * with the run's next lifecycle fact, whichever comes first.
 */
export class ProgressBuffer {
  private items: JobProgress[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly store: (reports: JobProgress[]) => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
  ) {}

  add(report: JobProgress) {
    const last = this.items[this.items.length - 1];
    const lastIsStepStart = last && this.items.filter((i) => i.step === last.step).length === 1;
    if (last && last.step === report.step && !lastIsStepStart) this.items[this.items.length - 1] = report;
    else this.items.push(report);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const batch = this.take();
      if (batch.length > 0) this.store(batch).catch(this.onError);
    }, this.intervalMs);
  }

  /** Everything pending, now; the caller stores it with its own event. */
  take(): JobProgress[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const items = this.items;
    this.items = [];
    return items;
  }
}
