import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AccessTokens, type AccessTokenClaims } from '../../../../platform/auth/access-tokens';
import type { Principal } from '../../../../platform/auth/principal';

type SignedInUser = Extract<Principal, { kind: 'user' }>;

/** Audience and token_use of app tokens: the API refuses them as access tokens (token_use is not 'access'). */
export const APP_TOKEN_AUDIENCE = 'sparkhouse-apps';
export const APP_TOKEN_TTL_SECONDS = 15 * 60;

/** Short-lived tokens for a user's apps, signed with the platform's keys (verifiable from its JWKS). */
@Injectable()
export class AppTokens {
  constructor(private readonly tokens: AccessTokens) {}

  async issue(user: SignedInUser): Promise<{ token: string; expiresAt: string }> {
    const claims = { sub: user.id, email: user.email, token_use: 'app', aud: APP_TOKEN_AUDIENCE, scope: 'apps' };
    const token = await this.tokens.sign(claims as unknown as AccessTokenClaims, APP_TOKEN_TTL_SECONDS);
    const { exp } = jwt.decode(token) as { exp: number };
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }
}
