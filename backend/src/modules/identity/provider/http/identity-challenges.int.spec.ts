import { CommandBus } from '@nestjs/cqrs';
import jwt from 'jsonwebtoken';
import { useTestApi } from '../../../../test-support';
import { base32Decode, totp } from '../domain/totp';
import { CLIENT_ID, rawCall } from '../test/identity-test-kit';
import { passwordAuth, signIn, signUpConfirmed } from '../test/identity-flows';
import { CreateAccountWithTemporaryPassword } from '../commands/create-account-with-temporary-password.command';

interface Challenge {
  ChallengeName: string;
  Session: string;
  AuthenticationResult?: { AccessToken: string };
}

describe('identity provider challenges: software-token MFA and NEW_PASSWORD_REQUIRED', () => {
  const server = useTestApi({ IDENTITY_ADMIN_EMAIL: 'admin@sparkhouse.local' });

  const respond = (ChallengeName: string, Session: string, ChallengeResponses: Record<string, string>) =>
    rawCall(server.base, 'RespondToAuthChallenge', { ChallengeName, ClientId: CLIENT_ID, Session, ChallengeResponses });

  it('sets up TOTP, then asks for a code at sign-in and accepts each code once', async () => {
    await signUpConfirmed(server.base, 'mfa@example.com', 'two factors');
    const t = await signIn(server.base, 'mfa@example.com', 'two factors');
    const assoc = await rawCall(server.base, 'AssociateSoftwareToken', { AccessToken: t.AccessToken });
    const secret = (assoc.body as unknown as { SecretCode: string }).SecretCode;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enableEarly = await rawCall(server.base, 'SetUserMFAPreference', {
      AccessToken: t.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true },
    });
    expect(enableEarly.body.__type).toBe('InvalidParameterException');
    const bad = await rawCall(server.base, 'VerifySoftwareToken', {
      AccessToken: t.AccessToken,
      UserCode: '000000' === totp(base32Decode(secret), Date.now()) ? '111111' : '000000',
    });
    expect(bad.body.__type).toBe('EnableSoftwareTokenMFAException');
    const verified = await rawCall(server.base, 'VerifySoftwareToken', {
      AccessToken: t.AccessToken,
      UserCode: totp(base32Decode(secret), Date.now()),
    });
    expect(verified.body).toEqual({ Status: 'SUCCESS' });
    const enable = await rawCall(server.base, 'SetUserMFAPreference', {
      AccessToken: t.AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect(enable.status).toBe(200);
    expect((await rawCall(server.base, 'GetUser', { AccessToken: t.AccessToken })).body).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    });

    const started = (await passwordAuth(server.base, 'mfa@example.com', 'two factors')).body as unknown as Challenge;
    expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(started.AuthenticationResult).toBeUndefined();
    const wrong = await respond('SOFTWARE_TOKEN_MFA', started.Session, {
      USERNAME: 'mfa@example.com',
      SOFTWARE_TOKEN_MFA_CODE: '12345x',
    });
    expect(wrong.body.__type).toBe('CodeMismatchException');
    const forged = await respond('SOFTWARE_TOKEN_MFA', 'x'.repeat(40), { SOFTWARE_TOKEN_MFA_CODE: '123456' });
    expect(forged.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });

    // the code used at verification was for this step; wait for the next step's code without sleeping a fixed time
    const next = totp(base32Decode(secret), Date.now() + 30_000);
    const ok = await respond('SOFTWARE_TOKEN_MFA', started.Session, {
      USERNAME: 'mfa@example.com',
      SOFTWARE_TOKEN_MFA_CODE: next,
    });
    expect(ok.status).toBe(200);
    expect((ok.body as unknown as Challenge).AuthenticationResult?.AccessToken).toBeDefined();
    const replay = await respond('SOFTWARE_TOKEN_MFA', started.Session, {
      USERNAME: 'mfa@example.com',
      SOFTWARE_TOKEN_MFA_CODE: next,
    });
    expect(replay.body.__type).toBe('CodeMismatchException');
  });

  it('makes an account with a temporary password set its own at first sign-in', async () => {
    await server.app.get(CommandBus).execute(new CreateAccountWithTemporaryPassword('Admin@Sparkhouse.local', 'temporary pass'));
    const started = (await passwordAuth(server.base, 'admin@sparkhouse.local', 'temporary pass')).body as unknown as Challenge & {
      ChallengeParameters: Record<string, string>;
    };
    expect(started.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(JSON.parse(started.ChallengeParameters.userAttributes)).toMatchObject({ email: 'admin@sparkhouse.local' });
    const weak = await respond('NEW_PASSWORD_REQUIRED', started.Session, {
      USERNAME: 'admin@sparkhouse.local',
      NEW_PASSWORD: 'short',
    });
    expect(weak.body).toEqual({ __type: 'InvalidPasswordException', message: 'Password must be at least 8 characters long.' });
    const done = await respond('NEW_PASSWORD_REQUIRED', started.Session, {
      USERNAME: 'admin@sparkhouse.local',
      NEW_PASSWORD: 'my own password',
      'userAttributes.given_name': 'Ada',
    });
    expect(done.status).toBe(200);
    const access = (done.body as unknown as Challenge).AuthenticationResult!.AccessToken;
    expect(jwt.decode(access)).toMatchObject({ 'cognito:groups': ['admin'] });
    const again = await respond('NEW_PASSWORD_REQUIRED', started.Session, {
      USERNAME: 'admin@sparkhouse.local',
      NEW_PASSWORD: 'yet another one',
    });
    expect(again.body.__type).toBe('NotAuthorizedException');
    expect((await passwordAuth(server.base, 'admin@sparkhouse.local', 'temporary pass')).body.__type).toBe(
      'NotAuthorizedException',
    );
    await signIn(server.base, 'admin@sparkhouse.local', 'my own password');
  });
});
