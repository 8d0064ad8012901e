import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { RedisConnections } from '../jobs/redis-connections';

/** How long a node's word that it holds an operations console socket lasts without being renewed. */
export const PRESENCE_TTL_MS = 30_000;
/** A node holding operations console sockets renews its word this often. */
const RENEW_EVERY_MS = 10_000;
/** Once someone is known to be there, pushes go out without asking Redis again for this long. */
const KNOWN_PRESENT_MS = 1000;
/** Longest the question waits for Redis; no answer counts as "someone is there" (pushes go out). */
const ASK_WAIT_MS = 250;

/**
 * Whether any operations console socket is connected, on any API node: run changes are pushed to
 * operators only then (at thousands of runs a minute, a push nobody can receive still costs every node
 * its encoding, publishing and receiving). A node marks the presence in Redis before an operator's socket
 * is let in and renews it while it holds one; the console reads everything afresh when its socket
 * connects, so a change made before the mark is not missed. Any doubt (Redis slow or away) counts as
 * "someone is there".
 */
@Injectable()
export class OperatorPresence implements OnApplicationShutdown {
  private held = 0;
  private renewer: NodeJS.Timeout | null = null;
  private knownPresentAt = -Infinity;

  constructor(private readonly redis: RedisConnections) {}

  key() {
    return `${this.redis.prefix}:realtime:operators-present`;
  }

  /** An operator's socket is about to be let in on this node: marks the presence (awaited) and keeps it. */
  async joined(): Promise<void> {
    this.held++;
    this.renewer ??= setInterval(() => void this.mark().catch(() => undefined), RENEW_EVERY_MS);
    this.renewer.unref();
    await this.bounded(this.mark(), undefined);
  }

  /** That socket is gone; the node stops renewing once it holds none (the mark then expires). */
  left(): void {
    this.held = Math.max(0, this.held - 1);
    if (this.held === 0 && this.renewer) {
      clearInterval(this.renewer);
      this.renewer = null;
    }
  }

  /** True when an operations console socket may be connected on some node. */
  async anyone(): Promise<boolean> {
    if (this.held > 0 || Date.now() - this.knownPresentAt < KNOWN_PRESENT_MS) return true;
    const seen = await this.bounded(
      this.redis
        .shared()
        .exists(this.key())
        .then((n) => n > 0),
      true,
    );
    if (seen) this.knownPresentAt = Date.now();
    return seen;
  }

  onApplicationShutdown() {
    if (this.renewer) clearInterval(this.renewer);
    this.renewer = null;
  }

  private async mark(): Promise<void> {
    await this.redis.shared().set(this.key(), '1', 'PX', PRESENCE_TTL_MS);
  }

  private async bounded<T>(work: Promise<T>, fallback: T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ASK_WAIT_MS)));
    try {
      return await Promise.race([work, late]);
    } catch {
      return fallback;
    } finally {
      clearTimeout(timer);
      work.catch(() => undefined);
    }
  }
}
