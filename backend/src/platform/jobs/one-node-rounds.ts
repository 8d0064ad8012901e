import type { RedisConnections } from './redis-connections';

/**
 * Periodic work done by one node per round: every node ticks, and the one that takes the round's Redis
 * key (expiring just before the next round) does the work. One round at a time per process; `stop`
 * waits for the round in flight.
 */
export class OneNodeRounds {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly redis: RedisConnections,
    private readonly round: { key: string; everyMs: number; work: () => Promise<void>; failed: (err: unknown) => void },
  ) {}

  start() {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().finally(() => (this.running = null));
    }, this.round.everyMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tick() {
    try {
      const won = await this.redis.shared().set(this.round.key, '1', 'PX', Math.max(100, this.round.everyMs - 50), 'NX');
      if (won === 'OK') await this.round.work();
    } catch (err) {
      this.round.failed(err);
    }
  }
}
