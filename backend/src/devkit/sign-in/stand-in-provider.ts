import { createHash, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, type JsonWebKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import type { SocialSignIn, StandInName } from '../../modules/identity';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config';
import { RedisConnections } from '../../platform/jobs/redis-connections';

/** RFC 7636: the S256 challenge of a verifier. */
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const randomToken = () => randomBytes(32).toString('base64url');

export interface StandInIdentity {
  email: string;
  name: string;
  /** Unchecked "share my email": the id token then carries no email, as a social account may do. */
  shareEmail: boolean;
}

interface PendingCode extends StandInIdentity {
  clientId: string;
  redirectUri: string;
  nonce: string | null;
  codeChallenge: string | null;
}

const CODE_TTL_S = 120;

/**
 * A small OpenID Connect provider standing in for Google and Apple when they are not configured,
 * so "Continue with Google/Apple" works offline and in tests. It signs id tokens with a key shared
 * by every node (kept in Redis) and speaks the standard code flow: authorize, token, jwks.
 */
@Injectable()
export class StandInProvider implements SocialSignIn {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisConnections,
  ) {}

  authorizePath(name: StandInName) {
    return `/api/identity/stand-in/${name}/authorize`;
  }

  issuer(name: StandInName) {
    return `${this.config.PUBLIC_URL}/api/identity/stand-in/${name}`;
  }

  /** The subject is stable per provider and email, like a real provider's account id. */
  subjectOf(name: StandInName, email: string) {
    return `${name}-${s256(`${name}:${email.toLowerCase()}`).slice(0, 24)}`;
  }

  async issueCode(pending: PendingCode): Promise<string> {
    const code = randomToken();
    await this.redis.shared().set(this.key(`code:${code}`), JSON.stringify(pending), 'EX', CODE_TTL_S);
    return code;
  }

  /** Exchanges a code once; answers the id token or null when the code is unknown, used or mismatched. */
  async exchange(
    name: StandInName,
    req: { code: string; clientId: string; redirectUri: string; codeVerifier?: string },
  ): Promise<{ idToken: string } | null> {
    const raw = await this.redis.shared().getdel(this.key(`code:${req.code}`));
    if (!raw) return null;
    const pending = JSON.parse(raw) as PendingCode;
    if (pending.clientId !== req.clientId || pending.redirectUri !== req.redirectUri) return null;
    if (pending.codeChallenge && (!req.codeVerifier || s256(req.codeVerifier) !== pending.codeChallenge)) return null;
    const { kid, privateKeyPem } = await this.key_();
    const claims: Record<string, unknown> = {
      sub: this.subjectOf(name, pending.email),
      name: pending.name,
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
      ...(pending.shareEmail ? { email: pending.email.toLowerCase(), email_verified: true } : {}),
    };
    const idToken = jwt.sign(claims, privateKeyPem, {
      algorithm: 'RS256',
      keyid: kid,
      issuer: this.issuer(name),
      audience: req.clientId,
      expiresIn: 300,
      jwtid: randomUUID(),
    });
    return { idToken };
  }

  async jwks() {
    const { kid, publicJwk } = await this.key_();
    return { keys: [{ ...publicJwk, kid, alg: 'RS256', use: 'sig' }] };
  }

  /** The verification key for a kid, for the in-process upstream. */
  async publicKey(kid: string) {
    const k = await this.key_();
    return k.kid === kid ? createPublicKey({ key: k.publicJwk, format: 'jwk' }) : null;
  }

  private key(suffix: string) {
    return `${this.redis.prefix}:stand-in-oidc:${suffix}`;
  }

  private async key_(): Promise<{ kid: string; privateKeyPem: string; publicJwk: JsonWebKey }> {
    const redis = this.redis.shared();
    const existing = await redis.get(this.key('signing-key'));
    if (existing) return JSON.parse(existing);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const fresh = {
      kid: randomUUID(),
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicJwk: publicKey.export({ format: 'jwk' }),
    };
    // first node to store it wins; everyone uses that one
    await redis.set(this.key('signing-key'), JSON.stringify(fresh), 'NX');
    return JSON.parse((await redis.get(this.key('signing-key')))!);
  }
}
