import type { NestExpressApplication } from '@nestjs/platform-express';
import { Database } from '../../../../platform/database/database';
import { createTestDatabase, eventually, startApi, testConfig } from '../../../../test-support';
import { medianGap, timed, UNIFORM_BOUND_MS } from '../../../../test-support/uniform-timing';
import { LINK_REFUSALS, LINK_SENT, LINKED_TO_ANOTHER_ACCOUNT } from '@sparkhouse/contracts';
import { Clock } from '../infra/clock';
import { usersApi } from '../test/users-api';

/**
 * "Email me my plan" (issue 26): the visitor's answers and plan are linked only when the address's
 * owner follows the emailed one-time link, signed in; the request answers every address alike.
 */
describe('users: emailed plan links (real API process)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let base: string;
  let api: ReturnType<typeof usersApi>;
  let now = Date.UTC(2026, 10, 29, 9, 0, 0);

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(
      testConfig(db.url, { IDENTITY_RESETS_PER_ACCOUNT: '100', IDENTITY_RESETS_PER_ADDRESS: '1000' }),
    ));
    jest.spyOn(app.get(Clock), 'now').mockImplementation(() => new Date(now));
    api = usersApi(app, base);
    for (const sub of ['u-owner', 'u-other']) {
      await api.call('POST', '/users/createUser', { headers: await api.bearer(sub), json: api.profile(sub) });
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const sql = (query: string, params: unknown[] = []) => app.get(Database).em.fork().getConnection().execute(query, params);
  const path = '/users/linkOnboardingWithEmail/jane-yoga/flow-app';
  const ask = (anonymousId: string, email: string, holder = anonymousId) =>
    api.call('POST', path, { headers: { 'x-non-auth-user-id': holder }, json: { email, nonAuthUserId: anonymousId } });
  const mailTo = async (to: string) =>
    ((await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { messages: { text: string }[] })
      .messages;
  /** The token of the newest link mailed to `to` (the fragment of the link in its text). */
  const newestToken = async (to: string) => {
    const [mail] = await mailTo(to);
    const url = /(http\S+\/apps\/jane-yoga\/flow-app\/onboarding\/link#(\S+))/.exec(mail?.text ?? '');
    if (!url) throw new Error(`no link mailed to ${to}`);
    return url[2];
  };
  const redeem = async (sub: string | null, token: string) =>
    api.call('POST', '/users/confirmOnboardingLink', { headers: sub ? await api.bearer(sub) : {}, json: { token } });
  const linksOf = (anonymousId: string) =>
    sql("select payload from domain_event where type = 'AnonymousIdLinked' and stream_id = ?", [`anonymous-${anonymousId}`]);

  it('answers a known and an unknown address alike; only the owner gets an email, and nothing is linked yet', async () => {
    const known = await ask('anon_plan_known_01', 'u-owner@example.com');
    const unknown = await ask('anon_plan_unknown_01', 'nobody@example.com');
    const expected = { status: 'success', response: { success: true, dataLinked: false, message: LINK_SENT } };
    expect({ status: known.status, body: known.body }).toEqual({ status: 200, body: expected });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: expected });

    expect(await mailTo('nobody@example.com')).toEqual([]);
    const [mail] = await mailTo('u-owner@example.com');
    expect(mail).toMatchObject({ subject: 'Keep your plan with your Sparkhouse account', code: null });
    expect(mail.text).toContain('http://localhost:3000/apps/jane-yoga/flow-app/onboarding/link#');
    // the token is kept only as a hash
    const token = await newestToken('u-owner@example.com');
    const [row] = await sql('select * from onboarding_link where anonymous_id = ?', ['anon_plan_known_01']);
    expect(row).toMatchObject({ user_id: 'u-owner', storefront_slug: 'jane-yoga', app_slug: 'flow-app', used_at: null });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(new Date(row.expires_at).getTime() - new Date(row.requested_at).getTime()).toBe(24 * 60 * 60 * 1000);

    expect(await linksOf('anon_plan_known_01')).toEqual([]);
    const requested = await sql(
      "select payload from domain_event where type = 'OnboardingLinkRequested' and payload->>'anonymousId' like 'anon_plan_%_01' order by position",
    );
    expect(requested.map((r: { payload: { userId: string | null } }) => r.payload.userId)).toEqual(['u-owner', null]);
  });

  it('sends nothing for an anonymous id the caller does not hold', async () => {
    const before = await sql("select count(*)::int as n from domain_event where type = 'OnboardingLinkRequested'");
    const stranger = await ask('anon_plan_victim_01', 'u-owner@example.com', 'anon_plan_thief_001');
    expect(stranger.status).toBe(403);
    const signedIn = await api.call('POST', path, {
      headers: await api.bearer('u-other'),
      json: { email: 'u-other@example.com', nonAuthUserId: 'anon_plan_victim_01' },
    });
    expect(signedIn.status).toBe(403);
    expect(await sql("select count(*)::int as n from domain_event where type = 'OnboardingLinkRequested'")).toEqual(before);
  });

  it('links only when the owner follows the link signed in; once, and never by anyone else', async () => {
    await ask('anon_plan_follow_01', 'u-owner@example.com');
    const token = await newestToken('u-owner@example.com');

    expect((await redeem(null, token)).status).toBe(401);
    const other = await redeem('u-other', token);
    expect(other).toMatchObject({ status: 403, body: { status: 'error', error: LINK_REFUSALS.otherAccount } });
    expect(await linksOf('anon_plan_follow_01')).toEqual([]);

    const followed = await redeem('u-owner', token);
    expect(followed.body).toEqual({
      status: 'success',
      response: { success: true, dataLinked: true, storefrontSlug: 'jane-yoga', appSlug: 'flow-app' },
    });
    expect(await linksOf('anon_plan_follow_01')).toEqual([
      {
        payload: {
          anonymousId: 'anon_plan_follow_01',
          userId: 'u-owner',
          via: 'onboarding-email',
          storefrontSlug: 'jane-yoga',
          appSlug: 'flow-app',
        },
      },
    ]);
    const link = await eventually(
      async () => (await sql('select * from user_anonymous_link where anonymous_id = ?', ['anon_plan_follow_01']))[0],
    );
    expect(link).toMatchObject({ user_id: 'u-owner', via: 'onboarding-email' });

    const again = await redeem('u-owner', token);
    expect(again).toMatchObject({ status: 410, body: { code: 'LINK_USED', error: LINK_REFUSALS.used } });
    expect(await sql("select count(*)::int as n from domain_event where type = 'OnboardingLinkRedeemed'")).toEqual([{ n: 1 }]);
  });

  it('refuses a tampered or malformed link, linking nothing', async () => {
    await ask('anon_plan_tamper_01', 'u-owner@example.com');
    const token = await newestToken('u-owner@example.com');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await redeem('u-owner', tampered)).toMatchObject({
      status: 400,
      body: { code: 'LINK_INVALID', error: LINK_REFUSALS.invalid },
    });
    expect(await redeem('u-owner', 'not-a-token')).toMatchObject({
      status: 400,
      body: { error: 'token is not a valid plan link' },
    });
    expect(await linksOf('anon_plan_tamper_01')).toEqual([]);
    expect((await redeem('u-owner', token)).body.response.dataLinked).toBe(true);
  });

  it('refuses a link after 24 hours, linking nothing', async () => {
    await ask('anon_plan_late_0001', 'u-owner@example.com');
    const token = await newestToken('u-owner@example.com');
    now += 24 * 60 * 60 * 1000;
    try {
      expect(await redeem('u-owner', token)).toMatchObject({
        status: 410,
        body: { code: 'LINK_EXPIRED', error: LINK_REFUSALS.expired },
      });
    } finally {
      now -= 24 * 60 * 60 * 1000;
    }
    expect(await linksOf('anon_plan_late_0001')).toEqual([]);
    const [row] = await sql('select used_at from onboarding_link where anonymous_id = ?', ['anon_plan_late_0001']);
    expect(row.used_at).toBeNull();
  });

  it('links once when the link is followed twice at the same moment', async () => {
    await ask('anon_plan_twice_001', 'u-owner@example.com');
    const token = await newestToken('u-owner@example.com');
    const answers = await Promise.all([redeem('u-owner', token), redeem('u-owner', token), redeem('u-owner', token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
    expect(await linksOf('anon_plan_twice_001')).toHaveLength(1);
  });

  it('says so when the answers were kept with another account meanwhile (its holder signed in), and spends the link', async () => {
    await ask('anon_plan_taken_001', 'u-owner@example.com');
    const token = await newestToken('u-owner@example.com');
    const signedIn = await api.call('POST', '/users/linkAuthUserWithAnonymousUserId', {
      headers: await api.bearer('u-other'),
      json: { anonymousUserId: 'anon_plan_taken_001' },
    });
    expect(signedIn.body.response).toEqual({ success: true, dataLinked: true });
    expect((await redeem('u-owner', token)).body.response).toEqual({
      success: false,
      dataLinked: false,
      error: LINKED_TO_ANOTHER_ACCOUNT,
      storefrontSlug: 'jane-yoga',
      appSlug: 'flow-app',
    });
    expect((await linksOf('anon_plan_taken_001')).map((r: { payload: { userId: string } }) => r.payload.userId)).toEqual([
      'u-other',
    ]);
    expect((await redeem('u-owner', token)).status).toBe(410);
  });

  it('limits requests per email, known or not, before looking anything up', async () => {
    const limited = await startApi(testConfig(db.url, { IDENTITY_RESETS_PER_ACCOUNT: '3', RUN_PROJECTIONS: 'false' }));
    try {
      const statuses = async (email: string) => {
        const out: number[] = [];
        for (let i = 0; i < 4; i++) {
          const anonymousId = `anon_plan_limit_${email.length}_${i}`;
          const res = await fetch(`${limited.baseUrl}/api${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-non-auth-user-id': anonymousId },
            body: JSON.stringify({ email, nonAuthUserId: anonymousId }),
          });
          out.push(res.status);
        }
        return out;
      };
      // three a window (IDENTITY_RESETS_PER_ACCOUNT), the fourth refused, alike for both
      expect(await statuses('u-other@example.com')).toEqual([200, 200, 200, 429]);
      expect(await statuses('stranger@example.com')).toEqual([200, 200, 200, 429]);
      expect(await mailTo('u-other@example.com')).toHaveLength(3);
    } finally {
      await limited.app.close();
    }
  });
});

describe('users: emailed plan links answer in the same time for known and unknown addresses', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(
      testConfig(db.url, {
        IDENTITY_RESETS_PER_ACCOUNT: '1000',
        IDENTITY_RESETS_PER_ADDRESS: '1000',
        // the provider's floor for calls that read a username, reused here (identity-enumeration.int.spec.ts)
        IDENTITY_UNIFORM_ANSWER_MS: '800',
      }),
    ));
    const api = usersApi(app, base);
    await api.call('POST', '/users/createUser', { headers: await api.bearer('u-known'), json: api.profile('u-known') });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('known and unknown addresses: medians within 5 ms', async () => {
    const time = async (email: string, i: number) => {
      const anonymousId = `anon_timing_${email.length}_${i}_${Math.random().toString(36).slice(2, 10)}`;
      const { ms, value } = await timed(() =>
        fetch(`${base}/api/users/linkOnboardingWithEmail/jane-yoga/flow-app`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-non-auth-user-id': anonymousId },
          body: JSON.stringify({ email, nonAuthUserId: anonymousId }),
        }),
      );
      expect(value.status).toBe(200);
      return ms;
    };
    const { best, gaps } = await medianGap(
      (i) => time('u-known@example.com', i),
      (i) => time(`unknown-${i}@example.com`, i),
    );
    expect({ withinBound: best <= UNIFORM_BOUND_MS, gaps }).toEqual({ withinBound: true, gaps });
  }, 300_000);
});
