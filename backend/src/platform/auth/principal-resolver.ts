import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { anonymousIdSchema } from '@sparkhouse/contracts';
import { PgListener } from '../database/pg-listener';
import { AccessTokens, InvalidTokenError } from './access-tokens';
import type { Principal } from './principal';
import { SESSION_REVOCATION, SESSION_REVOKED_CHANNEL, type SessionRevocation } from './session-revocation';

/**
 * How long a session known to be live is taken as live without asking again. Revocations are pushed
 * to every node (SESSION_REVOKED_CHANNEL) and take effect at once; this only bounds what a node that
 * somehow missed a push (it is not listening at that moment, so it trusts nothing) would believe.
 */
const LIVE_CACHE_MS = 60_000;
const LIVE_CACHE_MAX = 10_000;
/** How long the node that revoked waits for its own listener to have the revocation before answering. */
const REVOCATION_SYNC_MS = 2000;

export type Resolution = { ok: true; principal: Principal | null } | { ok: false; reason: string };

/** Turns the caller's credentials (Bearer token, or anonymous id) into a principal. */
@Injectable()
export class PrincipalResolver {
  private readonly logger = new Logger('PrincipalResolver');
  /** userId -> sessionId -> when it was last found live. */
  private readonly live = new Map<string, Map<string, number>>();
  private liveCount = 0;
  /** Moves on at every revocation heard: a check that was in flight meanwhile is not remembered. */
  private epoch = 0;
  private revocation: SessionRevocation | null | undefined;
  private listening = false;

  constructor(
    private readonly tokens: AccessTokens,
    private readonly moduleRef: ModuleRef,
    private readonly listener: PgListener,
  ) {}

  async resolve(credentials: { authorization?: string; token?: string; anonymousId?: string }): Promise<Resolution> {
    let token = credentials.token;
    if (!token && credentials.authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(credentials.authorization);
      if (!match) return { ok: false, reason: 'Authorization header must be "Bearer <access token>"' };
      token = match[1];
    }
    if (token) {
      try {
        const principal = await this.tokens.verify(token);
        if (principal.kind === 'user' && principal.sessionId && !(await this.sessionIsLive(principal.id, principal.sessionId))) {
          return { ok: false, reason: 'Access Token has been revoked' };
        }
        return { ok: true, principal };
      } catch (err) {
        if (err instanceof InvalidTokenError) return { ok: false, reason: err.message };
        throw err;
      }
    }
    if (credentials.anonymousId !== undefined) {
      const parsed = anonymousIdSchema.safeParse(credentials.anonymousId);
      if (!parsed.success) return { ok: false, reason: "X-Non-Auth-User-Id must look like 'anon_<id>'" };
      return { ok: true, principal: { kind: 'anonymous', id: parsed.data } };
    }
    return { ok: true, principal: null };
  }

  /**
   * After a commit that revoked sessions of `userId` (announceRevocation): this node forgets them at
   * once, and answers when its listener has received the push too, by then sent to every other node.
   */
  async sessionsRevoked(userId: string): Promise<void> {
    this.forget(userId);
    if (!this.listening || !this.listener.listening) return; // nothing cached is trusted without the push
    if (!(await this.listener.sync(REVOCATION_SYNC_MS))) this.logger.warn('revocation push not confirmed in time');
  }

  private forget(userId: string) {
    this.epoch++;
    const sessions = this.live.get(userId);
    if (!sessions) return;
    this.liveCount -= sessions.size;
    this.live.delete(userId);
  }

  private listenForRevocations() {
    if (this.listening) return;
    this.listening = true;
    // a dropped connection may have missed pushes: start from nothing
    this.listener.onReset(() => {
      this.epoch++;
      this.live.clear();
      this.liveCount = 0;
    });
    this.listener
      .listen(SESSION_REVOKED_CHANNEL, (userId) => this.forget(userId))
      .catch((err) => {
        this.logger.warn({ err }, 'cannot listen for revocations; checking every call');
        this.listening = false;
      });
  }

  private async sessionIsLive(userId: string, sessionId: string): Promise<boolean> {
    if (this.revocation === undefined) {
      try {
        this.revocation = this.moduleRef.get<SessionRevocation>(SESSION_REVOCATION, { strict: false });
      } catch {
        this.revocation = null; // no identity module in this process: tokens are checked by signature alone
      }
    }
    if (!this.revocation) return true;
    this.listenForRevocations();
    const trusted = this.listener.listening;
    const checkedAt = trusted ? this.live.get(userId)?.get(sessionId) : undefined;
    if (checkedAt !== undefined && Date.now() - checkedAt < LIVE_CACHE_MS) return true;
    const epoch = this.epoch;
    const live = await this.revocation.isLive(userId, sessionId);
    if (live && trusted && epoch === this.epoch) this.remember(userId, sessionId);
    else this.forget(userId);
    return live;
  }

  private remember(userId: string, sessionId: string) {
    if (this.liveCount >= LIVE_CACHE_MAX) {
      this.live.clear();
      this.liveCount = 0;
    }
    let sessions = this.live.get(userId);
    if (!sessions) this.live.set(userId, (sessions = new Map()));
    if (!sessions.has(sessionId)) this.liveCount++;
    sessions.set(sessionId, Date.now());
  }
}
