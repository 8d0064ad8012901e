import { Injectable } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { NewEvent } from '@sparkhouse/contracts';
import { EventStore } from '../../../../platform/events/event-store';
import type { IdentityProtocolError } from '../protocol/protocol-errors';
import { EmailOutbox } from './email-outbox';

export const accountStream = (userId: string) => `account-${userId}`;

/** Thrown inside a unit of work: what was recorded still commits (e.g. a failed attempt), then the error is answered. */
export class CommitThenFail extends Error {
  constructor(readonly error: IdentityProtocolError) {
    super(error.message);
  }
}

export interface Work {
  readonly em: EntityManager;
  /** Facts to append to the account's stream, as the transaction's last step. */
  record(userId: string, ...events: NewEvent[]): void;
  /** An outbox row to send once committed. */
  mail(outboxId: string): void;
}

/**
 * One command's transaction: write-model rows first, then the recorded events appended last (the
 * event store's lock is held only from there to commit), then mail delivery after commit.
 */
@Injectable()
export class IdentityUnitOfWork {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventStore,
    private readonly outbox: EmailOutbox,
  ) {}

  async run<T>(fn: (work: Work) => Promise<T>): Promise<T> {
    const recorded: { userId: string; events: NewEvent[] }[] = [];
    const mails: string[] = [];
    let deferred: IdentityProtocolError | null = null;
    const result = await this.orm.em.fork().transactional(async (em) => {
      let value: T | undefined;
      try {
        value = await fn({
          em,
          record: (userId, ...events) => void recorded.push({ userId, events }),
          mail: (id) => void mails.push(id),
        });
      } catch (err) {
        if (!(err instanceof CommitThenFail)) throw err;
        deferred = err.error;
      }
      for (const { userId, events } of recorded) {
        if (events.length > 0) await this.events.append(em, accountStream(userId), events, { metadata: { actor: userId } });
      }
      return value;
    });
    for (const id of mails) await this.outbox.deliver(id);
    if (deferred) throw deferred;
    return result as T;
  }
}
