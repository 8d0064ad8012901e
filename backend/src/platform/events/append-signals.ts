import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Database, type Transaction } from '../database/database';
import { PgListener } from '../database/pg-listener';
import { EVENTS_CHANNEL } from './events-channel';

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

  private committed() {
    for (const l of this.local) l();
    this.broadcast();
  }

  /** One notification in flight at a time; commits meanwhile are covered by one more after it. */
  private broadcast() {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = true;
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
}
