import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmDeviceCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  ForgetDeviceCommand,
  ForgotPasswordCommand,
  GetDeviceCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SetUserSettingsCommand,
  SignUpCommand,
  UpdateDeviceStatusCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  identityActions,
  srpClientEphemeral,
  srpClientSessionKey,
  srpSignature,
  srpTimestamp,
  srpVerifier,
  userPoolName,
} from '@sparkhouse/contracts';
import { base32Decode, totp } from '../domain/totp';
import { useTestApi } from '../../../../test-support';
import { CLIENT_ID, latestCode, sdkClient } from '../test/identity-test-kit';

const POOL = userPoolName('us-east-2_sparkhouse');

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: { name: string; message: string }) => ({ name: e.name, message: e.message }),
  );

describe('every action of the user-pool protocol through the official AWS SDK', () => {
  const server = useTestApi({ IDENTITY_DEVICE_TRACKING: 'user-opt-in' });
  let idp: CognitoIdentityProviderClient;
  const seen = new Set<string>();

  beforeAll(async () => {
    idp = sdkClient(server.base);
    idp.middlewareStack.add(
      (next, context) => (args) => {
        seen.add(String(context.commandName).replace(/Command$/, ''));
        return next(args);
      },
      { step: 'initialize' },
    );
  });
  afterAll(async () => {
    idp?.destroy();
  });

  /** USER_SRP_AUTH then PASSWORD_VERIFIER, computed as a client does (the SPA's own SRP code). */
  async function srpSignIn(email: string, password: string, deviceKey?: string) {
    const { a, A } = srpClientEphemeral();
    const start = await idp.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: email, SRP_A: A.toString(16) },
      }),
    );
    expect(start.ChallengeName).toBe('PASSWORD_VERIFIER');
    const p = start.ChallengeParameters!;
    const key = await srpClientSessionKey({
      poolName: POOL,
      username: p.USER_ID_FOR_SRP,
      password,
      saltHex: p.SALT,
      a,
      A,
      B: BigInt(`0x${p.SRP_B}`),
    });
    const timestamp = srpTimestamp(new Date());
    return idp.send(
      new RespondToAuthChallengeCommand({
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: CLIENT_ID,
        Session: start.Session,
        ChallengeResponses: {
          USERNAME: p.USER_ID_FOR_SRP,
          PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
          TIMESTAMP: timestamp,
          PASSWORD_CLAIM_SIGNATURE: await srpSignature(key, POOL, p.USER_ID_FOR_SRP, p.SECRET_BLOCK, timestamp),
          ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}),
        },
      }),
    );
  }

  it('answers all 24 actions of spec section 7 as the hosted service does', async () => {
    const email = 'margaret@example.com';
    await idp.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: email, Password: 'apollo guidance' }));
    const resent = await idp.send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: email }));
    expect(resent.CodeDeliveryDetails).toEqual({ Destination: 'm***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    await idp.send(
      new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: email, ConfirmationCode: await latestCode(server.base, email) }),
    );

    // SRP sign-in offers a new device; confirming it with its own verifier, then remembering it
    const first = await srpSignIn(email, 'apollo guidance');
    const tokens = first.AuthenticationResult!;
    const { DeviceKey, DeviceGroupKey } = tokens.NewDeviceMetadata!;
    expect(DeviceKey).toMatch(/^us-east-2_[0-9a-f-]{36}$/);
    const devicePassword = 'device-random-password';
    const device = await srpVerifier(DeviceGroupKey!, DeviceKey!, devicePassword);
    const confirmed = await idp.send(
      new ConfirmDeviceCommand({
        AccessToken: tokens.AccessToken,
        DeviceKey,
        DeviceName: 'Margaret’s laptop',
        DeviceSecretVerifierConfig: {
          Salt: Buffer.from(device.salt, 'hex').toString('base64'),
          PasswordVerifier: Buffer.from(device.verifier, 'hex').toString('base64'),
        },
      }),
    );
    expect(confirmed.UserConfirmationNecessary).toBe(true);
    await idp.send(
      new UpdateDeviceStatusCommand({ AccessToken: tokens.AccessToken, DeviceKey, DeviceRememberedStatus: 'remembered' }),
    );
    const got = await idp.send(new GetDeviceCommand({ AccessToken: tokens.AccessToken, DeviceKey }));
    expect(got.Device?.DeviceAttributes).toContainEqual({ Name: 'device_name', Value: 'Margaret’s laptop' });
    const listed = await idp.send(new ListDevicesCommand({ AccessToken: tokens.AccessToken, Limit: 10 }));
    expect(listed.Devices?.map((d) => d.DeviceKey)).toEqual([DeviceKey]);
    expect(
      await rejection(idp.send(new GetDeviceCommand({ AccessToken: tokens.AccessToken, DeviceKey: 'us-east-2_nope' }))),
    ).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Device does not exist.',
    });

    // the remembered device signs in by device SRP
    const viaDevice = await srpSignIn(email, 'apollo guidance', DeviceKey);
    expect(viaDevice.ChallengeName).toBe('DEVICE_SRP_AUTH');
    const { a, A } = srpClientEphemeral();
    const deviceStep = await idp.send(
      new RespondToAuthChallengeCommand({
        ChallengeName: 'DEVICE_SRP_AUTH',
        ClientId: CLIENT_ID,
        Session: viaDevice.Session,
        ChallengeResponses: { USERNAME: viaDevice.ChallengeParameters!.USERNAME, DEVICE_KEY: DeviceKey!, SRP_A: A.toString(16) },
      }),
    );
    expect(deviceStep.ChallengeName).toBe('DEVICE_PASSWORD_VERIFIER');
    const dp = deviceStep.ChallengeParameters!;
    const deviceKeyBytes = await srpClientSessionKey({
      poolName: DeviceGroupKey!,
      username: DeviceKey!,
      password: devicePassword,
      saltHex: dp.SALT,
      a,
      A,
      B: BigInt(`0x${dp.SRP_B}`),
    });
    const ts = srpTimestamp(new Date());
    const deviceSignedIn = await idp.send(
      new RespondToAuthChallengeCommand({
        ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
        ClientId: CLIENT_ID,
        Session: deviceStep.Session,
        ChallengeResponses: {
          USERNAME: dp.USERNAME,
          DEVICE_KEY: DeviceKey!,
          PASSWORD_CLAIM_SECRET_BLOCK: dp.SECRET_BLOCK,
          TIMESTAMP: ts,
          PASSWORD_CLAIM_SIGNATURE: await srpSignature(deviceKeyBytes, DeviceGroupKey!, DeviceKey!, dp.SECRET_BLOCK, ts),
        },
      }),
    );
    const access = deviceSignedIn.AuthenticationResult!.AccessToken!;
    expect(deviceSignedIn.AuthenticationResult?.NewDeviceMetadata).toBeUndefined();

    // attributes, a verified phone number, SMS and TOTP factors
    await idp.send(
      new UpdateUserAttributesCommand({
        AccessToken: access,
        UserAttributes: [
          { Name: 'phone_number', Value: '+447700900123' },
          { Name: 'nickname', Value: 'Maggie' },
        ],
      }),
    );
    const sent = await idp.send(
      new GetUserAttributeVerificationCodeCommand({ AccessToken: access, AttributeName: 'phone_number' }),
    );
    expect(sent.CodeDeliveryDetails).toEqual({
      Destination: '+********0123',
      DeliveryMedium: 'SMS',
      AttributeName: 'phone_number',
    });
    await idp.send(
      new VerifyUserAttributeCommand({
        AccessToken: access,
        AttributeName: 'phone_number',
        Code: await latestCode(server.base, '+447700900123'),
      }),
    );
    await idp.send(
      new SetUserSettingsCommand({ AccessToken: access, MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] }),
    );
    const { SecretCode } = await idp.send(new AssociateSoftwareTokenCommand({ AccessToken: access }));
    const verified = await idp.send(
      new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: totp(base32Decode(SecretCode!), Date.now()) }),
    );
    expect(verified.Status).toBe('SUCCESS');
    await idp.send(
      new SetUserMFAPreferenceCommand({ AccessToken: access, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
    await idp.send(new DeleteUserAttributesCommand({ AccessToken: access, UserAttributeNames: ['nickname'] }));
    const me = await idp.send(new GetUserCommand({ AccessToken: access }));
    expect(me.UserMFASettingList).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    expect(me.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
    expect(me.MFAOptions).toEqual([{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }]);
    expect(me.UserAttributes).toContainEqual({ Name: 'phone_number_verified', Value: 'true' });
    expect(me.UserAttributes?.some((x) => x.Name === 'nickname')).toBe(false);

    // forgetting the device: the next sign-in is asked for the preferred factor
    await idp.send(new ForgetDeviceCommand({ AccessToken: access, DeviceKey }));
    const mfa = await srpSignIn(email, 'apollo guidance');
    expect(mfa.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    // passwords: change, forget, reset (the SRP verifier follows every change)
    await idp.send(
      new ChangePasswordCommand({ AccessToken: access, PreviousPassword: 'apollo guidance', ProposedPassword: 'lunar module' }),
    );
    await idp.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: email }));
    await idp.send(
      new ConfirmForgotPasswordCommand({
        ClientId: CLIENT_ID,
        Username: email,
        ConfirmationCode: await latestCode(server.base, email),
        Password: 'saturn five',
      }),
    );
    expect(await rejection(srpSignIn(email, 'lunar module'))).toMatchObject({ name: 'NotAuthorizedException' });
    const reset = await srpSignIn(email, 'saturn five');
    expect(reset.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    const fresh = await idp
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: 'other@example.com', PASSWORD: 'whatever123' },
        }),
      )
      .catch((e: Error) => e);
    expect(fresh).toMatchObject({ name: 'NotAuthorizedException' });

    await idp.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: 'temp@example.com', Password: 'temporary one' }));
    await idp.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'temp@example.com',
        ConfirmationCode: await latestCode(server.base, 'temp@example.com'),
      }),
    );
    const temp = (await srpSignIn('temp@example.com', 'temporary one')).AuthenticationResult!;
    await idp.send(new GlobalSignOutCommand({ AccessToken: temp.AccessToken }));
    expect(await rejection(idp.send(new GetUserCommand({ AccessToken: temp.AccessToken })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    const again = (await srpSignIn('temp@example.com', 'temporary one')).AuthenticationResult!;
    await idp.send(new DeleteUserCommand({ AccessToken: again.AccessToken }));
    expect(await rejection(srpSignIn('temp@example.com', 'temporary one'))).toMatchObject({ name: 'NotAuthorizedException' });

    expect([...identityActions].filter((action) => !seen.has(action))).toEqual([]);
    expect(identityActions).toHaveLength(24);
  });

  it('answers bad SRP input with the provider error shape, never a 5xx', async () => {
    const bad = await rejection(
      idp.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: 'x@example.com', SRP_A: 'zz' },
        }),
      ),
    );
    expect(bad).toEqual({ name: 'InvalidParameterException', message: 'SRP_A must be a hexadecimal number' });
    const zero = await rejection(
      idp.send(
        new RespondToAuthChallengeCommand({
          ChallengeName: 'PASSWORD_VERIFIER',
          ClientId: CLIENT_ID,
          Session: 'not-a-session',
          ChallengeResponses: {},
        }),
      ),
    );
    expect(zero).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
