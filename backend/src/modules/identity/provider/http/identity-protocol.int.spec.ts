import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  NotAuthorizedException,
  SignUpCommand,
  UpdateUserAttributesCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import jwt from 'jsonwebtoken';
import { Database } from '../../../../platform/database/database';
import { AccessTokens } from '../../../../platform/auth/access-tokens';
import { useTestApi } from '../../../../test-support';
import { CLIENT_ID, latestCode, outbox, sdkClient } from '../test/identity-test-kit';

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: { name: string; message: string; $metadata?: { httpStatusCode?: number } }) => ({
      name: e.name,
      message: e.message,
      status: e.$metadata?.httpStatusCode,
    }),
  );

describe('identity provider through the official AWS SDK client', () => {
  const server = useTestApi({ IDENTITY_ADMIN_EMAIL: 'boss@example.com' });
  let idp: CognitoIdentityProviderClient;

  beforeAll(async () => {
    idp = sdkClient(server.base);
  });
  afterAll(async () => {
    idp?.destroy();
  });

  const signIn = (email: string, password: string) =>
    idp.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );

  async function signUpConfirmed(email: string, password: string, attrs: Record<string, string> = {}) {
    const up = await idp.send(
      new SignUpCommand({
        ClientId: CLIENT_ID,
        Username: email,
        Password: password,
        UserAttributes: Object.entries(attrs).map(([Name, Value]) => ({ Name, Value })),
      }),
    );
    const code = await latestCode(server.base, email.toLowerCase());
    await idp.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: email, ConfirmationCode: code }));
    return up.UserSub!;
  }

  it('signs up, confirms with the mailed code, signs in, reads the user, refreshes', async () => {
    const up = await idp.send(
      new SignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'Ada@Example.com',
        Password: 'correct horse',
        UserAttributes: [
          { Name: 'given_name', Value: 'Ada' },
          { Name: 'family_name', Value: 'Lovelace' },
        ],
      }),
    );
    expect(up.UserConfirmed).toBe(false);
    expect(up.UserSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(up.CodeDeliveryDetails).toEqual({ Destination: 'a***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });

    const unconfirmed = await rejection(signIn('ada@example.com', 'correct horse'));
    expect(unconfirmed).toMatchObject({ name: 'UserNotConfirmedException', status: 400 });

    const [mail] = await outbox(server.base, 'ada@example.com');
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: expect.stringMatching(/confirmation/) });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);
    await idp.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com', ConfirmationCode: mail.code! }));

    const auth = await signIn('ADA@example.com', 'correct horse');
    const tokens = auth.AuthenticationResult!;
    expect(tokens).toMatchObject({ ExpiresIn: 900, TokenType: 'Bearer' });
    const access = jwt.decode(tokens.AccessToken!, { complete: true })!;
    expect(access.header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(access.payload).toMatchObject({
      sub: up.UserSub,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      client_id: CLIENT_ID,
      iss: 'http://localhost:3000',
      'cognito:groups': [],
    });
    const principal = await server.app.get(AccessTokens).verify(tokens.AccessToken!);
    expect(principal).toMatchObject({ kind: 'user', id: up.UserSub });
    expect(jwt.decode(tokens.IdToken!)).toMatchObject({
      token_use: 'id',
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      aud: CLIENT_ID,
    });

    const user = await idp.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(user.Username).toBe(up.UserSub);
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'ada@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Ada' },
      ]),
    );

    const refreshed = await idp.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    expect(refreshed.AuthenticationResult!.RefreshToken).toBeDefined();
    expect(refreshed.AuthenticationResult!.RefreshToken).not.toBe(tokens.RefreshToken);
    await idp.send(new GetUserCommand({ AccessToken: refreshed.AuthenticationResult!.AccessToken }));

    const events = await server.app
      .get(Database)
      .em.fork()
      .getConnection()
      .execute(`select type, payload from domain_event where stream_id = ? order by stream_version`, [`account-${up.UserSub}`]);
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'UserSignedUp',
      'VerificationCodeSent',
      'EmailConfirmed',
      'SignedIn',
      'TokensRefreshed',
    ]);
    expect(JSON.stringify(events)).not.toContain(mail.code);
    expect(JSON.stringify(events)).not.toContain('correct horse');
  });

  it('changes the password, resets a forgotten one, updates attributes', async () => {
    await signUpConfirmed('grace@example.com', 'first password');
    const { AuthenticationResult: t } = await signIn('grace@example.com', 'first password');
    const wrong = await rejection(
      idp.send(
        new ChangePasswordCommand({
          AccessToken: t!.AccessToken,
          PreviousPassword: 'nope nope',
          ProposedPassword: 'second password',
        }),
      ),
    );
    expect(wrong).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const weak = await rejection(
      idp.send(
        new ChangePasswordCommand({
          AccessToken: t!.AccessToken,
          PreviousPassword: 'first password',
          ProposedPassword: ' padded pass',
        }),
      ),
    );
    expect(weak).toMatchObject({ name: 'InvalidPasswordException', message: 'Password cannot begin or end with a space.' });
    await idp.send(
      new ChangePasswordCommand({
        AccessToken: t!.AccessToken,
        PreviousPassword: 'first password',
        ProposedPassword: 'second password',
      }),
    );
    expect(await rejection(signIn('grace@example.com', 'first password'))).toMatchObject({ name: 'NotAuthorizedException' });
    await signIn('grace@example.com', 'second password');

    const forgot = await idp.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'grace@example.com' }));
    expect(forgot.CodeDeliveryDetails?.Destination).toBe('g***@e***');
    const code = await latestCode(server.base, 'grace@example.com');
    const mismatch = await rejection(
      idp.send(
        new ConfirmForgotPasswordCommand({
          ClientId: CLIENT_ID,
          Username: 'grace@example.com',
          ConfirmationCode: code === '000000' ? '111111' : '000000',
          Password: 'third password',
        }),
      ),
    );
    expect(mismatch).toMatchObject({ name: 'CodeMismatchException' });
    await idp.send(
      new ConfirmForgotPasswordCommand({
        ClientId: CLIENT_ID,
        Username: 'grace@example.com',
        ConfirmationCode: code,
        Password: 'third password',
      }),
    );
    // a reset signs out every session
    expect(await rejection(idp.send(new GetUserCommand({ AccessToken: t!.AccessToken })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    const again = await rejection(
      idp.send(
        new ConfirmForgotPasswordCommand({
          ClientId: CLIENT_ID,
          Username: 'grace@example.com',
          ConfirmationCode: code,
          Password: 'fourth password',
        }),
      ),
    );
    expect(again).toMatchObject({ name: 'ExpiredCodeException' });
    const fresh = (await signIn('grace@example.com', 'third password')).AuthenticationResult!;

    await idp.send(
      new UpdateUserAttributesCommand({
        AccessToken: fresh.AccessToken,
        UserAttributes: [{ Name: 'given_name', Value: 'Grace' }],
      }),
    );
    const user = await idp.send(new GetUserCommand({ AccessToken: fresh.AccessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'given_name', Value: 'Grace' });

    // no account enumeration: an unknown email answers as a known one does, and nothing is sent
    const unknown = await idp.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: 'nobody@example.com' }));
    expect(unknown.CodeDeliveryDetails).toEqual({ Destination: 'n***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(await outbox(server.base, 'nobody@example.com')).toEqual([]);
  });

  it('signs out globally: refresh tokens and access tokens stop working', async () => {
    await signUpConfirmed('linus@example.com', 'kernel hacker');
    const a = (await signIn('linus@example.com', 'kernel hacker')).AuthenticationResult!;
    const b = (await signIn('linus@example.com', 'kernel hacker')).AuthenticationResult!;
    await idp.send(new GlobalSignOutCommand({ AccessToken: a.AccessToken }));
    for (const t of [a, b]) {
      const denied = await rejection(idp.send(new GetUserCommand({ AccessToken: t.AccessToken })));
      expect(denied).toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
      const refresh = await rejection(
        idp.send(
          new InitiateAuthCommand({
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: CLIENT_ID,
            AuthParameters: { REFRESH_TOKEN: t.RefreshToken! },
          }),
        ),
      );
      expect(refresh).toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    }
    const c = (await signIn('linus@example.com', 'kernel hacker')).AuthenticationResult!;
    await idp.send(new GetUserCommand({ AccessToken: c.AccessToken }));
  });

  it('answers protocol errors the SDK understands', async () => {
    const taken = await rejection(
      idp.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com', Password: 'whatever123' })),
    );
    expect(taken).toMatchObject({ name: 'UsernameExistsException', status: 400 });
    const short = await rejection(
      idp.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: 'new@example.com', Password: 'short' })),
    );
    expect(short).toMatchObject({ name: 'InvalidPasswordException', message: 'Password must be at least 8 characters long.' });
    const badEmail = await rejection(
      idp.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: 'not-an-email', Password: 'long enough' })),
    );
    expect(badEmail).toMatchObject({ name: 'InvalidParameterException', message: 'Email is not formatted correctly.' });
    const client = await rejection(
      idp.send(new SignUpCommand({ ClientId: 'other', Username: 'new@example.com', Password: 'long enough' })),
    );
    expect(client).toMatchObject({ name: 'ResourceNotFoundException' });
    const wrong = await rejection(signIn('ada@example.com', 'wrong password'));
    expect(wrong).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const nobody = await rejection(signIn('nobody@example.com', 'wrong password'));
    expect(nobody).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const garbage = await rejection(idp.send(new GetUserCommand({ AccessToken: 'not.a.token' })));
    expect(garbage).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Access Token' });
    const error = await idp.send(new GetUserCommand({ AccessToken: 'x' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAuthorizedException);
  });

  it('grants the admin group to IDENTITY_ADMIN_EMAIL at confirmation', async () => {
    const userId = await signUpConfirmed('Boss@Example.com', 'in charge here');
    const t = (await signIn('boss@example.com', 'in charge here')).AuthenticationResult!;
    expect(jwt.decode(t.AccessToken!)).toMatchObject({ sub: userId, 'cognito:groups': ['admin'] });
    expect((await server.app.get(AccessTokens).verify(t.AccessToken!)).kind).toBe('user');
  });
});
