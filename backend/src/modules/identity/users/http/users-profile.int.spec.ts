import { createPublicKey } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Database } from '../../../../platform/database/database';
import jwt from 'jsonwebtoken';
import { AccessTokens } from '../../../../platform/auth/access-tokens';
import { createTestDatabase, eventually, startApi, testConfig } from '../../../../test-support';
import { CLIENT_ID, rawCall } from '../../provider/test/identity-test-kit';
import { usersApi } from '../test/users-api';

describe('users: profiles, roles and VIP (real API process)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let api: ReturnType<typeof usersApi>;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app, baseUrl: base } = await startApi(testConfig(db.url, { IDENTITY_USER_CHECKS_PER_ADDRESS: '10000' })));
    api = usersApi(app, base);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const events = (streamId: string) =>
    app.get(Database).em.fork().getConnection().execute('select type from domain_event where stream_id = ?', [streamId]);

  it('creates the profile from the form call (legacy), lower-cases the email, and answers the same profile again', async () => {
    const headers = await api.bearer('u-form');
    const form = { userId: 'u-form', firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.COM' };
    const first = await api.call('POST', '/createUser', { headers, form });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      userId: 'u-form',
      email: 'grace@example.com',
      firstName: 'Grace',
      membershipStatus: 'inactive',
      classesEnrolled: {},
      creatorInfo: null,
      isVip: false,
      stripeCustomerId: null,
      offersSeenInfo: {},
    });
    const again = await api.call('POST', '/createUser', { headers, form: { ...form, firstName: 'Other' } });
    expect(again.body).toEqual(first.body);
    expect(await events('user-u-form')).toEqual([{ type: 'UserProfileCreated' }]);
  });

  it('creates the profile from the JSON call (envelope) once under concurrent requests', async () => {
    const headers = await api.bearer('u-json', { email: 'ada@example.com' });
    const body = { ...api.profile('u-json', 'ada@example.com'), isSocialSignIn: true, socialProvider: 'Google' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => api.call('POST', '/users/createUser', { headers, json: body })));
    for (const a of answers)
      expect(a).toMatchObject({ status: 200, body: { status: 'success', response: { userId: 'u-json' } } });
    expect(new Set(answers.map((a) => a.body.response.signUpDate)).size).toBe(1);
    expect(await events('user-u-json')).toHaveLength(1);
  });

  it("refuses bad input with the spec's wording and creates nothing", async () => {
    const headers = await api.bearer('u-bad');
    const cases: [Record<string, string>, string][] = [
      [{ userId: 'u-bad', lastName: 'L', email: 'a@b.co' }, 'You must provide a first name.'],
      [
        { userId: 'u-bad', firstName: 'x'.repeat(21), lastName: 'L', email: 'a@b.co' },
        "First name can't be longer than 20 characters long",
      ],
      [{ userId: 'u-bad', firstName: 'F', lastName: '  ', email: 'a@b.co' }, 'You must provide a last name.'],
      [
        { userId: 'u-bad', firstName: 'F', lastName: 'y'.repeat(21), email: 'a@b.co' },
        "Last name can't be longer than 20 characters long",
      ],
      [{ userId: 'u-bad', firstName: 'F', lastName: 'L' }, 'You must provide an email.'],
      [
        { userId: 'u-bad', firstName: 'F', lastName: 'L', email: 'not an@email' },
        "This email address looks invalid. If we're wrong, please contact support.",
      ],
    ];
    for (const [form, message] of cases) {
      const res = await api.call('POST', '/createUser', { headers, form });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    }
    const json = await api.call('POST', '/users/createUser', { headers, json: { userId: 'u-bad', email: 'a@b' } });
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ status: 'error', code: 'VALIDATION_FAILED' });
    expect(json.body.error).toBe("This email address looks invalid. If we're wrong, please contact support. (and 2 more)");
    expect(json.body.details.map((d: { message: string }) => d.message)).toEqual([
      "This email address looks invalid. If we're wrong, please contact support.",
      'You must provide a first name.',
      'You must provide a last name.',
    ]);
    expect(await events('user-u-bad')).toEqual([]);
  });

  it("refuses a profile for someone else's id, without sign-in, or under an email another user holds", async () => {
    const headers = await api.bearer('u-mallory');
    const other = await api.call('POST', '/users/createUser', { headers, json: api.profile('u-victim') });
    expect(other.status).toBe(403);
    expect((await api.call('POST', '/users/createUser', { json: api.profile('u-mallory') })).status).toBe(401);
    const taken = await api.call('POST', '/users/createUser', { headers, json: api.profile('u-mallory', 'ada@example.com') });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(
      'There was a problem creating your account. Please try logging in if you already have an account.',
    );
    expect(await events('user-u-mallory')).toEqual([]);
  });

  it('answers checkUserExists from the read model', async () => {
    await eventually(async () => {
      const res = await api.call('GET', '/users/checkUserExists?email=ADA@example.com');
      return res.body.response.exists === true;
    });
    expect((await api.call('GET', '/users/checkUserExists?email=nobody@example.com')).body).toEqual({
      status: 'success',
      response: { exists: false },
    });
    const bad = await api.call('GET', '/users/checkUserExists?email=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("This email address looks invalid. If we're wrong, please contact support.");
  });

  it('answers checkUserExists true for a sign-up whose email was never confirmed (its owner logs in to confirm it)', async () => {
    const signUp = await rawCall(base, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'halfway@example.com',
      Password: 'a good password',
    });
    expect(signUp.status).toBe(200);
    expect((await api.call('GET', '/users/checkUserExists?email=halfway@example.com')).body.response).toEqual({ exists: true });
  });

  it('limits checkUserExists per client address (it tells whether an email has an account)', async () => {
    const limited = await startApi(testConfig(db.url, { IDENTITY_USER_CHECKS_PER_ADDRESS: '2', RUN_PROJECTIONS: 'false' }));
    try {
      const check = () => fetch(`${limited.baseUrl}/api/users/checkUserExists?email=someone@example.com`);
      expect((await check()).status).toBe(200);
      expect((await check()).status).toBe(200);
      const third = await check();
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ status: 'error', code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.app.close();
    }
  });

  it("shows a user their own info, others' info to admins only", async () => {
    const own = await api.call('GET', '/users/getBasicUserInfo', { headers: await api.bearer('u-json') });
    expect(own.body.response).toMatchObject({ userId: 'u-json', email: 'ada@example.com', firstName: 'Ada' });
    const peek = await api.call('GET', '/users/getBasicUserInfo?userId=u-json', { headers: await api.bearer('u-form') });
    expect(peek.status).toBe(403);
    const admin = await api.bearer('boss', { admin: true });
    expect((await api.call('GET', '/users/getBasicUserInfo?userId=u-json', { headers: admin })).body.response.userId).toBe(
      'u-json',
    );
    expect((await api.call('GET', '/users/getBasicUserInfo?userId=ghost', { headers: admin })).status).toBe(404);
    expect((await api.call('GET', '/users/getBasicUserInfo')).status).toBe(401);
  });

  it('makes a user a creator when an admin grants creator access without the new dashboard', async () => {
    await api.call('POST', '/users/createUser', { headers: await api.bearer('u-creator'), json: api.profile('u-creator') });
    const admin = await api.bearer('boss', { admin: true });
    const body = { userId: 'u-creator', hasNewDashboardAccess: false };
    expect((await api.call('POST', '/users/setCreatorAccess', { headers: admin, json: body })).body.response).toEqual(body);
    // creatorInfo without new-dashboard access is what sends a creator signing in on / to /dashboard/classes (spec 4)
    const info = await api.call('GET', '/users/getBasicUserInfo', { headers: await api.bearer('u-creator') });
    expect(info.body.response.creatorInfo).toEqual({ hasNewDashboardAccess: false });
    expect((await events('user-u-creator')).map((e: { type: string }) => e.type).sort()).toEqual([
      'CreatorAccessChanged',
      'UserProfileCreated',
    ]);
    // granting the same again changes nothing
    await api.call('POST', '/users/setCreatorAccess', { headers: admin, json: body });
    expect(await events('user-u-creator')).toHaveLength(2);
  });

  it('answers isAdmin and checkIsAdmin (legacy), false when not signed in or with a bad token', async () => {
    const admin = await api.bearer('boss', { admin: true });
    for (const path of ['/isAdmin', '/checkIsAdmin']) {
      expect((await api.call('GET', path, { headers: admin })).body).toEqual({ isAdmin: true });
      expect((await api.call('GET', path, { headers: await api.bearer('u-json') })).body).toEqual({ isAdmin: false });
      expect((await api.call('GET', path)).body).toEqual({ isAdmin: false });
      expect((await api.call('GET', path, { headers: { authorization: 'Bearer junk' } })).body).toEqual({ isAdmin: false });
    }
  });

  it('sets VIP per product: own flag, admins for others, others refused; unknown paths refused', async () => {
    const own = await api.bearer('u-form');
    const set = await api.call('POST', '/users/updateSparkhouseVipStatus', { headers: own, json: { isVip: true } });
    expect(set.body).toEqual({ status: 'success', response: { userId: 'u-form', product: 'sparkhouse', isVip: true } });
    const info = await api.call('GET', '/users/getBasicUserInfo', { headers: own });
    expect(info.body.response).toMatchObject({ isVip: true, vipProducts: { sparkhouse: true } });

    const forOther = await api.call('POST', '/users/updateSparkhouseVipStatus', {
      headers: own,
      json: { isVip: true, userId: 'u-json' },
    });
    expect(forOther.status).toBe(403);
    const admin = await api.bearer('boss', { admin: true });
    const byAdmin = await api.call('POST', '/users/updateMusicVipStatus', {
      headers: admin,
      json: { isVip: true, userId: 'u-json' },
    });
    expect(byAdmin.body.response).toEqual({ userId: 'u-json', product: 'music', isVip: true });
    expect(
      (await api.call('POST', '/users/updateMusicVipStatus', { headers: admin, json: { isVip: true, userId: 'ghost' } })).status,
    ).toBe(404);

    const badPath = await api.call('POST', '/users/makeMeVip', { headers: own, json: { isVip: true } });
    expect(badPath.status).toBe(400);
    expect(badPath.body.error).toBe('updateVipStatusPath must look like update{Product}VipStatus');
    const badBody = await api.call('POST', '/users/updateSparkhouseVipStatus', { headers: own, json: { isVip: 'yes' } });
    expect(badBody.body.error).toBe('isVip must be a boolean');
    // other POST /users/<name> calls are not swallowed by the VIP route
    expect((await api.call('POST', '/users/generateAppAuthToken', { headers: own })).status).toBe(200);
  });

  it('lets only admins change creator access, and shows it in creatorInfo (only creators have it)', async () => {
    const before = await api.call('GET', '/users/getBasicUserInfo', { headers: await api.bearer('u-form') });
    expect(before.body.response.creatorInfo).toBeNull();
    const body = { userId: 'u-form', hasNewDashboardAccess: true };
    expect((await api.call('POST', '/users/setCreatorAccess', { headers: await api.bearer('u-form'), json: body })).status).toBe(
      403,
    );
    const admin = await api.bearer('boss', { admin: true });
    expect((await api.call('POST', '/users/setCreatorAccess', { headers: admin, json: body })).body.response).toEqual(body);
    const info = await api.call('GET', '/users/getBasicUserInfo', { headers: await api.bearer('u-form') });
    expect(info.body.response.creatorInfo).toEqual({ hasNewDashboardAccess: true });
    // withdrawing the new dashboard leaves a creator a creator
    await api.call('POST', '/users/setCreatorAccess', { headers: admin, json: { ...body, hasNewDashboardAccess: false } });
    const withdrawn = await api.call('GET', '/users/getBasicUserInfo', { headers: await api.bearer('u-form') });
    expect(withdrawn.body.response.creatorInfo).toEqual({ hasNewDashboardAccess: false });
  });

  it('answers membership info for signed-in users', async () => {
    const res = await api.call('GET', '/users/getMembershipInfo', { headers: await api.bearer('u-form') });
    expect(res.body.response).toEqual({
      membershipStatus: 'inactive',
      hasActiveSubscription: false,
      hasActiveOrTrialSubscription: false,
      isVip: true,
      hasActiveClass: false,
      hasAnyClass: false,
    });
    expect((await api.call('GET', '/users/getMembershipInfo')).status).toBe(401);
  });

  it('checks emails with a suggestion and a score', async () => {
    const typo = await api.call('GET', '/users/checkEmail?email=ada@gmial.con');
    expect(typo.body.response).toMatchObject({ suggestion: 'ada@gmail.com' });
    expect((await api.call('GET', '/users/checkEmail?email=ada@gmail.com')).body.response).toEqual({
      suggestion: null,
      score: 1,
      reasons: [],
    });
    expect((await api.call('GET', '/users/checkEmail')).body.error).toBe('You must provide an email.');
  });

  it('issues a 15-minute app token the API itself refuses as an access token', async () => {
    const res = await api.call('POST', '/users/generateAppAuthToken', {
      headers: await api.bearer('u-form', { email: 'grace@example.com' }),
    });
    const { token, expiresAt } = res.body.response;
    const ttl = Date.parse(expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    const { keys } = await app.get(AccessTokens).jwks();
    const kid = (jwt.decode(token, { complete: true }) as { header: { kid: string } }).header.kid;
    const key = createPublicKey({ key: keys.find((k) => k.kid === kid) as never, format: 'jwk' });
    expect(jwt.verify(token, key, { audience: 'sparkhouse-apps' })).toMatchObject({ sub: 'u-form', token_use: 'app' });
    const asAccess = await api.call('GET', '/users/getMembershipInfo', { headers: { authorization: `Bearer ${token}` } });
    expect(asAccess.status).toBe(401);
    expect((await api.call('POST', '/users/generateAppAuthToken')).status).toBe(401);
  });
});
