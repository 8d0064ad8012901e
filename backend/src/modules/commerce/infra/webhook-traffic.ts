import { Injectable } from '@nestjs/common';

/**
 * The webhook deliveries this process is answering. Applying events in the background runs on the same
 * event loop (and cores) as the answers: it waits for a lull, so Stripe is answered first, yet never
 * longer than it chooses (under a steady stream of deliveries it still moves on).
 */
@Injectable()
export class WebhookTraffic {
  private inFlight = 0;
  private arrivals = 0;
  private lastAnsweredAt = 0;
  private idleWaiters = new Set<() => void>();

  /** A delivery arrived; call the answer once it has been answered (or its connection closed). */
  arrived(): () => void {
    this.inFlight++;
    this.arrivals++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.lastAnsweredAt = Date.now();
      if (--this.inFlight === 0) for (const wake of [...this.idleWaiters]) wake();
    };
  }

  /**
   * Until no delivery has been in flight for `lullMs` (none being answered, none arriving), or
   * `maxWaitMs` has passed, whichever comes first.
   */
  async lull(lullMs: number, maxWaitMs: number): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      if (this.inFlight > 0) {
        await this.noneInFlight(left);
        continue;
      }
      const quietFor = Date.now() - this.lastAnsweredAt;
      if (quietFor >= lullMs) return;
      const arrivals = this.arrivals;
      await new Promise((resolve) => setTimeout(resolve, Math.min(lullMs - quietFor, left)));
      if (this.arrivals === arrivals && this.inFlight === 0) return;
    }
  }

  private noneInFlight(maxWaitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, maxWaitMs);
      this.idleWaiters.add(wake);
    });
  }
}
