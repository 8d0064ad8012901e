/** Unsigned JWTs for tests: the client only reads their claims. */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.sig`;
}

/** An authentication result whose tokens were issued at `iatSeconds` and live `ttlSeconds`. */
export function authResult(iatSeconds: number, ttlSeconds = 3600, sub = 'user-1', refresh: string | undefined = 'refresh-1') {
  const common = { sub, iat: iatSeconds, exp: iatSeconds + ttlSeconds };
  return {
    IdToken: makeJwt({ ...common, email: 'ada@example.com', given_name: 'Ada', family_name: 'Lovelace', token_use: 'id' }),
    AccessToken: makeJwt({ ...common, token_use: 'access' }),
    ...(refresh ? { RefreshToken: refresh } : {}),
  };
}
