import { Injectable } from '@nestjs/common';
import { anonymousIdSchema } from '@sparkhouse/contracts';
import { AccessTokens, InvalidTokenError } from './access-tokens';
import type { Principal } from './principal';

export type Resolution = { ok: true; principal: Principal | null } | { ok: false; reason: string };

/** Turns the caller's credentials (Bearer token, or anonymous id) into a principal. */
@Injectable()
export class PrincipalResolver {
  constructor(private readonly tokens: AccessTokens) {}

  async resolve(credentials: { authorization?: string; token?: string; anonymousId?: string }): Promise<Resolution> {
    let token = credentials.token;
    if (!token && credentials.authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(credentials.authorization);
      if (!match) return { ok: false, reason: 'Authorization header must be "Bearer <access token>"' };
      token = match[1];
    }
    if (token) {
      try {
        return { ok: true, principal: await this.tokens.verify(token) };
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
}
