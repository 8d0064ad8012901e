import { srpClientEphemeral, srpClientSessionKey, srpSignature, srpTimestamp } from '@sparkhouse/contracts';
import { useTestApi } from '../../../../test-support';
import { medianGap, timed, UNIFORM_BOUND_MS } from '../../../../test-support/uniform-timing';
import { signUpConfirmed } from '../test/identity-flows';
import { CLIENT_ID, outbox, rawCall } from '../test/identity-test-kit';

/**
 * No account enumeration (OWASP ASVS 5.0): an unknown username gets the same status, shape and —
 * measured here — time as a known one. The provider does the same work for both (same lookups, the
 * same SRP arithmetic, one event appended in one transaction) and answers those calls no sooner than
 * IDENTITY_UNIFORM_ANSWER_MS, so the medians agree even on a busy machine; the 5 ms bound is the issue's.
 */
const BOUND_MS = UNIFORM_BOUND_MS;

describe('no account enumeration', () => {
  const server = useTestApi({
    // the limits would (rightly) stop 60 attempts from one address; here the timing is measured
    IDENTITY_SIGNIN_FAILURES_PER_ACCOUNT: '1000',
    IDENTITY_SIGNIN_FAILURES_PER_ADDRESS: '1000',
    IDENTITY_RESETS_PER_ACCOUNT: '1000',
    IDENTITY_RESETS_PER_ADDRESS: '1000',
    // above what these calls take on a busy 2-core machine, so the floor, not the load, sets the time
    IDENTITY_UNIFORM_ANSWER_MS: '800',
  });

  beforeAll(async () => {
    await signUpConfirmed(server.base, 'known@example.com', 'the right password');
  });

  it('ForgotPassword answers an unknown email exactly as a known one, sends nothing, in comparable time', async () => {
    // an SMTP-less outbox: the known path writes a row and a code, the unknown one does not
    const forgot = (username: string) => rawCall(server.base, 'ForgotPassword', { ClientId: CLIENT_ID, Username: username });
    const k = await forgot('known@example.com');
    const u = await forgot('unknown@example.com');
    expect(u.status).toBe(k.status);
    expect(u.body).toEqual({
      CodeDeliveryDetails: { Destination: 'u***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(Object.keys(u.body)).toEqual(Object.keys(k.body));
    expect(k.body).toEqual({
      CodeDeliveryDetails: { Destination: 'k***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });

    const time = async (username: string) => {
      const { ms, value } = await timed(() => forgot(username));
      expect(value.status).toBe(200);
      return ms;
    };
    const { best, gaps } = await medianGap(
      () => time('known@example.com'),
      (i) => time(`unknown-${i}@example.com`),
    );
    expect({ withinBound: best <= BOUND_MS, gaps }).toEqual({ withinBound: true, gaps });
    expect(await outbox(server.base, 'unknown@example.com')).toEqual([]);
    expect(await outbox(server.base, 'unknown-7@example.com')).toEqual([]);
  }, 300_000);

  it('SRP sign-in with a wrong password and with an unknown user fail alike, in comparable time', async () => {
    async function srpAttempt(username: string, password: string) {
      const { a, A } = srpClientEphemeral();
      const first = await timed(() =>
        rawCall(server.base, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
        }),
      );
      const body = first.value.body as unknown as { Session: string; ChallengeParameters: Record<string, string> };
      const p = body.ChallengeParameters;
      expect(Object.keys(p).sort()).toEqual(['SALT', 'SECRET_BLOCK', 'SRP_B', 'USERNAME', 'USER_ID_FOR_SRP']);
      const key = await srpClientSessionKey({
        poolName: 'sparkhouse',
        username: p.USER_ID_FOR_SRP,
        password,
        saltHex: p.SALT,
        a,
        A,
        B: BigInt(`0x${p.SRP_B}`),
      });
      const timestamp = srpTimestamp(new Date());
      const signature = await srpSignature(key, 'sparkhouse', p.USER_ID_FOR_SRP, p.SECRET_BLOCK, timestamp);
      const second = await timed(() =>
        rawCall(server.base, 'RespondToAuthChallenge', {
          ChallengeName: 'PASSWORD_VERIFIER',
          ClientId: CLIENT_ID,
          Session: body.Session,
          ChallengeResponses: {
            USERNAME: p.USER_ID_FOR_SRP,
            PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK,
            TIMESTAMP: timestamp,
            PASSWORD_CLAIM_SIGNATURE: signature,
          },
        }),
      );
      expect(second.value).toMatchObject({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      });
      return { ms: first.ms + second.ms, salt: p.SALT, userId: p.USER_ID_FOR_SRP };
    }

    // an unknown user's stand-in is stable, as a real account's salt and id are
    const once = await srpAttempt('nobody@example.com', 'whatever it is');
    const twice = await srpAttempt('nobody@example.com', 'whatever it is');
    expect(twice.salt).toBe(once.salt);
    expect(twice.userId).toBe(once.userId);

    const { best, gaps } = await medianGap(
      async () => (await srpAttempt('known@example.com', 'the wrong password')).ms,
      async (i) => (await srpAttempt(`nobody-${i}@example.com`, 'the wrong password')).ms,
    );
    expect({ withinBound: best <= BOUND_MS, gaps }).toEqual({ withinBound: true, gaps });
  }, 300_000);

  it('USER_PASSWORD_AUTH with a wrong password and with an unknown user fail alike, in comparable time', async () => {
    const attempt = async (username: string) => {
      const { ms, value } = await timed(() =>
        rawCall(server.base, 'InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: CLIENT_ID,
          AuthParameters: { USERNAME: username, PASSWORD: 'the wrong password' },
        }),
      );
      expect(value).toMatchObject({
        status: 400,
        body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
      });
      return ms;
    };
    const { best, gaps } = await medianGap(
      () => attempt('known@example.com'),
      (i) => attempt(`stranger-${i}@example.com`),
    );
    expect({ withinBound: best <= BOUND_MS, gaps }).toEqual({ withinBound: true, gaps });
  }, 300_000);
});
