import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Database, type Transaction } from '../database/database';
import { PgListener } from '../database/pg-listener';
import { EVENTS_CHANNEL } from './events-channel';

/** Shortest time between two notifications of this process (other nodes' relays wake at most this much later). */
export const NOTIFY_EVERY_MS = 10;

/**
 * Tells the relay that events were committed: at once in this process, and through PostgreSQL to the
 * relay of every other node. Sent after the commit, from the listening connection, never inside the
 * writer's transaction: a NOTIFY there would make every appending commit wait for the one before it.
 * A lost signal only delays delivery to the relay's next poll.
 */
@Injectable()
export class AppendSignals implements OnModuleInit {
  private readonly logger = new Logger('AppendSignals');
  private readonly appending = new WeakSet<Transaction>();
  private readonly local = new Set<() => void>();
  private sending = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private sentAt = -Infinity;
  private sent = 0;
  private deliveredHere: () => boolean = () => false;

  constructor(
    private readonly orm: Database,
    private readonly listener: PgListener,
  ) {}

  onModuleInit() {
    this.orm.onCommit((transaction) => {
      if (this.appending.has(transaction)) {
        this.appending.delete(transaction);
        this.committed();
      }
    });
  }

  /** Marks the transaction (the top-level one it is part of) as one that appended events. */
  appendingIn(transaction: Transaction | undefined) {
    if (transaction) this.appending.add(transaction.root);
  }

  /** An append that ran as a statement of its own (outside a transaction) has committed. */
  committedAlone() {
    this.committed();
  }

  /** Called in this process after every commit that appended events. */
  onCommitted(listener: () => void) {
    this.local.add(listener);
    return () => this.local.delete(listener);
  }

  /**
   * The relay of this process says whether it is the one delivering events. While it is, the other
   * nodes' relays stand by and read nothing, so the notification would only wake this process's own
   * listening connection, already woken above (a NOTIFY round trip per window saved). A node that takes
   * over reads everything committed from its saved checkpoints; a signal skipped in the moment of the
   * handover only delays delivery to its next poll, as a lost one does.
   */
  setDeliveredHere(isLeader: () => boolean) {
    this.deliveredHere = isLeader;
  }

  private committed() {
    for (const l of this.local) l();
    if (!this.deliveredHere()) this.broadcast();
  }

  /**
   * One notification in flight at a time, and at most one per NOTIFY_EVERY_MS: the first commit after a
   * quiet spell is signalled at once; commits meanwhile are covered by one more at the end of the window
   * (under load, a notification per few milliseconds instead of one per commit, for the same wake-ups).
   */
  private broadcast() {
    if (this.sending || this.timer) {
      this.again = true;
      return;
    }
    const wait = this.sentAt + NOTIFY_EVERY_MS - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, wait);
      this.timer.unref();
      return;
    }
    this.send();
  }

  private send() {
    this.sending = true;
    // the commits that asked for one more are covered by this one
    this.again = false;
    this.sentAt = performance.now();
    this.sent += 1;
    this.listener
      .notify(EVENTS_CHANNEL)
      .catch((err) => this.logger.warn({ err }, 'could not signal committed events; the relay will poll'))
      .finally(() => {
        this.sending = false;
        if (this.again) {
          this.again = false;
          this.broadcast();
        }
      });
  }

  /** How many notifications this process has sent (for tests and diagnostics). */
  get notificationsSent(): number {
    return this.sent;
  }
}
