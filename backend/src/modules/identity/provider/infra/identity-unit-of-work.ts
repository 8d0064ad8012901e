import { Injectable } from '@nestjs/common';
import { Database, type Db } from '../../../../platform/database/database';
import type { NewEvent } from '@sparkhouse/contracts';
import { PrincipalResolver } from '../../../../platform/auth/principal-resolver';
import { revocationsAnnouncedIn } from '../../../../platform/auth/session-revocation';
import { EventStore } from '../../../../platform/events/event-store';
import type { IdentityProtocolError } from '../domain/protocol-errors';
import { EmailOutbox } from '../../../../platform/mail/email-outbox';

export const accountStream = (userId: string) => `account-${userId}`;

/** Thrown inside a unit of work: what was recorded still commits (e.g. a failed attempt), then the error is answered. */
export class CommitThenFail extends Error {
  constructor(readonly error: IdentityProtocolError) {
    super(error.message);
  }
}

export interface Work {
  readonly em: Db;
  /** Facts to append to the account's stream, as the transaction's last step. */
  record(userId: string, ...events: NewEvent[]): void;
  /** A fact about a username with no account (stream `unknown-user-<digest>`). */
  recordUnknown(usernameDigest: string, ...events: NewEvent[]): void;
  /** An outbox row to send once committed. */
  mail(outboxId: string): void;
}

/**
 * One command's transaction: write-model rows first, then the recorded events appended last; after
 * commit, revoked sessions made sure of on this node (pushed to the others), then mail delivery (not
 * awaited).
 */
@Injectable()
export class IdentityUnitOfWork {
  constructor(
    private readonly orm: Database,
    private readonly events: EventStore,
    private readonly outbox: EmailOutbox,
    private readonly principals: PrincipalResolver,
  ) {}

  async run<T>(fn: (work: Work) => Promise<T>): Promise<T> {
    const recorded: { stream: string; actor: string; events: NewEvent[] }[] = [];
    const mails: string[] = [];
    let deferred: IdentityProtocolError | null = null;
    const tx: { em?: Db } = {};
    const result = await this.orm.em.fork().transactional(async (em) => {
      tx.em = em;
      let value: T | undefined;
      try {
        value = await fn({
          em,
          record: (userId, ...events) => void recorded.push({ stream: accountStream(userId), actor: userId, events }),
          recordUnknown: (digest, ...events) =>
            void recorded.push({ stream: `unknown-user-${digest}`, actor: 'anonymous', events }),
          mail: (id) => void mails.push(id),
        });
      } catch (err) {
        if (!(err instanceof CommitThenFail)) throw err;
        deferred = err.error;
      }
      for (const { stream, actor, events } of recorded) {
        if (events.length > 0) await this.events.append(em, stream, events, { metadata: { actor } });
      }
      return value;
    });
    // a token of a session revoked here is refused by the next call, whichever node serves it
    for (const userId of tx.em ? revocationsAnnouncedIn(tx.em) : []) await this.principals.sessionsRevoked(userId);
    // sent after the answer, not before it: how long a call takes must not tell whether mail went out
    if (mails.length > 0) void Promise.all(mails.map((id) => this.outbox.deliver(id)));
    if (deferred) throw deferred;
    return result as T;
  }
}
