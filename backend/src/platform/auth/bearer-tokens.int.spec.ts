import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import jwt from 'jsonwebtoken';
import { createTestDatabase, startApi, testConfig } from '../../test-support';

/** A hosted user pool's tokens are accepted the same way as ours, by its JWKS; anything else is not. */
describe('bearer tokens verified with passport-jwt against trusted key sets', () => {
  const pool = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const poolIssuer = 'https://cognito-idp.us-east-2.amazonaws.com/us-east-2_Example';
  let jwks: http.Server;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    jwks = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ keys: [{ ...pool.publicKey.export({ format: 'jwk' }), kid: 'pool-key-1', alg: 'RS256', use: 'sig' }] }),
      );
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(
      testConfig(db.url, { AUTH_TRUSTED_ISSUER: poolIssuer, AUTH_TRUSTED_JWKS_URL: jwksUrl }),
    ));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await new Promise((r) => jwks?.close(r));
  });

  const call = (token: string) => fetch(`${base}/api/jobs`, { headers: { authorization: `Bearer ${token}` } });
  const poolToken = (claims: object, options: jwt.SignOptions = {}) =>
    jwt.sign({ sub: 'pool-user-1', token_use: 'access', ...claims }, pool.privateKey, {
      algorithm: 'RS256',
      keyid: 'pool-key-1',
      issuer: poolIssuer,
      expiresIn: 300,
      ...options,
    });

  it("accepts the hosted pool's access tokens", async () => {
    expect((await call(poolToken({}))).status).toBe(200);
  });

  it('refuses a token of an untrusted issuer, an unknown key, a forbidden algorithm, or expired', async () => {
    expect((await call(poolToken({}, { issuer: 'https://elsewhere.example' }))).status).toBe(401);
    expect((await call(poolToken({}, { keyid: 'pool-key-2' }))).status).toBe(401);
    const hs = jwt.sign({ sub: 'x', token_use: 'access' }, 'shared-secret', {
      algorithm: 'HS256',
      keyid: 'pool-key-1',
      issuer: poolIssuer,
    });
    expect((await call(hs)).status).toBe(401);
    const expired = await call(poolToken({}, { expiresIn: -5 }));
    expect(expired.status).toBe(401);
    expect((await expired.json()).error).toBe('Access Token has expired');
  });

  it('refuses an id token where an access token is required', async () => {
    expect((await call(poolToken({ token_use: 'id' }))).status).toBe(401);
  });
});
