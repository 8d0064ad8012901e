import { Injectable } from '@nestjs/common';
import { Database } from '../../../../platform/database/database';
import type { SessionRevocation } from '../../../../platform/auth/session-revocation';
import { sessions } from './sessions.repository';

/** Answers the platform's "is this sign-in still on?" from identity_session. */
@Injectable()
export class IdentitySessionRevocation implements SessionRevocation {
  constructor(private readonly orm: Database) {}

  isLive(userId: string, sessionId: string): Promise<boolean> {
    return sessions.isLive(this.orm.em.fork(), sessionId, userId);
  }
}
