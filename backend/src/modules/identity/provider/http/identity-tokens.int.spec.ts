import { generateKeyPairSync } from 'node:crypto';
import { Database } from '../../../../platform/database/database';
import jwt from 'jsonwebtoken';
import { AccessTokens } from '../../../../platform/auth/access-tokens';
import { startApi, testConfig, useTestApi } from '../../../../test-support';
import { CLIENT_ID, rawCall } from '../test/identity-test-kit';
import { refresh, signIn, signUpConfirmed, type Tokens } from '../test/identity-flows';

describe('identity provider tokens and bad input', () => {
  const server = useTestApi({ BODY_LIMIT_BYTES: '4096' });
  let userId: string;

  beforeAll(async () => {
    userId = await signUpConfirmed(server.base, 'tok@example.com', 'token tester');
  });

  const sql = (q: string, params: unknown[] = []) => server.app.get(Database).em.fork().getConnection().execute(q, params);
  const getUser = (AccessToken: string) => rawCall(server.base, 'GetUser', { AccessToken });

  it('rotates refresh tokens; a rotated one coming back revokes the whole sign-in', async () => {
    const first = await signIn(server.base, 'tok@example.com', 'token tester');
    const other = await signIn(server.base, 'tok@example.com', 'token tester');
    const r1 = await refresh(server.base, first.RefreshToken);
    expect(r1.status).toBe(200);
    const second = (r1.body as unknown as { AuthenticationResult: Tokens }).AuthenticationResult;
    expect(second.RefreshToken).not.toBe(first.RefreshToken);
    expect((await refresh(server.base, second.RefreshToken)).status).toBe(200);

    const reuse = await refresh(server.base, first.RefreshToken);
    expect(reuse).toMatchObject({
      status: 400,
      errorType: 'NotAuthorizedException',
      body: { message: 'Refresh Token has been revoked' },
    });
    // the family is gone: the newest refresh token and the family's access tokens too
    const latest = await refresh(server.base, second.RefreshToken);
    expect(latest.body).toMatchObject({ __type: 'NotAuthorizedException' });
    expect((await getUser(second.AccessToken)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // another sign-in of the same user is untouched
    expect((await getUser(other.AccessToken)).status).toBe(200);
    expect((await refresh(server.base, other.RefreshToken)).status).toBe(200);

    const types = await sql(`select type from domain_event where stream_id = ? and type = 'RefreshTokenReuseDetected'`, [
      `account-${userId}`,
    ]);
    expect(types).toHaveLength(1);
    const stored = await sql('select token_hash from identity_refresh_token');
    expect(JSON.stringify(stored)).not.toContain(first.RefreshToken);
    expect((await refresh(server.base, 'made-up-token')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('requires the admin scope, a known signing key, an unexpired token of access use', async () => {
    const t = await signIn(server.base, 'tok@example.com', 'token tester');
    const tokens = server.app.get(AccessTokens);
    const { exp: _exp, ...claims } = jwt.decode(t.AccessToken) as Record<string, unknown>;
    const narrow = await tokens.sign({ sub: userId, scope: 'openid email', origin_jti: claims.origin_jti });
    expect((await getUser(narrow)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token does not have required scopes',
    });
    for (const action of ['UpdateUserAttributes', 'DeleteUser', 'GlobalSignOut', 'ChangePassword', 'AssociateSoftwareToken']) {
      const res = await rawCall(server.base, action, {
        AccessToken: narrow,
        UserAttributes: [],
        UserAttributeNames: [],
        PreviousPassword: 'token tester',
        ProposedPassword: 'another one',
      });
      expect(res.body).toMatchObject({ message: 'Access Token does not have required scopes' });
    }
    const expired = await tokens.sign(
      { sub: userId, scope: 'aws.cognito.signin.user.admin', origin_jti: claims.origin_jti },
      -10,
    );
    expect((await getUser(expired)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Access Token has expired' });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: 'someone-elses-key', expiresIn: 60 });
    expect((await getUser(forged)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    const kid = (jwt.decode(t.AccessToken, { complete: true })!.header as { kid: string }).kid;
    const otherKey = jwt.sign(claims, privateKey, { algorithm: 'RS256', keyid: kid, expiresIn: 60 });
    expect((await getUser(otherKey)).body).toMatchObject({ __type: 'NotAuthorizedException' });
    expect((await getUser(t.IdToken)).body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
  });

  it('answers bad input with protocol errors and changes nothing', async () => {
    const before = await sql('select count(*)::int as n from domain_event');
    const cases: [string, unknown, Record<string, string>, string, string?][] = [
      ['SignUp', { ClientId: CLIENT_ID, Password: 'long enough' }, {}, 'InvalidParameterException', 'Username cannot be empty'],
      ['SignUp', { ClientId: CLIENT_ID, Username: 'x@example.com' }, {}, 'InvalidParameterException', 'Password cannot be empty'],
      [
        'SignUp',
        { ClientId: CLIENT_ID, Username: 42, Password: 'long enough' },
        {},
        'InvalidParameterException',
        'Username must be a string',
      ],
      [
        'ConfirmSignUp',
        { ClientId: CLIENT_ID, Username: 'tok@example.com', ConfirmationCode: '' },
        {},
        'InvalidParameterException',
        'Confirmation code cannot be empty',
      ],
      [
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: 'tok@example.com' } },
        {},
        'InvalidParameterException',
        'Password cannot be empty',
      ],
      ['InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: CLIENT_ID, AuthParameters: {} }, {}, 'InvalidParameterException'],
      [
        'InitiateAuth',
        { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: 'nope' },
        {},
        'InvalidParameterException',
      ],
      [
        'SignUp',
        {
          ClientId: CLIENT_ID,
          Username: 'x@example.com',
          Password: 'long enough',
          UserAttributes: [{ Name: 'sub', Value: 'x' }],
        },
        {},
        'InvalidParameterException',
      ],
      [
        'SignUp',
        {
          ClientId: CLIENT_ID,
          Username: 'x@example.com',
          Password: 'long enough',
          UserAttributes: [{ Name: 'given_name', Value: 'x'.repeat(21) }],
        },
        {},
        'InvalidParameterException',
        "First name can't be longer than 20 characters long",
      ],
      ['GetUser', {}, {}, 'InvalidParameterException'],
      ['GetUser', [], {}, 'SerializationException'],
      ['NoSuchAction', {}, {}, 'UnknownOperationException'],
      ['GetUser', { AccessToken: 'x' }, { 'x-amz-target': 'Other.GetUser' }, 'UnknownOperationException'],
      ['GetUser', { AccessToken: 'x' }, { 'content-type': 'text/plain' }, 'SerializationException'],
    ];
    for (const [action, body, headers, type, message] of cases) {
      const res = await rawCall(server.base, action, body, headers);
      expect({ action, status: res.status, type: res.body.__type, header: res.errorType }).toEqual({
        action,
        status: 400,
        type,
        header: type,
      });
      if (message) expect(res.body.message).toBe(message);
    }
    const missingTarget = await fetch(`${server.base}/api/identity`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    });
    expect(missingTarget.status).toBe(400);
    expect((await missingTarget.json()).__type).toBe('UnknownOperationException');
    const huge = await rawCall(server.base, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'x@example.com',
      Password: 'x'.repeat(10_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.__type).toBe('RequestEntityTooLargeException');
    const malformed = await rawCall(server.base, 'SignUp', '{"ClientId":');
    expect(malformed.status).toBe(400);
    expect(malformed.errorType).toBe('SerializationException');
    expect(malformed.body.__type).toBe('SerializationException');
    expect(await sql('select count(*)::int as n from domain_event')).toEqual(before);
  });

  it('serves the outbox only outside production', async () => {
    const prod = await startApi(testConfig(server.databaseUrl, { NODE_ENV: 'production', RUN_PROJECTIONS: 'false' }));
    try {
      const res = await fetch(`${prod.baseUrl}/api/dev/outbox?to=tok@example.com`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(await (await fetch(`${prod.baseUrl}/api/no/such/route`)).json());
    } finally {
      await prod.app.close();
    }
    const dev = await (await fetch(`${server.base}/api/dev/outbox?to=TOK@example.com`)).json();
    expect(dev.messages[0]).toMatchObject({ to: 'tok@example.com', code: expect.stringMatching(/^\d{6}$/) });
    // a NUL byte (or another control character) in the address: 400, like every other call
    for (const to of ['tok%00@example.com', '%00', 'tok@example.com%0A']) {
      const bad = await fetch(`${server.base}/api/dev/outbox?to=${to}`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe('to must be an email address or a phone number.');
    }
  });
});
