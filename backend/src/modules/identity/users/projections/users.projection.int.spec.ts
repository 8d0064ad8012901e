import { Database } from '../../../../platform/database/database';
import {
  AnonymousIdLinked,
  CreatorAccessChanged,
  EmailCollected,
  OfferSeenRecorded,
  ProgramInfoSaved,
  UserProfileCreated,
  VipStatusChanged,
  type NewEvent,
} from '@sparkhouse/contracts';
import { EventStore } from '../../../../platform/events/event-store';
import { Rebuilder } from '../../../../platform/events/rebuilder';
import { SubscriptionProcessor } from '../../../../platform/events/subscription-processor';
import { createTestDatabase, projectionSpec, storedEvent, testConfig } from '../../../../test-support';
import { asRunnerHolds } from '../../../../test-support/subscribers';
import { usersProjection } from './users.projection';

describe('users projection', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let orm: Database;
  const projection = asRunnerHolds(usersProjection);

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await Database.connect(db.url);
  });
  afterAll(async () => {
    await orm?.close(true);
    await db?.drop();
  });

  const created = (userId: string) => ({
    userId,
    email: `${userId}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    isSocialSignIn: false,
    socialProvider: null,
    signUpDate: '2026-11-21T12:00:00.000Z',
  });
  const at = (userId: string, version: number, type: string, payload: unknown) => ({
    ...storedEvent(`user-${userId}`, type, payload),
    streamVersion: version,
  });

  it('given a profile and its changes: one row with VIP, creator access and offers; a redelivered old event changes nothing', async () => {
    const offer = {
      userId: 'p1',
      offerKey: 'spring',
      expirationDateSeen: '2026-12-01',
      lastSeenCurrentOffer: 1,
      recordedAt: '2026-11-21T12:00:00.000Z',
    };
    await projectionSpec(orm, projection)
      .given([
        at('p1', 1, ProgramInfoSaved.type, {
          userId: 'p1',
          slug: 's',
          programInfo: { a: 1 },
          savedAt: '2026-11-21T11:00:00.000Z',
        }),
        at('p1', 2, UserProfileCreated.type, created('p1')),
        at('p1', 3, VipStatusChanged.type, { userId: 'p1', product: 'sparkhouse', isVip: true }),
        at('p1', 4, CreatorAccessChanged.type, { userId: 'p1', hasNewDashboardAccess: true }),
        at('p1', 5, OfferSeenRecorded.type, offer),
        at('p1', 3, VipStatusChanged.type, { userId: 'p1', product: 'sparkhouse', isVip: false }),
      ])
      .expectReadModel(async (em) => {
        const [row] = await em.getConnection().execute('select * from user_profile where user_id = ?', ['p1']);
        expect(row).toMatchObject({
          email: 'p1@example.com',
          membership_status: 'inactive',
          vip_products: { sparkhouse: true },
          is_vip: true,
          is_creator: true,
          has_new_dashboard_access: true,
          offers_seen_info: { spring: { expirationDateSeen: '2026-12-01', lastSeenCurrentOffer: 1 } },
          version: 5,
        });
        const [info] = await em.getConnection().execute('select program_info from user_program_info where user_id = ?', ['p1']);
        expect(info.program_info).toEqual({ a: 1 });
      });
  });

  it('replays from position 0 into identical rows', async () => {
    const store = new EventStore();
    const append = (streamId: string, events: NewEvent[]) =>
      orm.em.fork().transactional((tem) => store.append(tem, streamId, events));
    await append('user-r1', [{ type: UserProfileCreated.type, payload: created('r1') }]);
    await append('user-r2', [{ type: UserProfileCreated.type, payload: created('r2') }]);
    await append('user-r1', [
      { type: VipStatusChanged.type, payload: { userId: 'r1', product: 'music', isVip: true } },
      {
        type: ProgramInfoSaved.type,
        payload: { userId: 'r1', slug: 'm', programInfo: { w: 2 }, savedAt: '2026-11-21T12:01:00.000Z' },
      },
    ]);
    await append('anonymous-anon_replay_0001', [
      {
        type: AnonymousIdLinked.type,
        payload: { anonymousId: 'anon_replay_0001', userId: 'r2', via: 'sign-in', storefrontSlug: null, appSlug: null },
      },
    ]);
    for (const tags of [['a'], ['b', 'a']]) {
      await append('email-lead@example.com', [
        {
          type: EmailCollected.type,
          payload: {
            email: 'lead@example.com',
            classInterestedIn: 'guitar',
            extraTags: tags,
            collectedAt: '2026-11-21T12:02:00.000Z',
          },
        },
      ]);
    }
    const snapshot = async () => {
      const conn = orm.em.fork().getConnection();
      return {
        profiles: await conn.execute("select * from user_profile where user_id like 'r%' order by user_id"),
        programs: await conn.execute("select * from user_program_info where user_id like 'r%' order by user_id, slug"),
        links: await conn.execute('select * from user_anonymous_link order by anonymous_id'),
        leads: await conn.execute('select * from email_lead order by email'),
      };
    };
    const rebuilder = new Rebuilder(testConfig(db.url), new SubscriptionProcessor(orm));
    await rebuilder.rebuild(projection);
    const live = await snapshot();
    expect((live.profiles as { user_id: string; version: number }[]).map((r) => [r.user_id, r.version])).toEqual([
      ['r1', 3],
      ['r2', 1],
    ]);
    expect(live.leads[0]).toMatchObject({ times_collected: 2, tags: ['a', 'b'] });
    expect(live.links).toHaveLength(1);

    await rebuilder.rebuild(projection);
    expect(await snapshot()).toEqual(live);
  });
});
