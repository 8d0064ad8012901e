/**
 * Gathers concurrent writes into one statement: `submit` queues an item and answers once the batch it
 * went out in has been written (`write` answered) — or rejects with that batch's error. At most one
 * batch is written at a time; items submitted meanwhile wait and leave together in the next one, so
 * batches grow with the load and a quiet process writes each item at once (one event-loop turn later,
 * to take the items that arrived in the same turn along).
 */
export class GroupCommit<I, O> {
  private queue: { item: I; resolve: (out: O) => void; reject: (err: unknown) => void }[] = [];
  private writing: Promise<void> | null = null;
  private scheduled = false;

  /**
   * `write` answers one result per item, in the items' order. `maxBatch` caps the items of one
   * statement (the rest wait for the next).
   */
  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Until everything submitted so far has been written (or failed). */
  async flushed(): Promise<void> {
    while (this.writing || this.queue.length > 0 || this.scheduled) {
      if (this.writing) await this.writing;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private schedule() {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.next();
    });
  }

  private next() {
    if (this.writing || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.writing = Promise.resolve()
      .then(() => this.write(batch.map((b) => b.item)))
      .then((outs) => {
        if (outs.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${outs.length} results`);
        batch.forEach((b, i) => b.resolve(outs[i]));
      })
      .catch((err: unknown) => batch.forEach((b) => b.reject(err)))
      .finally(() => {
        this.writing = null;
        // what arrived while this batch was written leaves now, without waiting for another turn
        this.next();
      });
  }
}
