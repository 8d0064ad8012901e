import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import { base32Decode, totp } from '../domain/totp';
import { createTestDatabase, startApi, testConfig } from '../../../../test-support';
import { CLIENT_ID, latestCode, outbox } from '../test/identity-test-kit';

/** amazon-cognito-identity-js (what Amplify's auth uses), unmodified, pointed at the built-in provider. */

type Outcome =
  | { kind: 'success'; session: CognitoUserSession; confirmationNecessary?: boolean }
  | { kind: 'totpRequired' | 'mfaRequired' | 'selectMFAType' | 'mfaSetup' | 'customChallenge'; params: Record<string, string> }
  | { kind: 'associateSecretCode'; secret: string };

function step(run: (callbacks: never) => void): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const params = (kind: string) => (_name: unknown, p?: unknown) =>
      resolve({ kind, params: (typeof _name === 'object' ? _name : p) ?? {} } as Outcome);
    run({
      onSuccess: (session: CognitoUserSession, confirmationNecessary?: boolean) =>
        resolve({ kind: 'success', session, confirmationNecessary }),
      onFailure: reject,
      totpRequired: params('totpRequired'),
      mfaRequired: params('mfaRequired'),
      selectMFAType: params('selectMFAType'),
      mfaSetup: params('mfaSetup'),
      customChallenge: (p: Record<string, string>) => resolve({ kind: 'customChallenge', params: p }),
      newPasswordRequired: () => reject(new Error('unexpected newPasswordRequired')),
      associateSecretCode: (secret: string) => resolve({ kind: 'associateSecretCode', secret }),
    } as never);
  });
}

const call = <T>(run: (cb: (err: Error | undefined | null, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((err, result) => (err ? reject(err) : resolve(result as T))));

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: { code?: string; name?: string; message: string }) => ({ code: e.code ?? e.name, message: e.message }),
  );

/** A browser's localStorage, one per simulated device. */
class DeviceStorage implements ICognitoStorage {
  private data = new Map<string, string>();
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

describe('the identity provider with amazon-cognito-identity-js (Amplify) unchanged', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: NestExpressApplication[] = [];
  let base: string;
  let required: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const a = await startApi(testConfig(db.url));
    const b = await startApi(testConfig(db.url, { IDENTITY_MFA: 'required', RUN_PROJECTIONS: 'false' }));
    apps.push(a.app, b.app);
    base = a.baseUrl;
    required = b.baseUrl;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  const pool = (storage = new DeviceStorage(), endpoint = base) =>
    new CognitoUserPool({
      UserPoolId: 'us-east-2_sparkhouse',
      ClientId: CLIENT_ID,
      endpoint: `${endpoint}/api/identity/`,
      Storage: storage,
    });
  const user = (email: string, p: CognitoUserPool, storage?: ICognitoStorage) =>
    new CognitoUser({ Username: email, Pool: p, Storage: storage });
  const details = (email: string, password: string) => new AuthenticationDetails({ Username: email, Password: password });

  async function signUpConfirmed(email: string, password: string, p = pool()) {
    await call((cb) => p.signUp(email, password, [{ Name: 'given_name', Value: 'Ada' }] as never, [], cb as never));
    const code = await latestCode(base, email);
    await call((cb) => user(email, p).confirmRegistration(code, true, cb));
  }

  async function signIn(email: string, password: string, storage = new DeviceStorage(), endpoint = base) {
    const p = pool(storage, endpoint);
    const u = user(email, p, storage);
    return { u, outcome: await step((cb) => u.authenticateUser(details(email, password), cb)) };
  }

  it('signs up, confirms and signs in with SRP (USER_SRP_AUTH), reads the user; a wrong password or unknown user is refused alike', async () => {
    await signUpConfirmed('ada@example.com', 'analytical engine');
    const { u, outcome } = await signIn('ada@example.com', 'analytical engine');
    expect(outcome.kind).toBe('success');
    const session = (outcome as { session: CognitoUserSession }).session;
    expect(session.isValid()).toBe(true);
    expect(session.getIdToken().payload.email).toBe('ada@example.com');
    const attributes = await call<{ Name: string; Value: string }[]>((cb) => u.getUserAttributes(cb as never));
    expect(attributes.map((a) => [a.Name, a.Value])).toContainEqual(['given_name', 'Ada']);

    const wrong = await failure(signIn('ada@example.com', 'analytical engine!'));
    const unknown = await failure(signIn('nobody@example.com', 'analytical engine'));
    expect(wrong).toEqual({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown).toEqual(wrong);
  });

  it('remembers a device: later sign-ins prove it by device SRP and skip MFA; a forgotten device is dropped by the client, which signs in again', async () => {
    await signUpConfirmed('grace@example.com', 'compiler writer');
    const laptop = new DeviceStorage();
    const first = await signIn('grace@example.com', 'compiler writer', laptop);
    expect(first.outcome).toMatchObject({ kind: 'success', confirmationNecessary: true });
    await call((cb) => first.u.setDeviceStatusRemembered({ onSuccess: (r: unknown) => cb(null, r), onFailure: cb } as never));
    const listed = await call<{ Devices: { DeviceKey: string; DeviceAttributes: { Name: string; Value: string }[] }[] }>((cb) =>
      first.u.listDevices(10, null, { onSuccess: (r: unknown) => cb(null, r as never), onFailure: cb } as never),
    );
    expect(listed.Devices).toHaveLength(1);
    const deviceKey = listed.Devices[0].DeviceKey;
    expect(listed.Devices[0].DeviceAttributes).toContainEqual({ Name: 'dev:device_remembered_status', Value: 'remembered' });

    // TOTP on: a remembered device is not asked for it
    const secret = await step((cb) => first.u.associateSoftwareToken(cb));
    const code = totp(base32Decode((secret as { secret: string }).secret), Date.now());
    await step((cb) => first.u.verifySoftwareToken(code, 'My phone', cb));
    await call((cb) => first.u.setUserMfaPreference(null, { Enabled: true, PreferredMfa: true }, cb as never));

    const again = await signIn('grace@example.com', 'compiler writer', laptop);
    expect(again.outcome.kind).toBe('success');
    const token = (again.outcome as { session: CognitoUserSession }).session.getAccessToken();
    expect(token.payload.device_key).toBe(deviceKey);
    const got = await call<{ Device: { DeviceKey: string } }>((cb) =>
      again.u.getDevice({ onSuccess: (r: unknown) => cb(null, r as never), onFailure: cb } as never),
    );
    expect(got.Device.DeviceKey).toBe(deviceKey);

    // another browser (no device) is asked for the code
    const phone = await signIn('grace@example.com', 'compiler writer');
    expect(phone.outcome.kind).toBe('totpRequired');

    // forgotten from elsewhere: the laptop's key now answers ResourceNotFoundException; the client drops it and retries
    await call((cb) =>
      again.u.forgetSpecificDevice(deviceKey, { onSuccess: (r: unknown) => cb(null, r), onFailure: cb } as never),
    );
    const afterForget = await signIn('grace@example.com', 'compiler writer', laptop);
    expect(afterForget.outcome.kind).toBe('totpRequired');
    const done = await step((cb) =>
      afterForget.u.sendMFACode(
        totp(base32Decode((secret as { secret: string }).secret), Date.now() + 30_000),
        cb,
        'SOFTWARE_TOKEN_MFA',
      ),
    );
    expect(done.kind).toBe('success');
  });

  it('sets up TOTP while signing in when the pool requires MFA (MFA_SETUP)', async () => {
    await signUpConfirmed('linus@example.com', 'kernel hacker');
    const { u, outcome } = await signIn('linus@example.com', 'kernel hacker', new DeviceStorage(), required);
    expect(outcome).toMatchObject({ kind: 'mfaSetup', params: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    const associated = await step((cb) => u.associateSoftwareToken(cb));
    expect(associated.kind).toBe('associateSecretCode');
    const secret = (associated as { secret: string }).secret;
    const wrong = await failure(step((cb) => u.verifySoftwareToken('000000', 'My phone', cb)));
    expect(wrong.code).toBe('EnableSoftwareTokenMFAException');
    const done = await step((cb) => u.verifySoftwareToken(totp(base32Decode(secret), Date.now()), '', cb));
    expect(done.kind).toBe('success');
    // from now on it is asked for
    const next = await signIn('linus@example.com', 'kernel hacker', new DeviceStorage(), required);
    expect(next.outcome.kind).toBe('totpRequired');
  });

  it('lets the user choose between SMS and TOTP (SELECT_MFA_TYPE); the SMS code comes through the outbox', async () => {
    await signUpConfirmed('hedy@example.com', 'frequency hopping');
    const { u } = await signIn('hedy@example.com', 'frequency hopping');
    await call((cb) => u.updateAttributes([{ Name: 'phone_number', Value: '+15551234567' }] as never, cb as never));
    const phoneCode = await latestCode(base, '+15551234567');
    await call((cb) => u.verifyAttribute('phone_number', phoneCode, { onSuccess: (r: string) => cb(null, r), onFailure: cb }));
    const secret = await step((cb) => u.associateSoftwareToken(cb));
    await step((cb) => u.verifySoftwareToken(totp(base32Decode((secret as { secret: string }).secret), Date.now()), 'Phone', cb));
    await call((cb) =>
      u.setUserMfaPreference({ Enabled: true, PreferredMfa: false }, { Enabled: true, PreferredMfa: false }, cb as never),
    );

    const next = await signIn('hedy@example.com', 'frequency hopping');
    expect(next.outcome).toMatchObject({
      kind: 'selectMFAType',
      params: { MFAS_CAN_CHOOSE: '["SMS_MFA","SOFTWARE_TOKEN_MFA"]' },
    });
    const sms = await step((cb) => next.u.sendMFASelectionAnswer('SMS_MFA', cb));
    expect(sms).toMatchObject({
      kind: 'mfaRequired',
      params: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: '+*******4567' },
    });
    const [text] = await outbox(base, '+15551234567');
    expect(text.subject).toBe('Sparkhouse sign-in code');
    const bad = await failure(step((cb) => next.u.sendMFACode('000000', cb)));
    expect(bad.code).toBe('CodeMismatchException');
    const done = await step((cb) => next.u.sendMFACode(text.code!, cb));
    expect(done.kind).toBe('success');
  });

  it('answers a custom challenge (CUSTOM_AUTH): an emailed one-time code, alone or after the password', async () => {
    await signUpConfirmed('katherine@example.com', 'orbital mechanics');
    const p = pool();
    const u = user('katherine@example.com', p);
    u.setAuthenticationFlowType('CUSTOM_AUTH');
    const challenge = await step((cb) => u.initiateAuth(new AuthenticationDetails({ Username: 'katherine@example.com' }), cb));
    expect(challenge).toMatchObject({ kind: 'customChallenge', params: { DELIVERY_MEDIUM: 'EMAIL', DESTINATION: 'k***@e***' } });
    const wrong = await step((cb) => u.sendCustomChallengeAnswer('000000', cb));
    expect(wrong.kind).toBe('customChallenge');
    const code = await latestCode(base, 'katherine@example.com');
    const done = await step((cb) => u.sendCustomChallengeAnswer(code, cb));
    expect(done.kind).toBe('success');

    // CUSTOM_AUTH with SRP first (the client library sends SRP_A): the password, then the code
    const v = user('katherine@example.com', pool());
    v.setAuthenticationFlowType('CUSTOM_AUTH');
    const afterPassword = await step((cb) => v.authenticateUser(details('katherine@example.com', 'orbital mechanics'), cb));
    expect(afterPassword.kind).toBe('customChallenge');
    const emailed = await latestCode(base, 'katherine@example.com');
    const second = await step((cb) => v.sendCustomChallengeAnswer(emailed, cb));
    expect(second.kind).toBe('success');
    // a wrong password never reaches the code
    const w = user('katherine@example.com', pool());
    w.setAuthenticationFlowType('CUSTOM_AUTH');
    const refused = await failure(step((cb) => w.authenticateUser(details('katherine@example.com', 'orbital mechanic'), cb)));
    expect(refused.code).toBe('NotAuthorizedException');
  });
});
