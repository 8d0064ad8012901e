import { Logger } from '@nestjs/common';
import type { Database } from '../database/database';
import { rows, textArray } from '../database/sql';
import type { Checkpoint } from './event-log-reader';
import { compareLogPositions } from './log-position';
import { CHECKPOINTS_CHANNEL } from './subscription-processor';

/**
 * Shortest time between two rounds. Under load the subscribers move every few milliseconds, and each
 * round rewrites every moved subscriber's row (dozens); a round at most this often saves the same
 * positions in fewer statements. The first move after a quiet spell is saved at once. A read waiting for
 * its own write (read-your-writes) may wait up to this much longer for a projection that skips its events.
 */
export const FLUSH_EVERY_MS = 50;

/** Where a live subscriber is, as the relay that delivers to it knows it. */
export interface SubscriberCursor {
  readonly name: string;
  readonly kind: 'projection' | 'reactor';
  /** What it has dealt with. */
  at: Checkpoint;
  /** What event_checkpoint holds for it, as far as this relay knows. */
  saved: Checkpoint;
  /** The table moved without us (a rebuild switched the read model): read it again before the next step. */
  stale: boolean;
}

/**
 * Saves the checkpoints that moved without a transaction of their own — a subscriber passing events it
 * does not handle, a reactor after its side effects — for every subscriber at once: one statement per
 * round instead of one transaction per subscriber, which also announces the projections' new
 * checkpoints to every API node (read-your-writes). Each row is compare-and-set from the value this
 * relay last saw, so a checkpoint that a rebuild or another relay moved meanwhile is left alone and
 * its cursor marked stale. One flush runs at a time; moves made meanwhile go in the next.
 */
export class CheckpointFlusher {
  private readonly logger = new Logger('EventRelay');
  private readonly dirty = new Map<string, SubscriberCursor>();
  private running: Promise<void> | null = null;
  private lastRoundAt = -Infinity;

  constructor(
    private readonly orm: Database,
    private readonly everyMs = FLUSH_EVERY_MS,
  ) {}

  /** The cursor has moved past what is saved: save it soon. */
  moved(cursor: SubscriberCursor): void {
    this.dirty.set(cursor.name, cursor);
    this.running ??= Promise.resolve()
      .then(() => this.drain())
      .finally(() => (this.running = null));
  }

  /** Resolves once everything moved so far is saved (or found stale). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.dirty.size > 0) {
      this.running = this.drain().finally(() => (this.running = null));
      await this.running;
    }
  }

  private async drain(): Promise<void> {
    while (this.dirty.size > 0) {
      const wait = this.lastRoundAt + this.everyMs - performance.now();
      // moves made while waiting join this round
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.lastRoundAt = performance.now();
      const batch = [...this.dirty.values()]
        .filter((c) => !c.stale && compareLogPositions(c.at, c.saved) > 0)
        .map((c) => ({ cursor: c, from: c.saved, to: c.at }));
      this.dirty.clear();
      if (batch.length === 0) return;
      try {
        const saved = await this.save(batch);
        for (const { cursor, from, to } of batch) {
          if (saved.has(cursor.name)) {
            if (compareLogPositions(to, cursor.saved) > 0) cursor.saved = to;
          } else if (compareLogPositions(cursor.saved, from) === 0) {
            // nothing of ours moved it since: someone else did
            cursor.stale = true;
          }
        }
      } catch (err) {
        // the moves stay unsaved until the next round's flush (a lost one only means events read twice)
        this.logger.warn({ err }, 'could not save checkpoints; will try again');
        for (const { cursor } of batch) if (!this.dirty.has(cursor.name)) this.dirty.set(cursor.name, cursor);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  private async save(batch: { cursor: SubscriberCursor; from: Checkpoint; to: Checkpoint }[]): Promise<Set<string>> {
    const column = (pick: (b: (typeof batch)[number]) => string) => textArray(batch.map(pick));
    const saved = await rows<{ subscriber: string }>(
      this.orm.em.fork(),
      `with moved as (
         select * from unnest(?::text[], ?::xid8[], ?::bigint[], ?::xid8[], ?::bigint[]) as m(subscriber, from_tx, from_pos, to_tx, to_pos)
       ), saved as (
         update event_checkpoint c set transaction_id = m.to_tx, position = m.to_pos, updated_at = now()
           from moved m
          where c.subscriber = m.subscriber and c.transaction_id = m.from_tx and c.position = m.from_pos
          returning c.subscriber, c.kind, m.to_tx, m.to_pos
       ), announced as (
         select pg_notify(?, string_agg(subscriber || ' ' || to_tx || ' ' || to_pos, E'\\n')) from saved
          where kind = 'projection' having count(*) > 0
       )
       select subscriber from saved, (select count(*) from announced) as a`,
      [
        column((b) => b.cursor.name),
        column((b) => b.from.transactionId),
        column((b) => b.from.position),
        column((b) => b.to.transactionId),
        column((b) => b.to.position),
        CHECKPOINTS_CHANNEL,
      ],
    );
    return new Set(saved.map((r) => r.subscriber));
  }
}
