import { generateKeyPairSync, randomUUID, type JsonWebKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { BearerVerifier, pemOf, remoteJwks, TokenRejected, type KeySource } from './bearer-verifier';
import type { Principal } from './principal';

interface KeyRow {
  kid: string;
  private_key_pem: string;
  public_jwk: JsonWebKey;
}

export class InvalidTokenError extends Error {}

export interface AccessTokenClaims {
  sub: string;
  email?: string;
  /** Role names, as a hosted user pool names its groups. */
  'cognito:groups'?: string[];
  /** 'challenge' marks the short-lived sessions of a sign-in challenge; only 'access' tokens authenticate calls. */
  token_use?: 'access' | 'id' | 'challenge';
  /** Further claims, e.g. those a hosted user pool puts in its tokens (scope, username, client_id, origin_jti). */
  [claim: string]: unknown;
}

/** Claims of a verified token, with the registered ones jsonwebtoken fills in. */
export type VerifiedClaims = AccessTokenClaims & { iat: number; exp: number; jti?: string };

const KEY_CACHE_MS = 60_000;
const VERIFIED_CACHE_MAX = 10_000;

/**
 * RS256 access tokens: signed with the newest key of the signing_key table (created on first
 * need, shared by every node) and verified against all keys not retired, so keys can rotate.
 */
@Injectable()
export class AccessTokens {
  private keys: KeyRow[] = [];
  private loadedAt = 0;
  private readonly verifier: BearerVerifier;
  /** Access tokens whose signature, issuer and use were verified, until their expiry. */
  private readonly verified = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly orm: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const ours: KeySource = {
      issuer: this.issuer,
      keyFor: async (kid) => {
        let key = (await this.signingKeys()).find((k) => k.kid === kid);
        if (!key) key = (await this.signingKeys(true)).find((k) => k.kid === kid);
        return key ? pemOf(key.public_jwk) : null;
      },
    };
    const hosted =
      config.AUTH_TRUSTED_ISSUER && config.AUTH_TRUSTED_JWKS_URL
        ? [remoteJwks(config.AUTH_TRUSTED_ISSUER, config.AUTH_TRUSTED_JWKS_URL)]
        : [];
    this.verifier = new BearerVerifier([ours, ...hosted]);
  }

  get issuer() {
    return this.config.PUBLIC_URL;
  }

  async sign(claims: AccessTokenClaims, ttlSeconds = 15 * 60): Promise<string> {
    const key = (await this.signingKeys())[0];
    return jwt.sign({ token_use: 'access', ...claims }, key.private_key_pem, {
      algorithm: 'RS256',
      keyid: key.kid,
      expiresIn: ttlSeconds,
      issuer: this.issuer,
      jwtid: randomUUID(),
    });
  }

  async verify(token: string): Promise<Principal> {
    // a token verified a moment ago need not have its RSA signature checked again on every call; kept no
    // longer than the signing keys are (a retired key stops its tokens as soon), nor past its expiry.
    // Revocation is checked by the caller, per call, from the session.
    const known = this.verified.get(token);
    if (known && known.until > Date.now()) return known.principal;
    const claims = await this.verifyClaims(token);
    const sessionId = typeof claims.origin_jti === 'string' ? claims.origin_jti : undefined;
    const principal: Principal = {
      kind: 'user',
      id: claims.sub,
      email: claims.email,
      roles: claims['cognito:groups'] ?? [],
      sessionId,
    };
    if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
    this.verified.set(token, { principal, until: Math.min(claims.exp * 1000, Date.now() + KEY_CACHE_MS) });
    return principal;
  }

  /** Checks signature, issuer, expiry and use (a token without token_use counts as an access token). */
  async verifyClaims(token: string, use: 'access' | 'id' | 'challenge' = 'access'): Promise<VerifiedClaims> {
    let claims: VerifiedClaims;
    try {
      claims = (await this.verifier.verify(token)) as VerifiedClaims;
    } catch (err) {
      if (err instanceof TokenRejected) throw new InvalidTokenError(err.message);
      throw err;
    }
    if ((claims.token_use ?? 'access') !== use) throw new InvalidTokenError(`Not an ${use} token`);
    if (typeof claims.sub !== 'string') throw new InvalidTokenError('Access token is invalid');
    return claims;
  }

  /** Public keys as a JWKS document. */
  async jwks() {
    return { keys: (await this.signingKeys()).map((k) => ({ ...k.public_jwk, kid: k.kid, alg: 'RS256', use: 'sig' })) };
  }

  private async signingKeys(force = false): Promise<KeyRow[]> {
    if (!force && this.keys.length > 0 && Date.now() - this.loadedAt < KEY_CACHE_MS) return this.keys;
    const conn = this.orm.em.fork().getConnection();
    const load = () =>
      conn.execute<KeyRow[]>(
        'select kid, private_key_pem, public_jwk from signing_key where retired_at is null order by created_at desc',
      );
    let rows = await load();
    if (rows.length === 0) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      await conn.execute(`insert into signing_key (kid, algorithm, private_key_pem, public_jwk) values (?, 'RS256', ?, ?)`, [
        randomUUID(),
        privateKey.export({ type: 'pkcs8', format: 'pem' }),
        JSON.stringify(publicKey.export({ format: 'jwk' })),
      ]);
      rows = await load();
    }
    this.keys = rows;
    this.loadedAt = Date.now();
    return rows;
  }
}
