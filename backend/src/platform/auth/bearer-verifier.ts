import { createPublicKey, type JsonWebKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Strategy as JwtStrategy, ExtractJwt, type StrategyOptionsWithoutRequest } from 'passport-jwt';

/** A key set a token may be signed with: ours (from the signing_key table) or a hosted pool's JWKS. */
export interface KeySource {
  issuer: string;
  /** The public key (PEM) for a key id, or null when the set has no such key. */
  keyFor(kid: string): Promise<string | null>;
}

export class TokenRejected extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

export const pemOf = (jwk: JsonWebKey) =>
  createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'pem', type: 'spki' }).toString();

/** A JWKS document fetched over HTTP and cached: how a hosted user pool publishes its keys. */
export function remoteJwks(issuer: string, jwksUrl: string, cacheMs = 10 * 60_000): KeySource {
  let cached: { at: number; keys: (JsonWebKey & { kid?: string })[] } | null = null;
  return {
    issuer,
    async keyFor(kid) {
      if (!cached || Date.now() - cached.at > cacheMs || !cached.keys.some((k) => k.kid === kid)) {
        const res = await fetch(jwksUrl);
        if (!res.ok) return null;
        cached = { at: Date.now(), keys: ((await res.json()) as { keys: (JsonWebKey & { kid?: string })[] }).keys };
      }
      const jwk = cached.keys.find((k) => k.kid === kid);
      return jwk ? pemOf(jwk) : null;
    },
  };
}

/**
 * Verifies bearer tokens with passport-jwt: RS256 only, the issuer of one of the trusted key
 * sets, its key picked by the token's kid. A hosted pool's tokens are accepted the same way as ours
 * once its JWKS is configured.
 */
export class BearerVerifier {
  private readonly strategy: JwtStrategy;

  constructor(private readonly sources: KeySource[]) {
    const options: StrategyOptionsWithoutRequest = {
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['RS256'],
      issuer: sources.map((s) => s.issuer),
      secretOrKeyProvider: (_req, rawJwt, done) => {
        this.keyFor(String(rawJwt))
          .then((key) => (key ? done(null, key) : done(new TokenRejected('Access token was signed by an unknown key'))))
          .catch((err) => done(err));
      },
    };
    this.strategy = new JwtStrategy(options, (payload: unknown, done: (err: unknown, user?: unknown) => void) =>
      done(null, payload),
    );
  }

  verify(token: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      // one authentication = one strategy instance sharing the configured one's state (passport's way)
      const attempt = Object.create(this.strategy) as JwtStrategy & {
        success: (user: unknown) => void;
        fail: (info: unknown) => void;
        error: (err: unknown) => void;
      };
      attempt.success = (user) => resolve(user as Record<string, unknown>);
      attempt.fail = (info) => reject(rejection(info));
      attempt.error = (err) => reject(err instanceof TokenRejected ? err : rejection(err));
      attempt.authenticate({ headers: { authorization: `Bearer ${token}` } } as never, {});
    });
  }

  private async keyFor(rawJwt: string): Promise<string | null> {
    const decoded = jwt.decode(rawJwt, { complete: true });
    const kid = decoded && typeof decoded === 'object' ? decoded.header.kid : undefined;
    const iss = decoded && typeof decoded.payload === 'object' ? decoded.payload.iss : undefined;
    if (!kid) throw new TokenRejected('Access token is malformed');
    const source = this.sources.find((s) => s.issuer === iss);
    return source ? source.keyFor(kid) : null;
  }
}

function rejection(info: unknown): TokenRejected {
  if (info instanceof TokenRejected) return info;
  if (info instanceof jwt.TokenExpiredError) return new TokenRejected('Access Token has expired', true);
  return new TokenRejected('Access token is invalid');
}
