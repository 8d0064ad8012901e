import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { anonymousIdSchema } from '@sparkhouse/contracts';
import { AccessTokens, InvalidTokenError } from './access-tokens';
import type { Principal } from './principal';
import { SESSION_REVOCATION, type SessionRevocation } from './session-revocation';

/** How long a session's "still live" answer is reused: a signed-out token stops working within this. */
const LIVE_CACHE_MS = 5000;
const LIVE_CACHE_MAX = 10_000;

export type Resolution = { ok: true; principal: Principal | null } | { ok: false; reason: string };

/** Turns the caller's credentials (Bearer token, or anonymous id) into a principal. */
@Injectable()
export class PrincipalResolver {
  private readonly live = new Map<string, number>();
  private revocation: SessionRevocation | null | undefined;

  constructor(
    private readonly tokens: AccessTokens,
    private readonly moduleRef: ModuleRef,
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

  private async sessionIsLive(userId: string, sessionId: string): Promise<boolean> {
    if (this.revocation === undefined) {
      try {
        this.revocation = this.moduleRef.get<SessionRevocation>(SESSION_REVOCATION, { strict: false });
      } catch {
        this.revocation = null; // no identity module in this process: tokens are checked by signature alone
      }
    }
    if (!this.revocation) return true;
    const key = `${userId}:${sessionId}`;
    const checkedAt = this.live.get(key);
    if (checkedAt !== undefined && Date.now() - checkedAt < LIVE_CACHE_MS) return true;
    const live = await this.revocation.isLive(userId, sessionId);
    if (this.live.size >= LIVE_CACHE_MAX) this.live.clear();
    if (live) this.live.set(key, Date.now());
    else this.live.delete(key);
    return live;
  }
}
