import {
  CreatorAccessChanged,
  OfferSeenRecorded,
  ProgramInfoSaved,
  UserProfileCreated,
  VipStatusChanged,
} from '@sparkhouse/contracts';
import {
  foldUserStream,
  lastOfferSeenAt,
  OFFER_SEEN_THROTTLE_MS,
  offerSeenSaveDue,
  productOfVipPath,
  programInfoIn,
  toUserView,
  type UserStreamEvent,
} from './user-profile';

const stream = (...events: [string, unknown][]): UserStreamEvent[] =>
  events.map(([type, payload], i) => ({ type, payload, streamVersion: i + 1 }));
const created = {
  userId: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isSocialSignIn: false,
  socialProvider: null,
  signUpDate: '2026-11-21T12:00:00.000Z',
};
const seen = (offerKey: string, recordedAt: string) => ({
  userId: 'u1',
  offerKey,
  expirationDateSeen: '2026-12-01',
  lastSeenCurrentOffer: 5,
  recordedAt,
});

describe('user profile rules', () => {
  it('given no UserProfileCreated: no profile, whatever else was saved', () => {
    expect(
      foldUserStream(stream([ProgramInfoSaved.type, { userId: 'u1', slug: 's', programInfo: {}, savedAt: 'x' }])),
    ).toBeNull();
  });

  it('given a created profile: the User of spec 3 with its defaults', () => {
    const view = toUserView(foldUserStream(stream([UserProfileCreated.type, created]))!);
    expect(view).toEqual({
      userId: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: null,
      signUpDate: '2026-11-21T12:00:00.000Z',
      miniBio: null,
      membershipStatus: 'inactive',
      profilePhoto: null,
      classesEnrolled: {},
      currentSessionSlug: null,
      // not a creator: no creatorInfo (the after-sign-in rules would send them to a creator's page)
      creatorInfo: null,
      isVip: false,
      vipProducts: {},
      isSpecial: false,
      stripeCustomerId: null,
      offersSeenInfo: {},
    });
  });

  it('folds VIP flags, creator access and offers; a second create changes nothing', () => {
    const s = foldUserStream(
      stream(
        [UserProfileCreated.type, created],
        [VipStatusChanged.type, { userId: 'u1', product: 'music', isVip: true }],
        [VipStatusChanged.type, { userId: 'u1', product: 'sparkhouse', isVip: false }],
        [CreatorAccessChanged.type, { userId: 'u1', hasNewDashboardAccess: true }],
        [OfferSeenRecorded.type, seen('spring', '2026-11-21T12:00:00.000Z')],
        [UserProfileCreated.type, { ...created, firstName: 'Other' }],
      ),
    )!;
    expect(s.version).toBe(6);
    expect(toUserView(s)).toMatchObject({
      firstName: 'Ada',
      isVip: true,
      vipProducts: { music: true, sparkhouse: false },
      creatorInfo: { hasNewDashboardAccess: true },
      offersSeenInfo: { spring: { expirationDateSeen: '2026-12-01', lastSeenCurrentOffer: 5 } },
    });
  });

  it('throttles last-seen-offer saves to one per 5 minutes per offer', () => {
    expect(OFFER_SEEN_THROTTLE_MS).toBe(300_000);
    const events = stream([OfferSeenRecorded.type, seen('spring', '2026-11-21T12:00:00.000Z')]);
    const last = lastOfferSeenAt(events, 'spring');
    expect(last).toBe(Date.parse('2026-11-21T12:00:00.000Z'));
    expect(lastOfferSeenAt(events, 'holiday')).toBeNull();
    expect(offerSeenSaveDue(null, 0)).toBe(true);
    expect(offerSeenSaveDue(last, last! + 299_999)).toBe(false);
    expect(offerSeenSaveDue(last, last! + 300_000)).toBe(true);
  });

  it('finds the latest program info of a slug', () => {
    const events = stream(
      [ProgramInfoSaved.type, { userId: 'u1', slug: 'a', programInfo: { v: 1 }, savedAt: 'x' }],
      [ProgramInfoSaved.type, { userId: 'u1', slug: 'b', programInfo: { v: 9 }, savedAt: 'x' }],
      [ProgramInfoSaved.type, { userId: 'u1', slug: 'a', programInfo: { v: 2 }, savedAt: 'x' }],
    );
    expect(programInfoIn(events, 'a')).toEqual({ v: 2 });
    expect(programInfoIn(events, 'c')).toBeNull();
  });

  it('reads the product of /users/update{product}VipStatus', () => {
    expect(productOfVipPath('updateSparkhouseVipStatus')).toBe('sparkhouse');
    expect(productOfVipPath('updateVipStatus')).toBeNull();
    expect(productOfVipPath('createUser')).toBeNull();
  });
});
