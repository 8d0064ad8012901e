import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { PgListener } from '../database/pg-listener';
import { EVENTS_CHANNEL } from './event-store';

/**
 * Tells the relay that events were committed: at once in this process, and through PostgreSQL to the
 * relay of every other node. Sent after the commit, from the listening connection, never inside the
 * writer's transaction: a NOTIFY there would make every appending commit wait for the one before it.
 * A lost signal only delays delivery to the relay's next poll.
 */
@Injectable()
export class AppendSignals implements OnModuleInit {
  private readonly logger = new Logger('AppendSignals');
  private readonly appending = new WeakSet<object>();
  private readonly local = new Set<() => void>();
  private sending = false;
  private again = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly listener: PgListener,
  ) {}

  onModuleInit() {
    this.orm.em.getEventManager().registerSubscriber({
      afterTransactionCommit: async ({ transaction }: { transaction?: object }) => {
        if (transaction && this.appending.has(transaction)) {
          this.appending.delete(transaction);
          this.committed();
        }
      },
    });
  }

  /** Marks the transaction (and the ones it is nested in) as one that appended events. */
  appendingIn(transaction: object | undefined) {
    for (let t = transaction; t; t = parentOf(t)) this.appending.add(t);
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

/** MikroORM links a nested transaction (a savepoint) to its parent under a private symbol. */
function parentOf(trx: object): object | undefined {
  const key = Object.getOwnPropertySymbols(trx).find((s) => s.description === 'parentTransaction');
  return key ? ((trx as Record<symbol, object | undefined>)[key] ?? undefined) : undefined;
}
