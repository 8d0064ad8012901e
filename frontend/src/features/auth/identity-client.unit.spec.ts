import { srpServerEphemeral, srpServerSessionKey, srpSignature, srpVerifier } from '@sparkhouse/contracts';
import { createIdentityClient, IdentityError } from './identity-client';

const response = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, text: () => Promise.resolve(JSON.stringify(body)) }) as Response;

describe('identity client', () => {
  it('speaks the user-pool JSON protocol', async () => {
    const fetch = jest.fn().mockResolvedValue(response(200, { UserConfirmed: false, UserSub: 'u1' }));
    const client = createIdentityClient({ clientId: 'web', fetch });
    await client.signUp('ada@example.com', 'correct horse', { given_name: 'Ada' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/identity');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.SignUp',
    });
    expect(JSON.parse(init.body)).toEqual({
      ClientId: 'web',
      Username: 'ada@example.com',
      Password: 'correct horse',
      UserAttributes: [{ Name: 'given_name', Value: 'Ada' }],
    });
  });

  it('turns provider errors into IdentityError with the __type as code', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValue(response(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }));
    const client = createIdentityClient({ clientId: 'web', fetch });
    const error = await client.initiatePasswordAuth('ada@example.com', 'wrong-pass').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('reports a network failure with code NetworkError', async () => {
    const client = createIdentityClient({
      clientId: 'web',
      fetch: jest.fn().mockRejectedValue(new TypeError('Failed to fetch')),
    });
    await expect(client.forgotPassword('ada@example.com')).rejects.toMatchObject({ code: 'NetworkError' });
  });

  it('rejects empty inputs before sending anything', async () => {
    const fetch = jest.fn();
    const client = createIdentityClient({ clientId: 'web', fetch });
    expect(() => client.initiatePasswordAuth('', 'x')).toThrow('Username cannot be empty');
    expect(() => client.initiatePasswordAuth('a@b.c', '')).toThrow('Password cannot be empty');
    expect(() => client.confirmSignUp('a@b.c', ' ')).toThrow('Confirmation code cannot be empty');
    expect(() => client.respondToAuthChallenge('SOFTWARE_TOKEN_MFA', 'a@b.c', 's', '')).toThrow(
      'Challenge response cannot be empty',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends refresh and challenge answers in the protocol shape', async () => {
    const fetch = jest.fn().mockResolvedValue(response(200, {}));
    const client = createIdentityClient({ clientId: 'web', fetch });
    await client.initiateRefreshAuth('r1');
    await client.respondToAuthChallenge('NEW_PASSWORD_REQUIRED', 'ada@example.com', 'sess', 'new password');
    expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'web',
      AuthParameters: { REFRESH_TOKEN: 'r1' },
    });
    expect(JSON.parse(fetch.mock.calls[1][1].body)).toEqual({
      ClientId: 'web',
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'sess',
      ChallengeResponses: { USERNAME: 'ada@example.com', NEW_PASSWORD: 'new password' },
    });
  });

  it('signs in with SRP: the password never leaves, the provider checks the signed claim', async () => {
    const userId = '7d6f1c1e-0000-4000-8000-000000000001';
    const { salt, verifier } = await srpVerifier('sparkhouse', userId, 'correct horse');
    const { b, B } = await srpServerEphemeral(verifier);
    const sent: Record<string, unknown>[] = [];
    const fetch = jest.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, Record<string, string>>;
      sent.push(body);
      if (body.AuthFlow) {
        return response(200, {
          ChallengeName: 'PASSWORD_VERIFIER',
          Session: 'srp-session',
          ChallengeParameters: {
            SALT: salt,
            SRP_B: B.toString(16),
            SECRET_BLOCK: 'c2VjcmV0',
            USER_ID_FOR_SRP: userId,
            USERNAME: userId,
          },
        });
      }
      const A = BigInt(`0x${(sent[0].AuthParameters as Record<string, string>).SRP_A}`);
      const key = await srpServerSessionKey(A, B, b, verifier);
      const r = body.ChallengeResponses;
      const expected = await srpSignature(key!, 'sparkhouse', userId, 'c2VjcmV0', r.TIMESTAMP);
      return expected === r.PASSWORD_CLAIM_SIGNATURE
        ? response(200, { AuthenticationResult: { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r' } })
        : response(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    });
    const client = createIdentityClient({ clientId: 'web', userPoolId: 'us-east-2_sparkhouse', fetch: fetch as never });
    const answer = await client.signInWithSrp('ada@example.com', 'correct horse');
    expect(answer.AuthenticationResult?.AccessToken).toBe('a');
    expect(JSON.stringify(sent)).not.toContain('correct horse');
    expect(sent[0]).toMatchObject({ AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'ada@example.com' } });
    expect(sent[1]).toMatchObject({ ChallengeName: 'PASSWORD_VERIFIER', Session: 'srp-session' });
    expect((sent[1].ChallengeResponses as Record<string, string>).TIMESTAMP).toMatch(
      /^\w{3} \w{3} \d{1,2} \d{2}:\d{2}:\d{2} UTC \d{4}$/,
    );

    sent.length = 0;
    await expect(client.signInWithSrp('ada@example.com', 'wrong horse')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
    });
  });

  it('refuses a user pool id not of the form region_id', () => {
    expect(() => createIdentityClient({ clientId: 'web', userPoolId: 'sparkhouse' })).toThrow('Invalid UserPoolId format.');
  });
});
