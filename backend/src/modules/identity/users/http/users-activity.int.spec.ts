import type { NestExpressApplication } from '@nestjs/platform-express';
import { Database } from '../../../../platform/database/database';
import { createTestDatabase, eventually, startApi, testConfig } from '../../../../test-support';
import { Clock } from '../infra/clock';
import { usersApi } from '../test/users-api';

describe('users: offers seen, program info, leads and anonymous links (real API process)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestExpressApplication;
  let api: ReturnType<typeof usersApi>;
  let now = Date.UTC(2026, 10, 21, 12, 0, 0);

  beforeAll(async () => {
    db = await createTestDatabase();
    let base: string;
    ({ app, baseUrl: base } = await startApi(testConfig(db.url)));
    jest.spyOn(app.get(Clock), 'now').mockImplementation(() => new Date(now));
    api = usersApi(app, base);
    for (const sub of ['u-ann', 'u-bob']) {
      await api.call('POST', '/users/createUser', { headers: await api.bearer(sub), json: api.profile(sub) });
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const sql = (query: string, params: unknown[] = []) => app.get(Database).em.fork().getConnection().execute(query, params);
  const info = async (sub: string) =>
    (await api.call('GET', '/users/getBasicUserInfo', { headers: await api.bearer(sub) })).body.response;

  it('saves the last-seen offer at most once per 5 minutes per offer', async () => {
    const headers = await api.bearer('u-ann');
    const save = (offer_key: string, exp_date_seen: string) =>
      api.call('POST', '/saveLastSeenOfferInfo', { headers, json: { offer_key, exp_date_seen, offer_last_seen: now } });
    expect((await save('spring', '2026-12-01')).body).toEqual({ success: true, saved: true });
    const seenAt = now;
    now += 299_999;
    expect((await save('spring', '2027-01-01')).body).toEqual({ success: true, saved: false });
    expect((await save('holiday', '2026-12-24')).body).toEqual({ success: true, saved: true });
    expect((await info('u-ann')).offersSeenInfo).toEqual({
      spring: { expirationDateSeen: '2026-12-01', lastSeenCurrentOffer: seenAt },
      holiday: { expirationDateSeen: '2026-12-24', lastSeenCurrentOffer: now },
    });
    now += 1;
    expect((await save('spring', '2027-01-01')).body).toEqual({ success: true, saved: true });
    expect((await info('u-ann')).offersSeenInfo.spring).toEqual({ expirationDateSeen: '2027-01-01', lastSeenCurrentOffer: now });

    const bad = await api.call('POST', '/saveLastSeenOfferInfo', { headers, json: { offer_key: '', exp_date_seen: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('offer_key must be 1 to 100 letters, digits or _ . : - (and 1 more)');
    expect(
      (await api.call('POST', '/saveLastSeenOfferInfo', { json: { offer_key: 'a', exp_date_seen: 1, offer_last_seen: 1 } }))
        .status,
    ).toBe(401);
    const noProfile = await api.call('POST', '/saveLastSeenOfferInfo', {
      headers: await api.bearer('u-nobody'),
      json: { offer_key: 'a', exp_date_seen: 1, offer_last_seen: 1 },
    });
    expect(noProfile.status).toBe(404);
  });

  it('saves and reads program info per slug, refusing oversized or non-object input', async () => {
    const headers = await api.bearer('u-bob');
    const empty = await api.call('GET', '/getProgramInfoForUserAndSlug?slug=marathon', { headers });
    expect(empty.body).toEqual({ slug: 'marathon', program_info: null });
    const program_info = { week: 3, goals: ['run'] };
    expect(
      (await api.call('POST', '/saveProgramInfoForUserAndSlug', { headers, json: { slug: 'marathon', program_info } })).body,
    ).toEqual({
      success: true,
    });
    expect((await api.call('GET', '/getProgramInfoForUserAndSlug?slug=marathon', { headers })).body).toEqual({
      slug: 'marathon',
      program_info,
    });
    const huge = await api.call('POST', '/saveProgramInfoForUserAndSlug', {
      headers,
      json: { slug: 'marathon', program_info: { pad: 'x'.repeat(17_000) } },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('program_info must be at most 16 KB as JSON');
    const notObject = await api.call('POST', '/saveProgramInfoForUserAndSlug', {
      headers,
      json: { slug: 'marathon', program_info: [1] },
    });
    expect(notObject.body.message).toBe('program_info must be an object');
    await eventually(async () => {
      const rows = await sql('select program_info from user_program_info where user_id = ?', ['u-bob']);
      return rows.length === 1 && rows[0].program_info.week === 3;
    });
  });

  it('records confirmation requests and leads from form bodies', async () => {
    expect((await api.call('POST', '/confirmEmail', { form: { email: 'New@Example.com' } })).body).toEqual({ success: true });
    expect(await sql("select type from domain_event where stream_id = 'email-new@example.com'")).toEqual([
      { type: 'EmailConfirmationRequested' },
    ]);
    const bad = await api.call('POST', '/confirmEmail', { form: {} });
    expect(bad).toMatchObject({ status: 400, body: { message: 'You must provide an email.' } });

    await api.call('POST', '/collectEmail', {
      form: { email: 'lead@example.com', classInterestedIn: 'guitar', extraTags: 'home, spring' },
    });
    await api.call('POST', '/collectEmail', {
      json: { email: 'LEAD@example.com', classInterestedIn: 'piano', extraTags: ['spring'] },
    });
    const lead = await eventually(async () => {
      const [row] = await sql('select * from email_lead where email = ?', ['lead@example.com']);
      return row?.times_collected === 2 ? row : null;
    });
    expect(lead.classes_interested_in.sort()).toEqual(['guitar', 'piano']);
    expect(lead.tags.sort()).toEqual(['home', 'spring']);
  });

  it('links an anonymous id to a signed-in user once', async () => {
    const ann = await api.bearer('u-ann');
    const link = (headers: Record<string, string>, anonymousUserId: string) =>
      api.call('POST', '/users/linkAuthUserWithAnonymousUserId', { headers, json: { anonymousUserId } });
    const results = await Promise.all([link(ann, 'anon_signin_0001'), link(ann, 'anon_signin_0001')]);
    expect(results.map((r) => r.body.response).sort((a, b) => Number(b.dataLinked) - Number(a.dataLinked))).toEqual([
      { success: true, dataLinked: true },
      { success: true, dataLinked: false },
    ]);
    const stolen = await link(await api.bearer('u-bob'), 'anon_signin_0001');
    expect(stolen.body).toEqual({
      status: 'success',
      response: { success: false, dataLinked: false, error: 'This anonymous id is already linked to another account.' },
    });
    expect(await sql("select payload from domain_event where type = 'AnonymousIdLinked'")).toEqual([
      { payload: { anonymousId: 'anon_signin_0001', userId: 'u-ann', via: 'sign-in', storefrontSlug: null, appSlug: null } },
    ]);
    const bad = await link(ann, 'visitor-1');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("anonymousUserId must look like 'anon_<id>'");
    expect(
      (await api.call('POST', '/users/linkAuthUserWithAnonymousUserId', { json: { anonymousUserId: 'anon_signin_0002' } }))
        .status,
    ).toBe(401);
  });
});
